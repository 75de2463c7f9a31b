// Rows for tests, written straight to the test's own SQLite file.

import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { products } from "#db/schema.ts";

export function createProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const row = {
    id: newId(),
    name: `Test Shirt ${Math.random().toString(36).slice(2, 8)}`,
    category: "Men",
    description: ["Soft cotton", "Regular fit"],
    priceCents: 2999,
    offerPriceCents: 1999,
    images: ["/uploads/test.webp"],
    inStock: true,
    ...overrides,
  };
  db().insert(products).values(row).run();
  return row;
}
