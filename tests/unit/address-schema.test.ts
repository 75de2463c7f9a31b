// The add-address form has one schema for the browser (Conform, with JavaScript) and the server (without):
// both must give the same answer for the same fields, whatever is left empty.
import { describe, expect, it } from "vitest";
import { validateForm } from "#app/lib/forms.ts";
import { addressSchema } from "#app/modules/identity/shared/address-schema.ts";
import { TEST_ADDRESS } from "../helpers/address.ts";

const FILLED = { ...TEST_ADDRESS, email: "Asha@Example.com" };

/** The form as the browser sends it: every field, empty ones as "". */
function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The field errors with JavaScript (Conform in the browser) and without (the server's parse of the post). */
function answers(fields: Record<string, string>) {
  // As the add-address page validates before posting (useReplyForm with asSent).
  const browser = validateForm(formData(fields), addressSchema, true).reply();
  const server = addressSchema.safeParse(Object.fromEntries(formData(fields)));
  const serverErrors = server.success ? undefined : server.error.flatten().fieldErrors;
  return { browser: browser.error ?? undefined, server: serverErrors };
}

describe("addressSchema, with JavaScript and without", () => {
  it("saves an address whose optional fields (last name, email, state) are left empty, both ways", () => {
    const fields = { ...FILLED, lastName: "", email: "", state: "" };
    expect(answers(fields)).toEqual({ browser: undefined, server: undefined });
    expect(addressSchema.parse(Object.fromEntries(formData(fields)))).toMatchObject({
      lastName: "",
      email: "",
      state: "",
    });
  });

  it("refuses the same required fields with the same messages, both ways", () => {
    const fields = { ...FILLED, street: "", phone: "not a phone", email: "not an email" };
    const { browser, server } = answers(fields);
    expect(browser).toEqual({
      street: ["Please enter the street."],
      phone: ["Please enter a valid phone number."],
      email: ["Please enter a valid email address."],
    });
    expect(server).toEqual(browser);
  });

  it("keeps the email lower-cased and the other fields trimmed", () => {
    expect(addressSchema.parse({ ...FILLED, city: "  Pune " })).toMatchObject({
      email: "asha@example.com",
      city: "Pune",
    });
  });
});
