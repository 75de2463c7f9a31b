// /seller/orders/:id/refund: the confirmation a paid online order's cancel goes to, and the refunds of an order.
// "Cancel and refund in full" is the default for an order not shipped yet; a part can be refunded by line (with
// quantities) or as an amount, with the choice to put the units back in stock. A plain form: it works without
// JavaScript, and the same form sent twice (its requestKey) makes one refund.
import { Form, Link } from "react-router";
import { AmountInput, amountLabel } from "#app/components/amount-input.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormError } from "#app/components/form-messages.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf } from "#app/lib/forms.ts";
import { newToken } from "#app/lib/ids.ts";
import { formatMoney, toInputText } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { Refusal, refuseUnless } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { refundTone } from "#app/modules/orders/shared/order-status.ts";
import {
  needsRetry,
  parseRefundForm,
  refundPage,
  requestRefund,
  retryRefund,
} from "#app/modules/refunds/index.server.ts";
import { lineField, REFUND_REASONS, refundFormInput } from "#app/modules/refunds/shared/refund-schema.ts";
import { refundToast } from "#app/modules/refunds/shared/refund-toast.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/refund";

export const meta: Route.MetaFunction = () => sellerMeta("Refund");

const REASON_LABELS: Record<(typeof REFUND_REASONS)[number], string> = {
  requested_by_customer: "Requested by the customer",
  duplicate: "Duplicate payment",
  fraudulent: "Fraudulent payment",
};

const STATE_LABELS: Record<string, string> = {
  pending: "Pending",
  succeeded: "Refunded",
  failed: "Failed",
  canceled: "Canceled",
};

/** The order's refund page, or the store's 404 page for an order the seller does not see (or a made-up id). */
async function pageOrNotFound(orderId: string) {
  try {
    return await refundPage(orderId);
  } catch (error) {
    if (error instanceof Refusal && error.status === 404) throw notFound("Order not found");
    throw error;
  }
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await pageOrNotFound(params.id);
  const { locale } = await shopSettings();
  return {
    ...page,
    cancelAsked: new URL(request.url).searchParams.get("cancel") === "1",
    requestKey: newToken(),
    refunds: page.refunds.map((row) => ({
      id: row.id,
      amount: formatMoney(row.amountCents, page.order.currency, locale),
      status: row.status,
      reason: row.reason,
      failure: row.failure,
      createdAt: row.createdAt,
      fromDashboard: row.idempotencyKey.startsWith("stripe:"),
      canRetry: needsRetry(row),
    })),
  };
}

const pagePath = (orderId: string) => `/seller/orders/${encodeURIComponent(orderId)}/refund`;

export function action({ params, request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    refuseUnless(intent === "refund" || intent === "retry", "Unknown action.");
    if (intent === "retry") {
      const refund = await retryRefund(params.id, form.get("refundId"));
      return redirectWithToast(request, pagePath(refund.orderId), refundToast(refund, await shopSettings()));
    }
    const { lines, order } = await refundPage(params.id);
    const { locale } = await shopSettings();
    const { refund, cancelled } = await requestRefund(
      params.id,
      parseRefundForm(refundFormInput(form, lines.length), order.currency, locale),
    );
    // Cancelled with nothing left to pay back (or cancelled already, the same form sent again).
    if (!refund) return redirectWithToast(request, pagePath(order.id), { type: "success", message: "Order cancelled" });
    // The refund is in the order's currency (a shop that changed currency since still refunds in the old one).
    const toast = refundToast(refund, { currency: order.currency, locale });
    if ((cancelled || form.get("kind") === "cancel") && toast.type === "success") {
      toast.message = `Order cancelled. ${toast.message}`;
    }
    return redirectWithToast(request, pagePath(refund.orderId), toast);
  });
}

