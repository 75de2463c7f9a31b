import { isDemoAddress, shopOf, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopOf(matches);
  const where = shop.address ? ` at ${shop.address.split("\n").slice(0, 2).join(", ")}` : "";
  return pageMeta(matches, {
    title: "Contact",
    description: `Visit ${shop.name}${where}, call or write to us.${
      shop.openingHours ? ` Open ${shop.openingHours.split("\n").join(", ")}.` : ""
    }`,
    path: "/contact",
  });
};

const MAP_URL = "https://www.openstreetmap.org/?mlat=37.78962&mlon=-122.40106#map=17/37.78962/-122.40106";
const MAP_EMBED =
  "https://www.openstreetmap.org/export/embed.html?bbox=-122.4050%2C37.7876%2C-122.3971%2C37.7916&layer=mapnik&marker=37.78962%2C-122.40106";

/** "+1 (415) 555-0134" → "tel:+14155550134". */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

// Everything on this page is the shop settings' identity part (the seller's /seller/settings).
export default function Contact() {
  const shop = useShop();
  const addressLines = shop.address.split("\n").filter(Boolean);
  // The embedded map is drawn for the demo shop's street only; any other address gets a map search link.
  const demoMap = isDemoAddress(shop.address);
  const mapSearch = `https://www.openstreetmap.org/search?query=${encodeURIComponent(addressLines.join(", "))}`;
  return (
    <section className="mt-12">
      <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">Contact Us</h1>
      <p className="mt-2 text-gray-500">Questions about an order, a size or a return? We're happy to help.</p>
      {addressLines.length === 0 && !shop.phone && !shop.contactEmail && !shop.openingHours ? (
        <p className="mt-8 text-gray-600">The shop has not given its contact details yet.</p>
      ) : null}
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <div className="space-y-8">
          {addressLines.length > 0 ? (
            <section aria-labelledby="showroom-heading">
              <h2 id="showroom-heading" className="text-lg font-semibold text-gray-800">
                Showroom
              </h2>
              <address className="mt-2 not-italic text-gray-600">
                {addressLines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the address's lines in their order
                  <span key={i}>
                    {i > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </address>
            </section>
          ) : null}
          {shop.phone ? (
            <section aria-labelledby="phone-heading">
              <h2 id="phone-heading" className="text-lg font-semibold text-gray-800">
                Phone
              </h2>
              <p className="mt-2 text-gray-600">
                Customer care:{" "}
                <a href={telHref(shop.phone)} className="text-primary hover:underline">
                  {shop.phone}
                </a>
              </p>
            </section>
          ) : null}
          {shop.contactEmail ? (
            <section aria-labelledby="email-heading">
              <h2 id="email-heading" className="text-lg font-semibold text-gray-800">
                Email
              </h2>
              <p className="mt-2 text-gray-600">
                Support:{" "}
                <a href={`mailto:${shop.contactEmail}`} className="text-primary hover:underline">
                  {shop.contactEmail}
                </a>
              </p>
            </section>
          ) : null}
          {shop.openingHours ? (
            <section aria-labelledby="hours-heading">
              <h2 id="hours-heading" className="text-lg font-semibold text-gray-800">
                Opening Hours
              </h2>
              <ul className="mt-2 space-y-1 text-gray-600">
                {shop.openingHours
                  .split("\n")
                  .filter(Boolean)
                  .map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the hours' lines in their order
                    <li key={i}>{line}</li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>
        {addressLines.length > 0 ? (
          <section aria-labelledby="map-heading">
            <h2 id="map-heading" className="text-lg font-semibold text-gray-800">
              Find Us
            </h2>
            {demoMap ? (
              <iframe
                title={`Map of the ${shop.name} showroom`}
                src={MAP_EMBED}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="mt-2 h-80 w-full rounded-lg border border-gray-200 bg-gray-100"
              />
            ) : null}
            <p className="mt-2 text-sm">
              <a
                href={demoMap ? MAP_URL : mapSearch}
                className="text-primary hover:underline"
                rel="noopener noreferrer"
              >
                Open the map in OpenStreetMap
              </a>
            </p>
          </section>
        ) : null}
      </div>
    </section>
  );
}
