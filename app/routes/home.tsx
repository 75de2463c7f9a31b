import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterForm } from "#app/components/newsletter-form.tsx";
import { ProductGrid, toProductCard } from "#app/components/product-card.tsx";
import { CATEGORIES, type CategoryPath, categorySlug } from "#app/lib/categories.ts";
import { MAIN_PICTURE } from "#app/lib/deferred-scripts.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import type { FormReply } from "#app/lib/forms.ts";
import { categoryPath } from "#app/lib/product-links.ts";
import { templatePageHeaders } from "#app/lib/shared-page.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { categoriesWithProducts, trendingProducts } from "#app/modules/catalog/index.server.ts";
import { onlinePaymentAvailable } from "#app/modules/checkout/index.server.ts";
import { subscribe } from "#app/modules/mail/index.server.ts";
import { shopOf, shopPromises, shopTitle, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: shopTitle(shopOf(matches)),
    fullTitle: true,
    description: "Men's, women's, kids', ethnic and winter wear, footwear and accessories from a small shop.",
    path: "/",
    imageAlt: "Shirts, a blazer, trousers, a bag, sneakers and a watch laid out in the studio",
  });

// The same for every visitor without a session: server.ts may keep it (app/lib/shared-page.ts).
export const headers = templatePageHeaders;

export async function loader() {
  const [trending, categories] = await Promise.all([trendingProducts(), categoriesWithProducts()]);
  return {
    trending: trending.map(toProductCard),
    // Tiles and looks of a category without products would lead to an empty page (a shop starting empty).
    categories,
    onlinePayment: onlinePaymentAvailable(),
  };
}

/** The newsletter sign-up form posts here. */
export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const message = await subscribe({ email: form.get("email") });
    return redirectWithToast(request, "/#newsletter", { type: "success", message });
  });
}

const INSPIRATION: { image: string; title: string; text: string; category: CategoryPath }[] = [
  {
    image: "/art/look-weekend.webp",
    title: "Weekend Casual",
    text: "Easy tees, relaxed denim and clean sneakers.",
    category: "Men",
  },
  {
    image: "/art/look-office.webp",
    title: "Office Ready",
    text: "Crisp shirts, sharp trousers and polished heels.",
    category: "Women",
  },
  {
    image: "/art/look-festive.webp",
    title: "Festive Glow",
    text: "Lehengas, sarees and a touch of gold.",
    category: "Ethnic",
  },
  {
    image: "/art/look-winter.webp",
    title: "Winter Layers",
    text: "Puffers, knits and everything cosy.",
    category: "Winter",
  },
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return <HomePage {...loaderData} newsletterReply={actionData} />;
}

/** The home page's content; /login shows it too, under the login modal. */
export function HomePage({
  trending,
  categories,
  onlinePayment,
  newsletterReply,
}: Route.ComponentProps["loaderData"] & { newsletterReply?: FormReply }) {
  const shop = useShop();
  const looks = INSPIRATION.filter((look) => categories.includes(look.category));
  const tiles = CATEGORIES.filter((category) => categories.includes(category.path));
  const promises = shopPromises(shop, { onlinePayment });
  return (
    <>
      {/* The pictures fade to the section's own background at their edges, so there is no seam at any width. */}
      <section className="mt-6 overflow-hidden rounded-2xl bg-[#e7e1d8] lg:grid lg:grid-cols-2 lg:items-center">
        <picture className="block lg:order-2">
          <source
            media="(min-width: 1024px)"
            srcSet="/art/hero.webp 720w, /art/hero-1200.webp 1200w"
            sizes="(min-width: 1280px) 608px, 50vw"
            width={1200}
            height={1000}
          />
          {/* The largest thing above the fold: fetched first (Lighthouse's LCP on a phone). */}
          <img
            src="/art/hero-phone.webp"
            alt=""
            width={800}
            height={520}
            fetchPriority="high"
            {...MAIN_PICTURE}
            className="h-auto w-full"
          />
        </picture>
        <div className="flex flex-col items-start gap-5 px-6 pt-2 pb-10 md:px-12 lg:py-16">
          <p className="rounded-full bg-white/70 px-3 py-1 text-xs font-medium uppercase tracking-wide text-primary">
            New season, new you
          </p>
          <h1 className="text-3xl font-bold leading-tight text-gray-800 md:text-5xl">
            Fashion for everyone, at prices you'll love
          </h1>
          <p className="text-gray-600 md:text-lg">
            Men's and women's wear, kids' favourites, ethnic and winter collections, footwear and accessories.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/products"
              className="rounded-full bg-primary px-7 py-3 font-medium text-white hover:bg-primary-dull"
            >
              Shop Now
            </Link>
            {shop.demo ? (
              <Link
                to="/deals"
                className="rounded-full border border-primary bg-white px-7 py-3 font-medium text-primary hover:bg-primary/5"
              >
                Explore Deals
              </Link>
            ) : null}
          </div>
        </div>
      </section>

      {looks.length > 0 ? (
        <HomeSection id="inspiration" title="Outfit Inspiration">
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {looks.map((look) => (
              <li key={look.title}>
                <Link
                  to={categoryPath(look.category)}
                  className="group block overflow-hidden rounded-xl border border-gray-200"
                >
                  <img
                    src={look.image}
                    alt=""
                    width={600}
                    height={750}
                    loading="lazy"
                    className="aspect-[4/5] w-full object-cover transition duration-300 group-hover:scale-105"
                  />
                  <div className="p-3">
                    <h3 className="font-medium text-gray-800 group-hover:text-primary">{look.title}</h3>
                    <p className="text-sm text-gray-500">{look.text}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      {tiles.length > 0 ? (
        <HomeSection id="categories" title="Categories">
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
            {tiles.map((category) => (
              <li key={category.path}>
                <Link
                  to={categoryPath(category.path)}
                  className="group flex flex-col items-center gap-2 rounded-xl bg-gray-50 p-3 text-center hover:bg-primary/5"
                >
                  <img
                    src={`/art/category-${categorySlug(category.path)}.webp`}
                    alt=""
                    width={400}
                    height={400}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg transition group-hover:scale-105"
                  />
                  <span className="text-sm font-medium text-gray-800">{category.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <section aria-labelledby="trending-heading" className="mt-16">
        <div className="flex items-end justify-between">
          <h2 id="trending-heading" className="text-2xl font-semibold text-gray-800 md:text-3xl">
            Trending Now
          </h2>
          <Link to="/products" className="text-sm text-primary hover:underline">
            View all
          </Link>
        </div>
        <div className="mt-6">
          {trending.length > 0 ? (
            <ProductGrid products={trending} columns={6} />
          ) : (
            <p className="text-gray-500">New arrivals are on their way.</p>
          )}
        </div>
      </section>

      <section
        aria-labelledby="why-heading"
        className="mt-16 rounded-2xl bg-gradient-to-r from-primary to-pink-500 px-6 py-10 text-white md:px-12"
      >
        <h2 id="why-heading" className="text-2xl font-semibold md:text-3xl">
          Why Choose {shop.name}?
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {promises.map((reason) => (
            <li key={reason.title}>
              <h3 className="font-semibold">{reason.title}</h3>
              <p className="mt-1 text-sm text-white/85">{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <NewsletterForm reply={newsletterReply} />
    </>
  );
}

/** A section of the home page under its heading. */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-16">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-gray-800 md:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
