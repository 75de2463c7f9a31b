import { Form, Link, redirect } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { ExportLinks } from "#app/components/seller/export-links.tsx";
import { ListCount, RefusalAboveList, RowFields, SellerPager } from "#app/components/seller/pager.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/forms.ts";
import { ORDER_INTENTS } from "#app/lib/intents.ts";
import { formatDate } from "#app/lib/locales.ts";
import { formatMoney } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { sellerListSearch, sellerPageOf } from "#app/lib/paging.ts";
import { refuseUnless } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { AddressField } from "#app/modules/identity/shared/address-schema.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import {
  listSellerOrdersPage,
  markCashPaid,
  NEXT_STATUSES,
  setOrderStatus,
  undoCashPaid,
} from "#app/modules/orders/index.server.ts";
import { refundTone, statusTone } from "#app/modules/orders/shared/order-status.ts";
import { markReturned, moneyFactsOf, refundPage, retryRefund } from "#app/modules/refunds/index.server.ts";
import { refundToast } from "#app/modules/refunds/shared/refund-toast.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Orders", matches);

/** `?page=N`: a page of 50 orders, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = sellerPageOf(new URL(request.url).searchParams.get("page"));
  if (!page) throw notFound();
  const list = await listSellerOrdersPage({ page });
  const money = await moneyFactsOf(list.rows);
  const { locale } = await shopSettings();
  return {
    today: new Date().toISOString().slice(0, 10),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    orders: list.rows.map((order) => {
      const facts = money.get(order.id);
      const online = order.paymentType === "Online";
      const refundStatus = facts?.refundStatus ?? null;
      const returned = facts?.returned ?? false;
      return {
        ...order,
        amount: formatMoney(order.amountCents, order.currency, locale),
        image: order.items.find((i) => i.product?.image)?.product?.image ?? null,
        // A paid online order that has shipped is no longer cancelled: it is returned and refunded once delivered.
        nextStatuses:
          online && order.status === "Shipped"
            ? NEXT_STATUSES.Shipped.filter((s) => s !== "Cancelled")
            : NEXT_STATUSES[order.status],
        refundStatus,
        refunded: facts && facts.refundedCents > 0 ? formatMoney(facts.refundedCents, order.currency, locale) : null,
        retryRefundId: facts?.retryRefundId ?? null,
        returned,
        canMarkPaid: !online && !order.isPaid && order.status !== "Cancelled",
        canUndoPaid: !online && order.isPaid && !facts?.exported,
        canMarkReturned: online && order.status === "Delivered" && !returned,
        canRefund:
          online &&
          refundStatus !== "Refunded" &&
          (order.status === "Order Placed" ||
            order.status === "Cancelled" ||
            (order.status === "Delivered" && returned)),
      };
    }),
  };
}

/** The orders list at `page` (after a status change: the page the order is on). */
const ordersPath = (page: number) => `/seller/orders${sellerListSearch({ page })}`;

/** The refund page of an order (the confirmation a paid online order's cancel goes to). */
export const refundPath = (orderId: string, cancel = false) =>
  `/seller/orders/${encodeURIComponent(orderId)}/refund${cancel ? "?cancel=1" : ""}`;

export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    const orderId = form.get("orderId");
    const page = sellerPageOf(form.get("page")) ?? 1;
    const done = (message: string) => redirectWithToast(request, ordersPath(page), { type: "success", message });
    switch (intent) {
      case ORDER_INTENTS.status: {
        // Cancelling a paid online order asks first, on its refund page: cancel and refund in full, or in part.
        if (form.get("status") === "Cancelled" && typeof orderId === "string" && (await isOnlineOrder(orderId))) {
          return redirect(refundPath(orderId, true), 303);
        }
        const status = await setOrderStatus(orderId, form.get("status"));
        return done(`Order marked ${status}`);
      }
      case ORDER_INTENTS.cashPaid:
        await markCashPaid(orderId);
        return done("Cash order marked paid");
      case ORDER_INTENTS.cashUnpaid:
        await undoCashPaid(orderId);
        return done("Cash order marked unpaid again");
      case ORDER_INTENTS.returned:
        await markReturned(orderId);
        return done("Order marked returned: it can be refunded now");
      case ORDER_INTENTS.retryRefund: {
        const refund = await retryRefund(orderId, form.get("refundId"));
        return redirectWithToast(request, ordersPath(page), refundToast(refund, await shopSettings()));
      }
      default:
        refuseUnless(false, "Unknown action.");
    }
  });
}

