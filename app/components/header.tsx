import { useEffect, useRef } from "react";
import {
  Form,
  Link,
  NavLink,
  useFetchers,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { CartIcon } from "#app/components/cart-icon.tsx";
import { LogoutButton } from "#app/components/logout-button.tsx";
import { SavedLink } from "#app/components/saved-link.tsx";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { useDetailsMenu } from "#app/lib/use-details-menu.ts";
import { type HeaderUser, Slot } from "#app/lib/visitor.tsx";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";

export type { HeaderUser };

/** The current URL with `?login` added: the login modal opens over the page the shopper is on. */
export function useLoginHref(mode?: "register") {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("login", mode ?? "");
  const query = params.toString().replace(/login=(&|$)/, "login$1");
  return `${location.pathname}?${query}`;
}

const navLinks = [
  { to: "/", label: "Home" },
  { to: "/products", label: "All Products" },
  { to: "/contact", label: "Contact" },
];

/** How long typing must pause before the list is filtered (with JavaScript). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A GET form (?q=) that works without JavaScript. With JavaScript the list filters as the shopper types:
 * after a short pause the page navigates to the search URL (replacing the history entry on a products
 * page), so the URL always matches the list and no full reload happens.
 */
function SearchBox({ id, className }: { id: string; className: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Search the page's own list on /products and /products/{category}; elsewhere, all products.
  const onProducts = /^\/products(\/[^/]+)?\/?$/.test(location.pathname);
  const action = onProducts ? location.pathname : "/products";
  const q = params.get("q") ?? "";

  // The URL's search changed some other way (a link, the back button): show it, unless the shopper is typing here.
  useEffect(() => {
    const field = input.current;
    if (field && document.activeElement !== field && field.value !== q) field.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function filterAsYouType(value: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const text = value.trim();
      if (!text && !onProducts) return;
      const search = text ? `?${new URLSearchParams({ q: text })}` : "";
      void navigate({ pathname: action, search }, { replace: onProducts, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  }

  return (
    <Form method="get" action={action} role="search" className={className} onSubmit={() => clearTimeout(timer.current)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        onChange={(event) => filterAsYouType(event.currentTarget.value)}
        maxLength={1000}
        placeholder="Search products"
      />
      <button type="submit">Search</button>
    </Form>
  );
}

/**
 * The cart count as the server gave it, plus the units being added (or removed) right now: with JavaScript
 * the badge moves at the click, and the server's count replaces it when the page reloads its data.
 */
function useOptimisticCartCount(count: number) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  let change = 0;
  for (const state of [navigation, ...fetchers]) {
    if (state.state !== "submitting") continue;
    const intent = state.formData?.get("intent");
    if (intent === CART_INTENTS.add || intent === CART_INTENTS.buyNow) change += 1;
    if (intent === CART_INTENTS.remove) change -= 1;
  }
  return Math.max(0, count + change);
}

export function Header({
  user,
  cartCount: storedCount,
  savedCount = 0,
}: {
  user: HeaderUser;
  cartCount: number;
  /** Products the visitor or shopper saved (the link to /saved). */
  savedCount?: number;
}) {
  const loginHref = useLoginHref();
  const shop = useShop();
  const cartCount = useOptimisticCartCount(storedCount);
  const accountMenu = useDetailsMenu();
  const mobileMenu = useDetailsMenu();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? "text-primary font-medium" : "hover:text-primary";
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      {/*
        One set of controls for every width (issue 22: the header was written twice, for phones and for wider
        screens), in one wrapping row: the logo, the main links from md up, the search form (its own row below
        lg: `.header-search`), Saved and the cart on every width, then the account menu (or Login) from md up
        and the phone's Menu below it.
      */}
      <div className="header-bar">
        <Link to="/" className="mr-auto text-xl font-bold tracking-tight text-primary">
          {shop.logoUrl ? <img src={thumbnailUrl(shop.logoUrl)} alt={shop.name} className="h-9 w-auto" /> : shop.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {navLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === "/"} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <Link to="/seller-login" className="rounded-full border border-gray-300 px-3 py-1 text-xs hover:bg-gray-50">
            Seller Dashboard
          </Link>
        </nav>
        <SearchBox id="search" className="header-search" />
        {/* The visitor's parts are slots: a kept page is filled with them (app/lib/visitor.tsx). */}
        <Slot name="saved">
          <SavedLink count={savedCount} />
        </Slot>
        <Slot name="cart">
          <Link to="/cart" className="relative" aria-label={`Cart, ${cartCount} items`}>
            <CartIcon />
            <span data-testid="cart-count" className="badge">
              {cartCount}
            </span>
          </Link>
        </Slot>
        <Slot name="account">
          {user ? (
            <details ref={accountMenu} className="menu relative hidden md:block">
              <summary className="account-summary" aria-label="Account menu">
                {user.name}
              </summary>
              <ul className="account-list">
                <li>
                  <Link to="/my-orders" className="block px-3 py-1.5 hover:bg-gray-100">
                    My Orders
                  </Link>
                </li>
                <li>
                  <LogoutButton action="/logout" variant="bare" className="menu-logout" />
                </li>
              </ul>
            </details>
          ) : (
            <Link
              to={loginHref}
              className="hidden rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull md:block"
            >
              Login
            </Link>
          )}
        </Slot>
        <details ref={mobileMenu} className="menu md:hidden">
          <summary className="phone-summary" aria-label="Menu">
            Menu
          </summary>
          <nav aria-label="Mobile" className="phone-nav">
            {/* The main nav's links again: they announce no route for discovery a second time. */}
            {navLinks.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === "/"} className={linkClass} discover="none">
                {l.label}
              </NavLink>
            ))}
            <Link to="/seller-login" discover="none">
              Seller Dashboard
            </Link>
            <Slot name="account-phone">
              {user ? (
                <>
                  <Link to="/my-orders" discover="none">
                    orders
                  </Link>
                  <LogoutButton action="/logout" discover="none" variant="bare" className="nav-logout" />
                </>
              ) : (
                <Link to={loginHref} className="self-start rounded-full bg-primary px-6 py-2 text-white">
                  Login
                </Link>
              )}
            </Slot>
          </nav>
        </details>
      </div>
    </header>
  );
}
