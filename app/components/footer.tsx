import { Link } from "react-router";
import { CATEGORIES } from "#app/lib/categories.ts";
import { categoryPath } from "#app/lib/product-links.ts";
import { POLICIES, useShop } from "#app/modules/shop/shared/shop.ts";

/**
 * The footer, on every page. A link announces its route for React Router's route discovery (data-discover) only
 * where no other link of the page does: a category's list is the header's All Products route, and every policy
 * is one route.
 */
export function Footer() {
  const shop = useShop();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <div>
          <p className="text-lg font-bold text-primary">{shop.name}</p>
          {shop.tagline ? <p className="mt-2">{shop.tagline}</p> : null}
          {shop.phone || shop.contactEmail ? (
            <p className="mt-2">{[shop.phone, shop.contactEmail].filter(Boolean).join(" · ")}</p>
          ) : null}
        </div>
        <FooterColumn
          title="Shop"
          links={CATEGORIES.map((c) => ({ to: categoryPath(c.path), label: c.label, discover: false }))}
        />
        <FooterColumn
          title="Help"
          links={[
            ...(shop.demo ? [{ to: "/deals", label: "Deals" }] : []),
            { to: "/my-orders", label: "My Orders" },
            { to: "/contact", label: "Contact us" },
            ...POLICIES.map((policy, i) => ({
              to: `/policies/${policy.slug}`,
              label: policy.title,
              discover: i === 0,
            })),
          ]}
        />
        <FooterColumn title="Sellers" links={[{ to: "/seller-login", label: "Seller Dashboard" }]} />
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-xs">
        {`© ${new Date().getFullYear()} ${shop.name}. All rights reserved.`}
      </p>
    </footer>
  );
}

/** A column of links under its title; `discover: false` where another link announces the route (see Footer). */
function FooterColumn({ title, links }: { title: string; links: { to: string; label: string; discover?: boolean }[] }) {
  return (
    <div>
      <p className="font-semibold text-gray-800">{title}</p>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} discover={link.discover === false ? "none" : "render"}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