/** Whether the seller's order is paid online (404 for an order the seller does not see). */
async function isOnlineOrder(orderId: string): Promise<boolean> {
  return (await refundPage(orderId)).order.paymentType === "Online";
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, page, pageCount, total } = loaderData;
  const { locale } = useShop();
  // A refused status change is shown on its order (or above the list when that order is not listed).
  const refusal = formErrorOf(actionData);
  const refusedOrderId = typedValue(actionData, "orderId");
  return (
    <section className="flex flex-col gap-4 p-4 md:p-10">
      <h1 className="text-2xl font-semibold text-gray-800">Orders List</h1>
      <ListCount total={total} noun={["order", "orders"]} page={page} pageCount={pageCount} />
      <div className="max-w-4xl">
        <ExportLinks today={loaderData.today} />
      </div>
      <RefusalAboveList refusal={refusal} listed={orders.some((o) => o.id === refusedOrderId)} />
      {orders.length === 0 ? (
        <p className="text-gray-500">No orders found</p>
      ) : (
        <ul className="flex max-w-4xl flex-col gap-4">
          {orders.map((order) => {
            const error = refusedOrderId === order.id ? refusal : null;
            return (
              <li
                key={order.id}
                data-testid="seller-order"
                className="flex flex-col gap-4 rounded-md border border-gray-300 p-5 text-sm text-gray-700 md:flex-row md:items-start md:justify-between"
              >
                <div className="flex gap-4">
                  <div className="h-12 w-12 shrink-0 overflow-hidden rounded border border-gray-200 bg-gray-50">
                    {order.image ? (
                      <img src={thumbnailUrl(order.image)} alt="" className="h-full w-full object-cover" />
                    ) : null}
                  </div>
                  <div>
                    <p className="text-xs text-gray-500">Order {order.id}</p>
                    <ul>
                      {order.items.map((item, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order and have no other identity here
                        <li key={i} className="font-medium text-gray-800">
                          {item.name}
                          {item.size ? <span className="font-normal text-gray-600"> · Size {item.size}</span> : null}{" "}
                          <span className="text-primary">x {item.quantity}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
                <OrderAddress address={order.address} />
                <div>
                  <p className="text-base font-medium text-gray-800">{order.amount}</p>
                  {order.discount ? (
                    <p className="text-xs text-green-700" data-testid="order-discount">
                      {order.discount.code}: −{formatMoney(order.discount.amountCents, order.currency, locale)}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col gap-1">
                  <p>Method: {order.paymentType}</p>
                  <p>Date: {formatDate(order.createdAt, locale)}</p>
                  <p>
                    Payment:{" "}
                    <span className={order.paymentLabel === "Paid" ? "text-green-600" : "text-red-600"}>
                      {order.paymentLabel}
                    </span>
                  </p>
                  <p>
                    Status:{" "}
                    <span className={statusTone(order.status).text} data-testid="order-status">
                      {order.status}
                    </span>
                  </p>
                  {order.returned ? <p>Returned</p> : null}
                  {order.refundStatus ? (
                    <p>
                      Refund:{" "}
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${refundTone(order.refundStatus)}`}
                        data-testid="refund-status"
                      >
                        {order.refundStatus}
                      </span>
                      {order.refunded ? <span> · {order.refunded} refunded</span> : null}
                    </p>
                  ) : null}
                  {order.retryRefundId ? (
                    <Form method="post">
                      <RowFields
                        page={page}
                        values={{ intent: ORDER_INTENTS.retryRefund, orderId: order.id, refundId: order.retryRefundId }}
                      />
                      <SubmitButton
                        size="sm"
                        variant="outline"
                        aria-label={`Try the refund of order ${order.id} again`}
                      >
                        Try again
                      </SubmitButton>
                    </Form>
                  ) : null}
                  {order.canMarkPaid || order.canUndoPaid || order.canMarkReturned ? (
                    <Form method="post">
                      <input
                        type="hidden"
                        name="intent"
                        value={
                          order.canMarkReturned
                            ? ORDER_INTENTS.returned
                            : order.canMarkPaid
                              ? ORDER_INTENTS.cashPaid
                              : ORDER_INTENTS.cashUnpaid
                        }
                      />
                      <RowFields page={page} values={{ orderId: order.id }} />
                      <SubmitButton size="sm" variant="outline">
                        {order.canMarkReturned ? "Mark returned" : order.canMarkPaid ? "Mark paid" : "Undo paid"}
                      </SubmitButton>
                    </Form>
                  ) : null}
                  {order.canRefund ? (
                    <Link to={refundPath(order.id)} className="text-primary underline">
                      Refund…<span className="sr-only"> order {order.id}</span>
                    </Link>
                  ) : null}
                  {order.nextStatuses.length > 0 ? (
                    <Form method="post" className="mt-1 flex items-center gap-2">
                      <RowFields page={page} values={{ intent: ORDER_INTENTS.status, orderId: order.id }} />
                      <label htmlFor={`status-${order.id}`} className="sr-only">
                        New status for order {order.id}
                      </label>
                      <select
                        id={`status-${order.id}`}
                        name="status"
                        className="rounded border border-gray-300 px-2 py-1"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `status-${order.id}-error` : undefined}
                      >
                        {order.nextStatuses.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                      <SubmitButton size="sm">Update</SubmitButton>
                    </Form>
                  ) : null}
                  {error ? (
                    <p id={`status-${order.id}-error`} role="alert" className="text-xs text-red-600">
                      {error}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <SellerPager page={page} pageCount={pageCount} href={ordersPath} />
    </section>
  );
}

/**
 * An order's address: a required field that is empty (an old or hand-made order) is said in words ("no zip
 * code"), never as a bare "N/A"; the optional ones (last name, state) are left out when empty.
 */
function OrderAddress({ address }: { address: Record<AddressField, string> }) {
  const part = (field: AddressField, missing: string) =>
    address[field] ? address[field] : <span className="italic text-gray-400">{missing}</span>;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  return (
    <address className="not-italic text-gray-600" data-testid="order-address">
      <p className="font-medium text-gray-800">{name || <span className="italic text-gray-400">no name</span>}</p>
      <p>
        {part("street", "no street")}, {part("city", "no city")}
      </p>
      <p>
        {address.state ? `${address.state}, ` : null}
        {part("zipcode", "no zip code")}, {part("country", "no country")}
      </p>
      <p>{part("phone", "no phone number")}</p>
    </address>
  );
}
