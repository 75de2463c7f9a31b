import type { ReactNode } from "react";
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

/** One of the page's blocks: a section named by its heading. */
function ContactBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Support: help@example.com", the address a link (to call or to write). */
function ContactLink({ lead, href, text }: { lead: string; href: string; text: string }) {
  return (
    <p className="mt-2 text-gray-600">
      {lead}:{" "}
      <a href={href} className="text-primary hover:underline">
        {text}
      </a>
    </p>
  );
}

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
            <ContactBlock id="showroom" title="Showroom">
              <address className="mt-2 not-italic text-gray-600">
                {addressLines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the address's lines in their order
                  <span key={i}>
                    {i > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </address>
            </ContactBlock>
          ) : null}
          {shop.phone ? (
            <ContactBlock id="phone" title="Phone">
              <ContactLink lead="Customer care" href={telHref(shop.phone)} text={shop.phone} />
            </ContactBlock>
          ) : null}
          {shop.contactEmail ? (
            <ContactBlock id="email" title="Email">
              <ContactLink lead="Support" href={`mailto:${shop.contactEmail}`} text={shop.contactEmail} />
            </ContactBlock>
          ) : null}
          {shop.openingHours ? (
            <ContactBlock id="hours" title="Opening Hours">
              <ul className="mt-2 space-y-1 text-gray-600">
                {shop.openingHours
                  .split("\n")
                  .filter(Boolean)
                  .map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the hours' lines in their order
                    <li key={i}>{line}</li>
                  ))}
              </ul>
            </ContactBlock>
          ) : null}
        </div>
        {addressLines.length > 0 ? (
          <ContactBlock id="map" title="Find Us">
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
          </ContactBlock>
        ) : null}
      </div>
    </section>
  );
}
