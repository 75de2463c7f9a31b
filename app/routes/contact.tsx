import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact",
    description:
      "Visit the Trendora showroom at 245 Market Street, San Francisco, call or write to us. Open Mon-Fri 9-8, Sat-Sun 10-6.",
    path: "/contact",
  });

const MAP_URL = "https://www.openstreetmap.org/?mlat=37.78962&mlon=-122.40106#map=17/37.78962/-122.40106";
const MAP_EMBED =
  "https://www.openstreetmap.org/export/embed.html?bbox=-122.4050%2C37.7876%2C-122.3971%2C37.7916&layer=mapnik&marker=37.78962%2C-122.40106";

export default function Contact() {
  return (
    <section className="mt-12">
      <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">Contact Us</h1>
      <p className="mt-2 text-gray-500">Questions about an order, a size or a return? We're happy to help.</p>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <div className="space-y-8">
          <section aria-labelledby="showroom-heading">
            <h2 id="showroom-heading" className="text-lg font-semibold text-gray-800">
              Showroom
            </h2>
            <address className="mt-2 not-italic text-gray-600">
              Trendora Fashion Showroom
              <br />
              245 Market Street, Suite 300
              <br />
              San Francisco, CA 94105
              <br />
              United States
            </address>
          </section>
          <section aria-labelledby="phone-heading">
            <h2 id="phone-heading" className="text-lg font-semibold text-gray-800">
              Phone
            </h2>
            <ul className="mt-2 space-y-1 text-gray-600">
              <li>
                Customer care:{" "}
                <a href="tel:+14155550134" className="text-primary hover:underline">
                  +1 (415) 555-0134
                </a>
              </li>
              <li>
                Showroom:{" "}
                <a href="tel:+14155550178" className="text-primary hover:underline">
                  +1 (415) 555-0178
                </a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="email-heading">
            <h2 id="email-heading" className="text-lg font-semibold text-gray-800">
              Email
            </h2>
            <ul className="mt-2 space-y-1 text-gray-600">
              <li>
                Support:{" "}
                <a href="mailto:support@trendora.example" className="text-primary hover:underline">
                  support@trendora.example
                </a>
              </li>
              <li>
                Orders:{" "}
                <a href="mailto:orders@trendora.example" className="text-primary hover:underline">
                  orders@trendora.example
                </a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="hours-heading">
            <h2 id="hours-heading" className="text-lg font-semibold text-gray-800">
              Opening Hours
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-gray-600">
              <dt>Mon-Fri</dt>
              <dd>9 AM - 8 PM</dd>
              <dt>Sat-Sun</dt>
              <dd>10 AM - 6 PM</dd>
            </dl>
          </section>
        </div>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="text-lg font-semibold text-gray-800">
            Find Us
          </h2>
          <iframe
            title="Map of the Trendora showroom"
            src={MAP_EMBED}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="mt-2 h-80 w-full rounded-lg border border-gray-200 bg-gray-100"
          />
          <p className="mt-2 text-sm">
            <a href={MAP_URL} className="text-primary hover:underline" rel="noopener noreferrer">
              Open the map in OpenStreetMap
            </a>
          </p>
        </section>
      </div>
    </section>
  );
}
