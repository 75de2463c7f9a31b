// `Idempotency-Key`, as Stripe handles it: the same key with the same request replays the first successful
// answer (`Idempotent-Replayed: true`); with other parameters it is an `idempotency_error`; while the first
// request is still being worked on, a second one gets 409 `idempotency_key_in_use` (the SDK retries it).
// Like Stripe, only a successful answer is kept: a request refused by validation may be retried.
import { createHash } from "node:crypto";
import { StripeApiError } from "./errors.server.ts";
import type { Params } from "./params.server.ts";
import { idempotencyFile, loadIdempotentResult, saveIdempotentResult } from "./store.server.ts";

/** An answer of the API: its JSON body, and headers such as `Idempotent-Replayed`. */
export type ApiAnswer = { body: unknown; headers?: Record<string, string> };

const keysInFlight = new Set<string>();

const paramsHash = (params: Params) => createHash("sha256").update(JSON.stringify(params)).digest("hex");

/** Runs `run` once per `Idempotency-Key` (every time when the request has none). */
export async function idempotent(request: Request, params: Params, run: () => Promise<unknown>): Promise<ApiAnswer> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return { body: await run() };
  if (key.length === 0 || key.length > 255) {
    throw new StripeApiError(400, "Idempotency keys must be between 1 and 255 characters long.", {
      type: "idempotency_error",
    });
  }
  const { pathname } = new URL(request.url);
  const file = idempotencyFile(key);
  const hash = paramsHash(params);
  const stored = loadIdempotentResult(file);
  if (stored) {
    if (stored.method !== request.method || stored.path !== pathname || stored.paramsHash !== hash) {
      throw new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      );
    }
    return { body: stored.body, headers: { "Idempotency-Key": key, "Idempotent-Replayed": "true" } };
  }
  if (keysInFlight.has(file)) {
    throw new StripeApiError(
      409,
      "There is currently another in-progress request using this idempotency key. Please try again later.",
      { type: "idempotency_error", code: "idempotency_key_in_use" },
    );
  }
  keysInFlight.add(file);
  try {
    const body = await run();
    saveIdempotentResult(file, { method: request.method, path: pathname, paramsHash: hash, body });
    return { body, headers: { "Idempotency-Key": key } };
  } finally {
    keysInFlight.delete(file);
  }
}
