import { describe, expect, it } from "vitest";
import { addressJson, orderAddressJson, userJson } from "#app/routes/api/api-shapes.server.ts";

describe("the /api shapes' one home", () => {
  it("a user is _id, name, email and the cart's fields", () => {
    const cart = { cartItems: { p1: 2 }, cartLines: [{ product: "p1", quantity: 2 }] };
    expect(userJson({ id: "u1", name: "Asha", email: "asha@example.com" }, cart)).toEqual({
      _id: "u1",
      name: "Asha",
      email: "asha@example.com",
      cartItems: { p1: 2 },
      cartLines: [{ product: "p1", quantity: 2 }],
    });
  });

  it("an address has _id, userId and an ISO date; an order's address has the address's _id and the kept fields", () => {
    const address = {
      id: "a1",
      userId: "u1",
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      street: "1 MG Road",
      city: "Pune",
      state: "MH",
      zipcode: "411001",
      country: "India",
      phone: "+91 90000 00000",
      createdAt: Date.UTC(2026, 0, 2),
    };
    expect(addressJson(address)).toMatchObject({ _id: "a1", userId: "u1", createdAt: "2026-01-02T00:00:00.000Z" });
    expect(addressJson(address)).not.toHaveProperty("id");
    expect(orderAddressJson("a1", { id: "old", city: "Pune" })).toEqual({ _id: "a1", city: "Pune" });
    expect(orderAddressJson(null, { city: "Pune" })).toEqual({ _id: null, city: "Pune" });
  });
});
