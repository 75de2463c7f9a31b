// The shipping address form (/add-address) and POST /api/address/add. The form has no required marks (as the
// spec says), but an address a courier could not use is refused, field by field.

import { textField, z } from "#app/lib/zod.ts";
import { checkPostcode } from "#app/modules/shop/shared/postcodes.ts";

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "street",
  "city",
  "state",
  "zipcode",
  "country",
  "phone",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

// JSON clients may send the zip code as a number; a form field left empty arrives as nothing at all.
const asText = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : (v ?? ""));
// An optional field: Conform (in the browser) reads an empty field as no value at all, the server's form
// reader as ""; both must mean "left empty", so the form answers the same with JavaScript and without.
const text = (max: number) =>
  z
    .preprocess(
      asText,
      textField({ error: "Please enter text." })
        .trim()
        .max(max, `Please keep this under ${max} characters.`)
        .optional(),
    )
    .transform((value) => value ?? "");
const required = (max: number, message: string) =>
  z.preprocess(
    asText,
    textField({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`),
  );
const digitCount = (text: string) => text.match(/\d/g)?.length ?? 0;

export const addressSchema = z
  .object({
    firstName: required(100, "Please enter a first name."),
    lastName: text(100),
    // Not cleaned like the other fields: an email with control or bidi characters is refused as invalid.
    email: z
      .preprocess(
        asText,
        z.string({ error: "Please enter text." }).trim().max(254, "Please keep this under 254 characters.").optional(),
      )
      .transform((e) => (e ?? "").toLowerCase())
      .refine((e) => e === "" || z.email().safeParse(e).success, "Please enter a valid email address."),
    street: required(200, "Please enter the street."),
    city: required(100, "Please enter the city."),
    state: text(100),
    // Checked against the address's own country below (app/modules/shop/shared/postcodes.ts).
    zipcode: required(30, "Please enter the zip code."),
    country: required(100, "Please enter the country."),
    phone: required(30, "Please enter a phone number.").refine(
      (p) => /^\+?[0-9 ()./-]+$/.test(p) && digitCount(p) >= 6 && digitCount(p) <= 15,
      "Please enter a valid phone number.",
    ),
  })
  .superRefine((address, ctx) => {
    const { error } = checkPostcode(address.zipcode, address.country);
    if (error) ctx.addIssue({ code: "custom", path: ["zipcode"], message: error });
  })
  // Kept as the country writes it: capitals, and the space where it has one ("sw1a1aa" → "SW1A 1AA").
  .overwrite((address) => ({ ...address, zipcode: checkPostcode(address.zipcode, address.country).postcode ?? "" }));
