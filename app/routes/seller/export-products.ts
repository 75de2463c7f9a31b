// GET /seller/products.csv: every product as a CSV download (the seller area's guard runs first).
import { csvFileName, csvHeaders, productsCsv } from "#app/modules/reporting/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";

export async function loader() {
  const today = new Date().toISOString().slice(0, 10);
  return new Response(productsCsv(), {
    headers: csvHeaders(csvFileName((await shopSettings()).name, `products-${today}`)),
  });
}
