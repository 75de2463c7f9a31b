import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { DISCOUNT_INTENTS } from "#app/lib/intents.ts";
import { formatDate } from "#app/lib/locales.ts";
import { formatMoney } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { deleteDiscount, listDiscounts, setDiscountPaused } from "#app/modules/discounts/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/discounts";

export const meta: Route.MetaFunction = () => sellerMeta("Discount codes");

export async function loader() {
  const { currency, locale } = await shopSettings();
  return {
    discounts: (await listDiscounts()).map((row) => ({
      id: row.id,
      code: row.code,
      off: row.kind === "percent" ? `${row.value}% off` : `${formatMoney(row.value, currency, locale)} off`,
      conditions: [
        row.minSubtotalCents !== null ? `Subtotal from ${formatMoney(row.minSubtotalCents, currency, locale)}` : null,
        row.categories.length > 0 ? `Categories: ${row.categories.join(", ")}` : null,
        row.productIds.length > 0 ? `${row.productIds.length} product${row.productIds.length === 1 ? "" : "s"}` : null,
        row.maxUsesPerShopper !== null ? `${row.maxUsesPerShopper} per shopper` : null,
      ].filter((text) => text !== null),
      dates:
        row.startsAt === null && row.endsAt === null
          ? "Always"
          : `${row.startsAt === null ? "…" : formatDate(row.startsAt, locale)} to ${row.endsAt === null ? "…" : formatDate(row.endsAt, locale)}`,
      uses: row.maxUses === null ? `${row.uses}` : `${row.uses} of ${row.maxUses}`,
      status: row.status,
      paused: row.paused,
    })),
  };
}

export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    const id = form.get("id");
    let message: string;
    if (intent === DISCOUNT_INTENTS.pause || intent === DISCOUNT_INTENTS.resume) {
      const row = await setDiscountPaused(id, intent === DISCOUNT_INTENTS.pause);
      message = `${row.code} ${row.paused ? "paused" : "resumed"}`;
    } else if (intent === DISCOUNT_INTENTS.delete) {
      message = `${(await deleteDiscount(id)).code} deleted`;
    } else {
      refuse("Unknown action.");
    }
    return redirectWithToast(request, "/seller/discounts", { type: "success", message });
  });
}

export default function Discounts({ loaderData, actionData }: Route.ComponentProps) {
  const { discounts } = loaderData;
  const refusal = formErrorOf(actionData);
  const refusedId = typedValue(actionData, "id");
  return (
    <section className="flex flex-col gap-4 p-4 md:p-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-800">Discount Codes</h1>
        <Link to="/seller/discounts/new" className="rounded bg-primary px-4 py-2 text-sm font-medium text-white">
          New code
        </Link>
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-red-600" data-testid="discount-refusal">
          {refusal}
        </p>
      ) : null}
      {discounts.length === 0 ? (
        <p className="text-gray-500">No discount codes yet.</p>
      ) : (
        <ul className="flex max-w-4xl flex-col gap-3">
          {discounts.map((discount) => (
            <li
              key={discount.id}
              data-testid="seller-discount"
              className="flex flex-col gap-3 rounded-md border border-gray-300 p-4 text-sm text-gray-700 md:flex-row md:items-center md:justify-between"
              aria-invalid={refusedId === discount.id ? true : undefined}
            >
              <div className="min-w-0 break-words">
                <p className="text-base font-semibold text-gray-800">
                  {discount.code} <span className="font-normal text-gray-600">· {discount.off}</span>
                </p>
                {discount.conditions.length > 0 ? <p>{discount.conditions.join(" · ")}</p> : null}
                <p>
                  Valid: {discount.dates} · Uses: <span data-testid="discount-uses">{discount.uses}</span> · Status:{" "}
                  <span data-testid="discount-status">{discount.status}</span>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/seller/discounts/${discount.id}`}
                  className="text-primary underline"
                  aria-label={`Edit ${discount.code}`}
                >
                  Edit
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={discount.id} />
                  <input
                    type="hidden"
                    name="intent"
                    value={discount.paused ? DISCOUNT_INTENTS.resume : DISCOUNT_INTENTS.pause}
                  />
                  <SubmitButton
                    size="sm"
                    variant="quiet"
                    aria-label={`${discount.paused ? "Resume" : "Pause"} ${discount.code}`}
                  >
                    {discount.paused ? "Resume" : "Pause"}
                  </SubmitButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={discount.id} />
                  <input type="hidden" name="intent" value={DISCOUNT_INTENTS.delete} />
                  <SubmitButton size="sm" variant="danger" aria-label={`Delete ${discount.code}`}>
                    Delete
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
