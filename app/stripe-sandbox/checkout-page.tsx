// The sandbox's hosted checkout page, like Stripe's own: a self-contained document outside the store's
// layout, TEST MODE on every view, the items and the total, and plain HTML forms (no JavaScript) for Pay,
// Cancel and the two test tools. Rendered to static markup by page.server.tsx.
import type { ReactNode } from "react";
import { formatMoney } from "#app/lib/money.ts";
import type { SessionRecord } from "./objects.server.ts";

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;background:#f6f9fc}
.banner{background:#fef3c7;color:#92400e;text-align:center;font-weight:700;letter-spacing:.05em;padding:.6rem 1rem;border-bottom:1px solid #fcd34d}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 .25rem}h2{font-size:1rem;margin:1.5rem 0 .25rem}
.total{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{padding:.5rem .25rem;border-bottom:1px solid #e5e7eb;text-align:left;font-weight:400}tfoot th,tfoot td{font-weight:700;border-bottom:0}
.num{text-align:right;white-space:nowrap}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font:inherit;border-radius:.5rem;padding:.7rem 1.4rem;cursor:pointer;border:1px solid #cbd5e1;background:#fff;color:#1f2937}
button.pay{background:#4f46e5;border-color:#4f46e5;color:#fff;font-weight:600;flex:1}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.tools{margin-top:2rem;padding-top:1rem;border-top:1px dashed #cbd5e1;color:#4b5563;font-size:.9rem}
.notice{padding:.75rem 1rem;border-radius:.5rem;background:#ecfdf5;color:#065f46}.notice.error{background:#fef2f2;color:#991b1b}
a{color:#4338ca}
`;

/** The whole document: every view of the sandbox, including its 4xx answers, says TEST MODE. */
export function SandboxDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`TEST MODE · ${title}`}</title>
        <style>{PAGE_STYLE}</style>
      </head>
      <body>
        <div className="banner" role="note">
          TEST MODE · Stripe sandbox · no real payment is taken
        </div>
        <main>{children}</main>
      </body>
    </html>
  );
}

function money(cents: number, currency: string): string {
  // Intl knows each ISO 4217 currency's decimals: JPY (zero-decimal) shows no cents, as on Stripe's page.
  try {
    return formatMoney(cents, currency.toUpperCase());
  } catch {
    return `${cents} ${currency.toUpperCase()}`;
  }
}

/** The checkout page of one session: what it costs, and what the shopper can do in its current state. */
export function CheckoutPage({
  record,
  successRedirect,
  shopName,
}: {
  record: SessionRecord;
  successRedirect: string;
  /** Whom the shopper pays: the shop's name (Stripe's page shows the account's business name). */
  shopName: string;
}) {
  const { session, lineItems } = record;
  const total = money(session.amount_total, session.currency);
  return (
    <>
      <h1>{`Pay ${shopName}`}</h1>
      <p className="total" data-testid="checkout-total">
        {total}
      </p>
      <table>
        <caption>Order summary</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lineItems.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.description}</th>
              <td className="num">{item.quantity}</td>
              <td className="num">{money(item.price.unit_amount, item.currency)}</td>
              <td className="num">{money(item.amount_total, item.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {session.total_details.amount_discount > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                Discount
              </th>
              <td className="num" data-testid="checkout-discount">
                −{money(session.total_details.amount_discount, session.currency)}
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              Total due
            </th>
            <td className="num">{total}</td>
          </tr>
        </tfoot>
      </table>
      <SessionState record={record} successRedirect={successRedirect} shopName={shopName} />
    </>
  );
}

function SessionState({
  record: { session },
  successRedirect,
  shopName,
}: {
  record: SessionRecord;
  successRedirect: string;
  shopName: string;
}) {
  if (session.status === "open") {
    return (
      <>
        <form method="post" className="actions">
          <button type="submit" name="intent" value="pay" className="pay">
            Pay
          </button>
          <button type="submit" name="intent" value="cancel" className="secondary">
            Cancel
          </button>
        </form>
        <section className="tools" aria-labelledby="tools-heading">
          <h2 id="tools-heading">Test tools</h2>
          <p>Produce the other outcomes a real payment can have.</p>
          <form method="post" className="actions">
            <button type="submit" name="intent" value="fail" className="secondary">
              Simulate failed payment
            </button>
            <button type="submit" name="intent" value="expire" className="secondary">
              Expire session
            </button>
          </form>
        </section>
      </>
    );
  }
  const paid = session.status === "complete" && session.payment_status === "paid";
  const message = paid
    ? "This payment is complete."
    : session.status === "complete"
      ? "This payment failed."
      : "This checkout session has expired.";
  const returnUrl = paid ? successRedirect : (session.cancel_url ?? new URL(session.success_url).origin);
  return (
    <>
      <p className={paid ? "notice" : "notice error"} role="status">
        {message}
      </p>
      <p>
        <a href={returnUrl}>{`Return to ${shopName}`}</a>
      </p>
    </>
  );
}

/** A short message page (unknown session, refused form), still in TEST MODE. */
export function MessagePage({ heading, text }: { heading: string; text?: string }) {
  return (
    <>
      <h1>{heading}</h1>
      {text ? <p>{text}</p> : null}
    </>
  );
}
