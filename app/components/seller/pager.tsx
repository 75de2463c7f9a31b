// The seller's lists a page at a time: how many in all; Previous, "Page N of M" and Next, plain links that work
// without JavaScript (app/lib/paging.ts); a refused change of a row that is not on this page.
import { Link } from "react-router";

/** Previous and Next around "Page N of M"; nothing when the list fits on one page. */
export function SellerPager({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const step = "rounded border border-gray-300 px-3 py-1.5 hover:bg-gray-100";
  return (
    <nav aria-label="Pages" className="flex max-w-5xl flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={step}>
          ← Previous<span className="sr-only"> page</span>
        </Link>
      ) : null}
      <p aria-current="page" className="text-gray-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={step}>
          Next<span className="sr-only"> page</span> →
        </Link>
      ) : null}
    </nav>
  );
}

/** The page a list's form comes back to after it is sent (none for the first page). */
export function PageField({ page }: { page: number }) {
  return page > 1 ? <input type="hidden" name="page" value={page} /> : null;
}

/** The hidden fields of a row's form: what to do and to which row (`values`), and the page to come back to. */
export function RowFields({ values, page }: { values: Record<string, string>; page: number }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PageField page={page} />
    </>
  );
}

/** "12 orders · Page 1 of 2" above a list: how many in all and which page this is (nothing for an empty list). */
export function ListCount({
  total,
  noun,
  page,
  pageCount,
}: {
  total: number;
  /** The word for one and for several: ["order", "orders"]. */
  noun: readonly [one: string, many: string];
  page: number;
  pageCount: number;
}) {
  if (total <= 0) return null;
  return (
    <p className="text-sm text-gray-600">
      {total} {total === 1 ? noun[0] : noun[1]} · Page {page} of {pageCount}
    </p>
  );
}

/** A refused change of a row, said above the list when that row is not on this page (else the row says it). */
export function RefusalAboveList({ refusal, listed }: { refusal: string | null | undefined; listed: boolean }) {
  return refusal && !listed ? (
    <p role="alert" className="text-sm text-red-600">
      {refusal}
    </p>
  ) : null;
}
