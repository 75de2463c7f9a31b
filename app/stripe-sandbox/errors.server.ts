// Stripe's error answer: `{error: {type, message, param?, code?}}` with a 4xx status, as the SDK expects it.

type StripeErrorDetails = { type?: string; param?: string; code?: string };

// Never reaches a shopper: thrown inside the sandbox's REST API only, which answers it to the store's Stripe
// SDK as Stripe's JSON error (the SDK turns that into its own StripeError for the payment code).
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: StripeErrorDetails = {},
  ) {
    super(message);
  }
}

export const noSuchSession = (id: string) =>
  new StripeApiError(404, `No such checkout.session: '${id}'`, { param: "session", code: "resource_missing" });
