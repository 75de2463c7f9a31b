// GET /seller/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the placed orders of those days as a CSV download
// (the seller area's guard runs first). Without dates, the last 30 days.
import { Refusal } from "#app/lib/refusal.ts";
import { csvFileName, csvHeaders, orderExportRange, ordersCsv } from "#app/modules/reporting/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import type { Route } from "./+types/export-orders";

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  try {
    const range = orderExportRange({ from: query.get("from"), to: query.get("to") });
    const filename = csvFileName((await shopSettings()).name, `orders-${range.from}-to-${range.to}`);
    return new Response(ordersCsv(range), { headers: csvHeaders(filename) });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