export default function Refund({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, refunds, canCancel, canRefund, why, refundableCents, refundStatus } = loaderData;
  const error = formErrorOf(actionData);
  const fieldErrors = (actionData && "error" in actionData ? actionData.error : null) as Record<
    string,
    string[]
  > | null;
  const { locale } = useShop();
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const full = money(refundableCents);
  return (
    <section className="flex max-w-3xl flex-col gap-5 p-4 md:p-10">
      <p>
        <Link to="/seller/orders" className="text-primary underline">
          ← Orders
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-gray-800">
        {loaderData.cancelAsked && canCancel ? "Cancel and refund order" : "Refund order"} {order.id}
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm text-gray-700">
        <dt>Status</dt>
        <dd data-testid="order-status">
          {order.status}
          {loaderData.returned ? " · Returned" : ""}
        </dd>
        <dt>Paid</dt>
        <dd>
          {money(order.amountCents)} ({order.paymentType === "Online" ? "online" : "cash on delivery"})
        </dd>
        <dt>Left to refund</dt>
        <dd data-testid="refundable">{full}</dd>
        {refundStatus ? (
          <>
            <dt>Refund</dt>
            <dd>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${refundTone(refundStatus)}`}
                data-testid="refund-status"
              >
                {refundStatus}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      {why ? <p className="rounded border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">{why}</p> : null}
      <FormError message={error} focus />
      {!canRefund && canCancel ? (
        // Nothing left to pay back (an order paid nothing, or refunded in full): the cancel alone.
        <Form method="post" className="flex items-center gap-4 rounded-md border border-gray-300 p-5 text-sm">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={loaderData.requestKey} />
          <input type="hidden" name="kind" value="cancel" />
          <SubmitButton>Cancel the order</SubmitButton>
          <Link to="/seller/orders" className="text-primary underline">
            Keep the order
          </Link>
        </Form>
      ) : null}
      {canRefund ? (
        <Form method="post" className="flex flex-col gap-4 rounded-md border border-gray-300 p-5 text-sm text-gray-700">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={loaderData.requestKey} />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-medium text-gray-800">What should happen?</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value={canCancel ? "cancel" : "full"} defaultChecked className="mt-1" />
              <span>
                {canCancel ? `Cancel and refund in full (${full})` : `Refund in full (${full})`}
                {canCancel ? (
                  <span className="block text-xs text-gray-500">
                    The order is cancelled and its units go back in stock.
                  </span>
                ) : null}
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value="lines" className="mt-1" />
              <span>
                Refund part, by line{canCancel ? " (the order goes on)" : ""}
                <span className="block text-xs text-gray-500">
                  A line gives back its price less its share of the discount
                  {order.taxIncluded ? "" : ", with its tax"}.
                  {canCancel
                    ? ` Refunding every unit left cancels the order and refunds all that is left (${full}).`
                    : ""}
                </span>
              </span>
            </label>
            <table className="ml-6 text-left">
              <thead>
                <tr className="text-xs text-gray-500">
                  <th className="pr-4 font-normal">Line</th>
                  <th className="pr-4 font-normal">Price</th>
                  <th className="pr-4 font-normal">Refund of the units left</th>
                  <th className="font-normal">Units to refund</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.index}>
                    <td className="pr-4">
                      {line.name} × {line.quantity}
                    </td>
                    <td className="pr-4">{money(line.unitPriceCents)}</td>
                    <td className="pr-4" data-testid="line-refund">
                      {money(line.refundableCents)}
                      <span className="ml-1 text-xs text-gray-500">for {line.refundable}</span>
                    </td>
                    <td>
                      <label htmlFor={lineField(line.index)} className="sr-only">
                        Units of {line.name} to refund
                      </label>
                      <input
                        id={lineField(line.index)}
                        name={lineField(line.index)}
                        type="number"
                        min={0}
                        max={line.refundable}
                        defaultValue={0}
                        disabled={line.refundable === 0}
                        className="w-20 rounded border border-gray-300 px-2 py-1"
                      />
                      <span className="ml-2 text-xs text-gray-500">of {line.refundable}</span>
                      <FieldError id={`${lineField(line.index)}-error`} errors={fieldErrors?.[lineField(line.index)]} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value="amount" className="mt-1" />
              <span>Refund an amount{canCancel ? " (the order goes on)" : ""}</span>
            </label>
            <div className="ml-6">
              <label htmlFor="amount" className="mr-2">
                {amountLabel("Amount", order.currency, locale)}
              </label>
              <AmountInput
                id="amount"
                name="amount"
                currency={order.currency}
                locale={locale}
                signInLabel
                placeholder={toInputText(refundableCents, order.currency, locale)}
                className="w-28 rounded border border-gray-300 px-2 py-1"
                aria-describedby={fieldErrors?.amount ? "amount-error" : undefined}
              />
              <FieldError id="amount-error" errors={fieldErrors?.amount} />
            </div>
          </fieldset>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="restock" defaultChecked />
            Put the refunded units back in stock (a refund by line)
          </label>
          <div>
            <label htmlFor="reason" className="mr-2">
              Reason
            </label>
            <select id="reason" name="reason" className="rounded border border-gray-300 px-2 py-1">
              <option value="">No reason given</option>
              {REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-4">
            <SubmitButton>Confirm</SubmitButton>
            <Link to="/seller/orders" className="text-primary underline">
              {canCancel ? "Keep the order" : "Back"}
            </Link>
          </div>
        </Form>
      ) : null}
      {refunds.length > 0 ? (
        <div>
          <h2 className="mb-2 text-lg font-medium text-gray-800">Refunds</h2>
          <ul className="flex flex-col gap-2 text-sm text-gray-700">
            {refunds.map((refund) => (
              <li key={refund.id} data-testid="refund" className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{refund.amount}</span>
                <span>{STATE_LABELS[refund.status] ?? refund.status}</span>
                {refund.fromDashboard ? <span className="text-gray-500">(made in Stripe)</span> : null}
                {refund.failure ? <span className="text-red-600">{refund.failure}</span> : null}
                {refund.canRetry ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="refundId" value={refund.id} />
                    <SubmitButton size="sm" variant="outline">
                      Try again
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
