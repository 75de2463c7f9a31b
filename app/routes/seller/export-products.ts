// GET /seller/products.csv: every product as a CSV download (the seller area's guard runs first).
import { csvHeaders, productsCsv } from "#app/modules/reporting/index.server.ts";

export function loader() {
  const today = new Date().toISOString().slice(0, 10);
  return new Response(productsCsv(), { headers: csvHeaders(`trendora-products-${today}.csv`) });
}
