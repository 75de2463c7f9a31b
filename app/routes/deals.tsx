import { Link, useSearchParams } from "react-router";
import { currentDeals, DEALS_SHOWN, formatDealDate } from "#app/lib/deals.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { shopOf, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/deals";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: "Deals",
    description:
      data && data.deals.length > 0
        ? "This season's offers on men's, women's, kids', ethnic and winter wear: up to 50% off."
        : `Offers of ${shopOf(matches).name}: there are none right now.`,
    path: "/deals",
    ...(data && data.deals.length > 0 ? { image: "/art/deal-winter-clearance.webp" } : {}),
  });

// The server dates the offers (the browser's clock and time zone may differ, and the page must hydrate as sent).
// The eight offers are the demo shop's (its settings say `demo`): any other shop has none (issue 30).
export async function loader() {
  return { deals: (await shopSettings()).demo ? currentDeals() : [] };
}

// The eight static offers; six are shown until `?all=1` asks for all of them (a link, so no JavaScript is needed).
export default function Deals({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { locale } = useShop();
  const showAll = searchParams.get("all") === "1";
  const deals = showAll ? loaderData.deals : loaderData.deals.slice(0, DEALS_SHOWN);
  if (loaderData.deals.length === 0) {
    return (
      <section className="mt-12">
        <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">Deals &amp; Offers</h1>
        <p className="mt-2 text-gray-600">There are no offers right now.</p>
        <Link
          to="/products"
          className="mt-6 inline-block rounded-full bg-primary px-7 py-3 font-medium text-white hover:bg-primary-dull"
        >
          Shop all products
        </Link>
      </section>
    );
  }
  return (
    <section className="mt-12">
      <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">Deals &amp; Offers</h1>
      <p className="mt-2 text-gray-500">Limited-time savings across the store. Tap an offer to shop it.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {deals.map((deal, i) => (
          <li
            key={deal.id}
            data-testid="deal"
            className="flex flex-col overflow-hidden rounded-xl border border-gray-200"
          >
            <Link to={`/products/${deal.route}`} className="group flex flex-1 flex-col">
              <div className="relative">
                <img
                  src={deal.image}
                  alt=""
                  width={800}
                  height={500}
                  loading={i < 3 ? undefined : "lazy"}
                  className="aspect-[8/5] w-full object-cover transition duration-300 group-hover:scale-105"
                />
                <span className="absolute left-3 top-3 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white">
                  {deal.discount} OFF
                </span>
              </div>
              <div className="flex flex-1 flex-col p-4">
                <h2 className="text-lg font-semibold text-gray-800 group-hover:text-primary">{deal.title}</h2>
                <p className="mt-1 text-gray-600">{deal.description}</p>
                <p className="mt-2 text-sm text-gray-500">{deal.longDescription}</p>
                <p className="mt-3 text-sm font-medium text-gray-700">
                  Valid until <time dateTime={deal.validUntil}>{formatDealDate(deal.validUntil, locale)}</time>
                </p>
                <p className="mt-1 text-xs text-gray-500">Terms: {deal.terms}</p>
                <span className="mt-4 text-sm font-medium text-primary">Shop now →</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Link
          to={showAll ? "/deals" : "/deals?all=1"}
          preventScrollReset
          className="rounded-full border border-primary px-8 py-2.5 text-primary hover:bg-primary/10"
        >
          {showAll ? "Show Less Deals" : "View All Deals"}
        </Link>
      </div>
    </section>
  );
}
