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
        <div>
          <p className="font-semibold text-gray-800">Shop</p>
          <ul className="footer-links">
            {CATEGORIES.map((c) => (
              <li key={c.path}>
                <Link to={categoryPath(c.path)} discover="none">
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold text-gray-800">Help</p>
          <ul className="footer-links">
            {shop.demo ? (
              <li>
                <Link to="/deals">Deals</Link>
              </li>
            ) : null}
            <li>
              <Link to="/my-orders">My Orders</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
            {POLICIES.map((policy, i) => (
              <li key={policy.slug}>
                <Link to={`/policies/${policy.slug}`} discover={i === 0 ? "render" : "none"}>
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold text-gray-800">Sellers</p>
          <ul className="footer-links">
            <li>
              <Link to="/seller-login">Seller Dashboard</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-xs">
        {`© ${new Date().getFullYear()} ${shop.name}. All rights reserved.`}
      </p>
    </footer>
  );
}
