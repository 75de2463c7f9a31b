// A policy page (/policies/shipping, returns, privacy, terms): the seller's text from the shop settings, or the
// one written from the settings while the seller has written none.
import { PolicyText } from "#app/components/policy-text.tsx";
import { notFound } from "#app/lib/not-found.ts";
import { templatePageHeaders } from "#app/lib/shared-page.ts";
import { policyText, shopSettings } from "#app/modules/shop/index.server.ts";
import { POLICIES } from "#app/modules/shop/shared/shop.ts";
import { pageMeta, shortDescription } from "#app/routes/seo.ts";
import type { Route } from "./+types/policy";

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.title,
        description: shortDescription(data.text.replace(/[*#-]/g, " ")) || data.title,
        path: `/policies/${data.slug}`,
      })
    : [];

// The same for every visitor without a session: server.ts may keep it (a settings change raises the catalogue
// version, so a kept copy is never stale).
export const headers = templatePageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const policy = POLICIES.find((p) => p.slug === params.policy);
  if (!policy) throw notFound("Page not found");
  return { slug: policy.slug, title: policy.title, text: policyText(await shopSettings(), policy.field) };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mt-12 max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold text-gray-800 md:text-3xl">{loaderData.title}</h1>
      {loaderData.text ? (
        <PolicyText text={loaderData.text} />
      ) : (
        <p className="text-gray-500">This policy has not been written yet.</p>
      )}
    </section>
  );
}
