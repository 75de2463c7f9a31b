// What the seller is told after asking for a refund, by how Stripe answered.
import { formatMoney } from "#app/lib/money.ts";
import type { Toast } from "#app/lib/toast.ts";

export function refundToast(
  refund: { amountCents: number; status: string; failure: string | null },
  money: { currency: string; locale: string },
): Toast {
  const amount = formatMoney(refund.amountCents, money.currency, money.locale);
  if (refund.status === "succeeded") return { type: "success", message: `Refunded ${amount}` };
  if (refund.status === "failed") {
    return { type: "error", message: `The refund of ${amount} failed${refund.failure ? `: ${refund.failure}` : ""}` };
  }
  if (refund.failure)
    return { type: "error", message: `The refund of ${amount} is not confirmed yet: ${refund.failure}` };
  return { type: "success", message: `The refund of ${amount} is pending` };
}
