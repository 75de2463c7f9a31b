// The controls of a product list, all plain links and a GET form, so they work without JavaScript: the sort
// order, the numbered pages with Previous and Next, and (with JavaScript) Load more.
import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { listSearch, pageLinks, SORTS, type SortOrder } from "#app/lib/listing.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** Sort by: a GET form (the search text travels along); with JavaScript a new choice applies at once. */
export function SortForm({ action, q, sort }: { action: string; q: string; sort: SortOrder }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form ref={form} method="get" action={action} className="flex items-center gap-2 text-sm">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <label htmlFor="sort" className="text-gray-600">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        onChange={() => form.current && submit(form.current, { preventScrollReset: true })}
        className="rounded border border-gray-300 bg-white px-2 py-1.5"
      >
        {SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="rounded border border-gray-300 px-3 py-1.5 hover:bg-gray-100">
          Sort
        </button>
      )}
    </Form>
  );
}

/** Previous, the page numbers (the current one marked for screen readers too) and Next. */
export function Pagination({
  path,
  q,
  sort,
  page,
  pageCount,
}: {
  path: string;
  q: string;
  sort: SortOrder;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => `${path}${listSearch({ q, sort, page: n })}`;
  // Every page of the list is this page's own route: no link announces it for route discovery.
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" discover="none" className="page-step">
          ← Previous<span className="sr-only"> page</span>
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pageLinks(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                discover="none"
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className="page-link"
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" discover="none" className="page-step">
          Next<span className="sr-only"> page</span> →
        </Link>
      ) : null}
    </nav>
  );
}

/** With JavaScript only: appends the next page to the list without leaving this one. */
export function LoadMore({ busy, onLoad }: { busy: boolean; onLoad: () => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button
        type="button"
        aria-busy={busy}
        onClick={() => {
          if (!busy) onLoad();
        }}
        className="rounded-full border border-primary px-8 py-2.5 font-medium text-primary hover:bg-primary/10"
      >
        {busy ? "Loading…" : "Load more"}
      </button>
    </div>
  );
}
