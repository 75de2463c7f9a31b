import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { addAddress, listAddresses, MAX_ADDRESSES, parseAddress } from "#app/modules/identity/index.server.ts";
import { addresses } from "#db/tables.ts";
import { appForFile, dataPath } from "../helpers/app.ts";
import { readReply } from "../helpers/requests.ts";
import { createUser, signedInCookie, toastsFrom } from "../helpers/shopper.ts";

const site = appForFile();

const valid = {
  firstName: "Meera",
  lastName: "Iyer",
  email: "Meera@Example.com",
  street: "4 Lake Road",
  city: "Chennai",
  state: "TN",
  zipcode: "600001",
  country: "India",
  phone: "+91 44 2345 6789",
};

function refusal(input: unknown): Refusal {
  try {
    parseAddress(input);
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected the address to be refused");
}

describe("/add-address", () => {
  it("sends a visitor to /cart, on GET and on POST", async () => {
    const page = await site.client().get("/add-address");
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/cart");
    const post = await site.client().post("/add-address", { form: valid });
    expect(post.headers.location).toBe("/cart");
    expect(await db().select().from(addresses)).toEqual([]);
  });

  it("saves the address, shows the server message and goes to /cart with it chosen", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const shopper = site.client(cookie);
    const response = await shopper.post("/add-address", { form: valid });
    expect(response.status).toBe(303);
    const [saved] = await listAddresses(user.id);
    expect(saved).toMatchObject({ ...valid, email: "meera@example.com", userId: user.id });
    expect(response.headers.location).toBe(`/cart?address=${saved!.id}`);
    expect(await toastsFrom(shopper)).toEqual(["success: Address added successfully"]);
  });

  it("refuses an address a courier could not use, with field errors and the typed values kept", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const typed = { ...valid, firstName: "", street: "  ", email: "meera-at-example", phone: "call me" };
    // Posted as the page's JavaScript posts it, whose answer carries the errors the form shows.
    const response = await site.client(cookie).post(dataPath("/add-address"), { form: typed });
    expect(response.status).toBe(400);
    const reply = await readReply(response);
    expect(reply.formError).toBeNull();
    expect(reply.fieldErrors).toEqual({
      firstName: "Please enter a first name.",
      street: "Please enter the street.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
    });
    expect(reply.values).toMatchObject({ city: "Chennai", zipcode: "600001", email: "meera-at-example" });
    expect(await listAddresses(user.id)).toEqual([]);
  });
});

describe("address rules", () => {
  it("requires first name, street, city, zip code, country and phone; the rest is optional", async () => {
    const minimal = { firstName: "A", street: "S", city: "C", zipcode: "12345", country: "X", phone: "555 123 4567" };
    expect(parseAddress(minimal)).toEqual({ ...minimal, lastName: "", email: "", state: "" });
    for (const field of ["firstName", "street", "city", "zipcode", "country", "phone"] as const) {
      const error = refusal({ ...minimal, [field]: "" });
      expect(Object.keys(error.fieldErrors)).toEqual([field]);
    }
  });

  it("accepts a numeric zip code from JSON and refuses malformed ones", async () => {
    expect(parseAddress({ ...valid, zipcode: 600001 }).zipcode).toBe("600001");
    // Checked for the address's country when it is one the store knows (India: six digits)...
    for (const zipcode of ["1", "!!!!", "12345678901234", "-123", "60001", "SW1A 1AA"]) {
      expect(refusal({ ...valid, zipcode }).fieldErrors).toEqual({
        zipcode: "Please enter a valid zip code for India, e.g. 411001.",
      });
    }
    // ...and loosely for any other.
    for (const zipcode of ["1", "!!!!", "12345678901234", "-123"]) {
      expect(refusal({ ...valid, country: "Atlantis", zipcode }).fieldErrors).toEqual({
        zipcode: "Please enter a valid zip code.",
      });
    }
    expect(parseAddress({ ...valid, country: "Atlantis", zipcode: "ab-12 c" }).zipcode).toBe("AB-12 C");
  });

  it("refuses malformed phones, wrong types and over-long values", async () => {
    for (const phone of ["12345", "abc-defg-hij", "1".repeat(16), "+1 (555) 0100 <script>"]) {
      expect(refusal({ ...valid, phone }).fieldErrors.phone).toBe("Please enter a valid phone number.");
    }
    expect(parseAddress({ ...valid, phone: "+1 (555) 010-0199" }).phone).toBe("+1 (555) 010-0199");
    expect(refusal({ ...valid, city: { $ne: 1 } }).fieldErrors.city).toBeDefined();
    expect(refusal({ ...valid, street: "x".repeat(201) }).fieldErrors.street).toBe(
      "Please keep this under 200 characters.",
    );
    expect(refusal(null).message).toBe("Please send an address.");
    expect(refusal(["x"]).message).toBe("Please send an address.");
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses per shopper, listed oldest first`, async () => {
    const user = await createUser();
    for (let i = 0; i < MAX_ADDRESSES; i++) await addAddress(user.id, { ...valid, street: `${i} Road` });
    await expect(addAddress(user.id, valid)).rejects.toThrow(`You can save at most ${MAX_ADDRESSES} addresses.`);
    const listed = await listAddresses(user.id);
    expect(listed).toHaveLength(MAX_ADDRESSES);
    expect(listed[0]!.street).toBe("0 Road");
    expect(await db().select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(MAX_ADDRESSES);
  });
});
