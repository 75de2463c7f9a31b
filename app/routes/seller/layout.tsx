import { Link, NavLink, Outlet, useNavigation } from "react-router";
import { LogoutButton } from "#app/components/logout-button.tsx";
import { requireSellerArea, signedInSeller } from "#app/middleware/identity.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Dashboard", matches);

// /seller and its pages: guarded here, once. Anyone but the seller gets the seller sign-in form on the page
// they asked for (the root error boundary renders it); nothing below runs for them.
export const middleware: Route.MiddlewareFunction[] = [requireSellerArea];

export function loader({ context }: Route.LoaderArgs) {
  const seller = signedInSeller(context);
  return { seller: { email: seller.email, name: seller.name ?? "" } };
}

const menu = [
  { to: "/seller", label: "Add Product", icon: <Icon d={["M12 8v8M8 12h8"]} square /> },
  {
    to: "/seller/product-list",
    label: "Product List",
    icon: <Icon d={["M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01"]} />,
  },
  { to: "/seller/orders", label: "Orders", icon: <Icon d={["M21 8 12 3 3 8v8l9 5 9-5V8Z", "m3 8 9 5 9-5M12 13v8"]} /> },
  { to: "/seller/overview", label: "Overview", icon: <Icon d={["M3 3v18h18", "M7 16v-4M12 16V8M17 16v-7"]} /> },
  {
    to: "/seller/discounts",
    label: "Discounts",
    icon: <Icon d={["M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z"]} dot />,
  },
  {
    to: "/seller/reviews",
    label: "Reviews",
    icon: <Icon d={["M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"]} />,
  },
  { to: "/seller/settings", label: "Settings", icon: <SettingsIcon /> },
];

function SettingsIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}

export default function SellerLayout({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  const navigation = useNavigation();
  // With JavaScript, the orders list says 'Loading...' while it is being fetched.
  const loadingOrders = navigation.state === "loading" && navigation.location.pathname.startsWith("/seller/orders");
  return (
    <div className="min-h-screen bg-white">
      <header className="flex items-center justify-between border-b border-gray-300 px-4 py-3 md:px-8">
        <Link to="/" className="text-xl font-bold tracking-tight text-primary">
          {shop.name}
        </Link>
        <div className="flex items-center gap-5 text-gray-600">
          {/* The spec's 'Hi! Seller', with the owner's name when the setup page was given one. */}
          <p data-testid="seller-greeting">{`Hi! ${loaderData.seller.name || "Seller"}`}</p>
          <LogoutButton action="/seller/logout" variant="quiet" size="sm" />
        </div>
      </header>
      <div className="flex">
        <nav
          aria-label="Seller"
          className="flex min-h-[calc(100vh-58px)] w-16 shrink-0 flex-col border-r border-gray-300 pt-4 text-base md:w-64"
        >
          {menu.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/seller"}
              className={({ isActive }) =>
                `flex items-center gap-3 px-4 py-3 ${
                  isActive
                    ? "border-r-4 border-primary bg-primary/10 font-medium text-primary md:border-r-[6px]"
                    : "text-gray-700 hover:bg-gray-100"
                }`
              }
            >
              {item.icon}
              {/* The label stays readable by screen readers on small screens, where only the icon shows. */}
              <span className="sr-only md:not-sr-only">{item.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className="min-w-0 flex-1">
          {loadingOrders ? (
            <p role="status" className="p-4 text-gray-500 md:p-10">
              Loading...
            </p>
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </div>
  );
}

/** A menu icon: its strokes (`d`), in a rounded square (`square`) or with the tag's hole (`dot`). */
function Icon({ d, square, dot }: { d: string[]; square?: boolean; dot?: boolean }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="shrink-0"
    >
      {square ? <rect x="3" y="3" width="18" height="18" rx="3" /> : null}
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
      {dot ? <circle cx="7.5" cy="7.5" r="1.5" /> : null}
    </svg>
  );
}
