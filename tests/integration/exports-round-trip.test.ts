// Every CSV export reads back through a standard CSV parser (strict about line ends, like Python's csv
// module): the same rows and the same cells as the data, multi-line, quoted, comma and formula-like text
// included; and a phone number reads "Tel. +91 …", not '+91 ….
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";
import { neutraliseFormula } from "#app/modules/reporting/index.server.ts";
import { orders, products } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { parseCsv } from "../helpers/csv.ts";
import { createProduct } from "../helpers/factories.ts";
import { getRequest } from "../helpers/requests.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser } from "../helpers/shopper.ts";

const site = appForFile();

const AT = Date.parse("2025-03-10T09:00:00Z");

const DESCRIPTIONS = [
  ["First line", "Second line", "Third line"],
  ['A "quoted" word', "comma, inside, cells"],
  ["=SUM(A1:A2)", "+1 formula-like", "-minus", "@at", "\tTab first"],
  ["Line with CRLF\r\ninside", "Bare CR\rinside", ""],
  ["Plain one-liner"],
];
const PHONES = ["+91 98765 43210", "+919876543210", "09876 543210", "(044) 2345-6789"];

let made: Awaited<ReturnType<typeof createProduct>>[] = [];
const placed: { id: string; phone: string }[] = [];

async function download(path: string) {
  const answer = await site.app.fetch(getRequest(path, { cookie: await sellerCookie() }));
  expect(answer.status).toBe(200);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await answer.arrayBuffer()));
}

beforeAll(async () => {
  made = await Promise.all(
    DESCRIPTIONS.map((description, i) =>
      createProduct({ name: i === 1 ? 'Shirt, "Classic"' : `Product ${i}`, description, createdAt: AT + i }),
    ),
  );
  for (const [i, phone] of PHONES.entries()) {
    const user = await createUser({ name: `Buyer ${i}` });
    const address = await createAddress(user.id, { phone });
    const { order } = await placeOrder({
      userId: user.id,
      addressId: address.id,
      paymentType: "COD",
      items: [{ productId: made[0]!.id, quantity: 1 }],
    });
    await db()
      .update(orders)
      .set({ createdAt: AT + i })
      .where(eq(orders.id, order.id));
    placed.push({ id: order.id, phone });
  }
});

describe("CSV exports read back cell for cell", () => {
  it("products: one row per product, every description cell the lines as written", async () => {
    const text = await download("/seller/products.csv");
    const [header, ...rows] = parseCsv(text);
    const all = await db().select().from(products);
    expect(rows).toHaveLength(all.length);
    const column = (name: string) => header!.indexOf(name);
    for (const product of made) {
      const row = rows.find((r) => r[column("Product")] === product.id)!;
      expect(row, product.id).toBeDefined();
      expect(row).toHaveLength(header!.length);
      expect(row[column("Name")]).toBe(product.name);
      expect(row[column("Category")]).toBe(product.category);
      expect(row[column("Description")]).toBe(neutraliseFormula(product.description.join("\n")));
    }
    // The formula-like description still gets its apostrophe; the quoted/comma one comes back unchanged.
    expect(rows.find((r) => r[0] === made[2]!.id)![column("Description")]).toBe(
      "'=SUM(A1:A2)\n+1 formula-like\n-minus\n@at\n\tTab first",
    );
    expect(rows.find((r) => r[0] === made[1]!.id)![column("Description")]).toBe(
      'A "quoted" word\ncomma, inside, cells',
    );
  });

  it("orders: one row per order, phone numbers as 'Tel. ' and the number typed", async () => {
    const text = await download("/seller/orders.csv?from=2025-03-10&to=2025-03-10");
    const [header, ...rows] = parseCsv(text);
    expect(rows.map((r) => r[0])).toEqual(placed.map((o) => o.id));
    const phone = header!.indexOf("Phone");
    expect(rows.map((r) => r[phone])).toEqual([
      "Tel. +91 98765 43210",
      "Tel. +919876543210",
      "Tel. 09876 543210",
      "Tel. (044) 2345-6789",
    ]);
    for (const row of rows) expect(row).toHaveLength(header!.length);
  });
});
