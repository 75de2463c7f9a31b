// The seller's CSV downloads: orders of a range of days (a GET form, so it works without JavaScript) and
// every product. On the overview and on the orders list.

/** YYYY-MM-DD of a time, in UTC (the days the exports and the overview count in). */
function utcDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

export function ExportLinks({ today }: { today: string }) {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const monthAgo = utcDay(todayMs - 29 * 86_400_000);
  return (
    <section aria-labelledby="exports-title" className="rounded-md border border-gray-300 p-5 text-sm text-gray-700">
      <h2 id="exports-title" className="text-base font-semibold text-gray-800">
        Export (CSV)
      </h2>
      <form method="get" action="/seller/orders.csv" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="export-from" className="mb-1 block text-gray-600">
            Orders from
          </label>
          <input
            id="export-from"
            name="from"
            type="date"
            defaultValue={monthAgo}
            max={today}
            className="rounded border border-gray-300 px-2 py-1"
          />
        </div>
        <div>
          <label htmlFor="export-to" className="mb-1 block text-gray-600">
            to
          </label>
          <input
            id="export-to"
            name="to"
            type="date"
            defaultValue={today}
            className="rounded border border-gray-300 px-2 py-1"
          />
        </div>
        <button type="submit" className="rounded bg-primary px-4 py-1.5 text-white hover:bg-primary-dull">
          Download orders CSV
        </button>
      </form>
      <p className="mt-4">
        <a href="/seller/products.csv" download className="text-primary underline">
          Download products CSV
        </a>
      </p>
      <p className="mt-2 text-xs text-gray-500">Days are UTC days, both included.</p>
    </section>
  );
}
