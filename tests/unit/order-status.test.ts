// The spec's colours for an order's status: Delivered green, Cancelled red, Shipped blue, anything else yellow.
import { expect, it } from "vitest";
import { statusTone } from "#app/modules/orders/shared/order-status.ts";

it("colours each status as the spec says, on My Orders (pill) and the seller's list (text)", () => {
  expect(statusTone("Delivered")).toEqual({ pill: "bg-green-100 text-green-700", text: "text-green-600" });
  expect(statusTone("Cancelled")).toEqual({ pill: "bg-red-100 text-red-700", text: "text-red-600" });
  expect(statusTone("Shipped")).toEqual({ pill: "bg-blue-100 text-blue-700", text: "text-blue-600" });
  for (const other of ["Order Placed", "Out for delivery", ""]) {
    expect(statusTone(other).text, other).toBe("text-yellow-600");
  }
});
