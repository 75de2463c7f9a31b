// A Stripe-compatible sandbox for the part of Stripe the store uses, so that the real `stripe` SDK and the
// real payment code run end to end on a box with no Stripe account and no internet. It is served by the
// store itself (routes /v1/* and /stripe-sandbox/checkout/:id) and only in payment mode "sandbox" (no
// STRIPE_SECRET_KEY, and not production unless STRIPE_SANDBOX=on); otherwise every route answers 404, since
// its API key is public and its Pay button would mark an order paid without any money.
//
// What it implements, in Stripe's shapes: create / retrieve / expire a Checkout Session and list its line
// items (form-encoded bodies as the SDK sends them, `Authorization: Bearer`, `Idempotency-Key`, Stripe-style
// error JSON), a hosted checkout page (TEST MODE, items, total, Pay / Cancel as plain forms, plus test
// buttons for a failed payment and an expired session), and webhooks signed exactly as Stripe signs them.
// State lives in JSON files under DATA_DIR/stripe-sandbox, written atomically (see docs/decisions/0040).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { config } from "#app/lib/config.server.ts";
import { BadRequest, readForm } from "#app/lib/http.server.ts";
import { formatMoney } from "#app/lib/money.ts";

/** The API key the store uses in sandbox mode; the sandbox accepts no other. */
export const SANDBOX_SECRET_KEY = "sk_test_trendora_sandbox";
/** Where the sandbox delivers its webhooks, on the store it serves. */
export const SANDBOX_WEBHOOK_PATH = "/api/stripe/webhook";
const CHECKOUT_PAGE_PATH = "/stripe-sandbox/checkout/";

const MAX_API_BODY_BYTES = 256 * 1024;
const MAX_LINE_ITEMS = 100;
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Stripe's minimum charge in US dollars. */
const MIN_USD_AMOUNT = 50;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** Whether the sandbox answers at all: only in payment mode "sandbox" (see config.server.ts). */
export const isSandboxEnabled = () => config().paymentMode === "sandbox";

/** How the store's server reaches itself: the SDK's host/port/protocol and the webhook target. */
export function sandboxBaseUrl(): URL {
  const c = config();
  if (c.STRIPE_SANDBOX_URL) return new URL(c.STRIPE_SANDBOX_URL);
  const wildcard = c.HOST === "0.0.0.0" || c.HOST === "::" || c.HOST === "[::]";
  const host = wildcard ? "127.0.0.1" : c.HOST.includes(":") && !c.HOST.startsWith("[") ? `[${c.HOST}]` : c.HOST;
  return new URL(`http://${host}:${c.PORT}`);
}

// ---------------------------------------------------------------------------------------------------------
// Storage: one JSON file per session and per idempotency key.

const sandboxDir = () => path.join(config().dataDir, "stripe-sandbox");

function writeJsonAtomically(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2));
  renameSync(temporary, file);
}

function readJsonFile<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** The webhook signing secret: STRIPE_WEBHOOK_SECRET, or one made once and kept in DATA_DIR. */
export function sandboxWebhookSecret(): string {
  const configured = config().STRIPE_WEBHOOK_SECRET;
  if (configured) return configured;
  const file = path.join(sandboxDir(), "webhook-secret");
  if (!existsSync(file)) {
    mkdirSync(sandboxDir(), { recursive: true });
    try {
      writeFileSync(file, `whsec_${randomBytes(24).toString("hex")}`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

// ---------------------------------------------------------------------------------------------------------
// Stripe's object shapes (the fields the sandbox fills; the SDK's types describe the rest).

export type SandboxLineItem = {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  price: {
    id: string;
    object: "price";
    active: boolean;
    currency: string;
    livemode: false;
    product: string;
    type: "one_time";
    unit_amount: number;
    unit_amount_decimal: string;
  };
  quantity: number;
};

export type SandboxSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  url: string | null;
};

type DeliveryLog = { eventId: string; type: string; at: number; status: number | null; error: string | null };
type SessionRecord = { session: SandboxSession; lineItems: SandboxLineItem[]; deliveries: DeliveryLog[] };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function stripeId(prefix: string, length = 24): string {
  let id = "";
  for (const byte of randomBytes(length)) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

const SESSION_ID_PATTERN = /^cs_test_[0-9A-Za-z]{1,100}$/;
const sessionFile = (id: string) => path.join(sandboxDir(), "sessions", `${id}.json`);

function loadRecord(id: string): SessionRecord | null {
  if (!SESSION_ID_PATTERN.test(id)) return null;
  return readJsonFile<SessionRecord>(sessionFile(id));
}

function saveRecord(record: SessionRecord) {
  writeJsonAtomically(sessionFile(record.session.id), record);
}

/** Reads a session, expiring it first (with its webhook) if its time is up, as Stripe does. */
async function currentRecord(id: string): Promise<SessionRecord | null> {
  const record = loadRecord(id);
  if (record && record.session.status === "open" && nowSeconds() >= record.session.expires_at) {
    return expireRecord(record);
  }
  return record;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------------------
// The REST API: /v1/checkout/sessions[/:id[/line_items|/expire]]

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; param?: string; code?: string } = {},
  ) {
    super(message);
  }
}

function stripeJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { "Request-Id": stripeId("req", 14), "Cache-Control": "no-store", ...headers },
  });
}

function stripeErrorResponse(error: StripeApiError): Response {
  const { type = "invalid_request_error", param, code } = error.details;
  return stripeJson(
    { error: { type, message: error.message, ...(param && { param }), ...(code && { code }) } },
    error.status,
  );
}

/** Handles one request to the sandbox's REST API (the SDK's calls). */
export async function handleSandboxApi(request: Request): Promise<Response> {
  if (!isSandboxEnabled()) return new Response("Not Found", { status: 404 });
  try {
    authenticate(request);
    const url = new URL(request.url);
    const parts = url.pathname.split("/").filter(Boolean);
    const params =
      request.method === "GET" ? parseStripeParams(url.searchParams) : parseStripeParams(await readApiBody(request));
    const [v1, checkout, sessions, id, action, ...rest] = parts;
    if (v1 === "v1" && checkout === "checkout" && sessions === "sessions" && rest.length === 0) {
      if (request.method === "POST" && !id) {
        return await idempotent(request, params, () => createSession(params));
      }
      if (request.method === "GET" && id && !action) return stripeJson(await retrieveSession(id, params));
      if (request.method === "GET" && id && action === "line_items") return stripeJson(await listLineItems(id, params));
      if (request.method === "POST" && id && action === "expire") {
        return await idempotent(request, params, () => expireSessionThroughApi(id, params));
      }
    }
    throw new StripeApiError(
      404,
      `Unrecognized request URL (${request.method}: ${url.pathname}). The Trendora Stripe sandbox implements Checkout Sessions only.`,
    );
  } catch (error) {
    if (error instanceof StripeApiError) return stripeErrorResponse(error);
    if (error instanceof BadRequest) return stripeErrorResponse(new StripeApiError(error.status, error.message));
    throw error;
  }
}

function authenticate(request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  if (!header) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
    );
  }
  const key = header.replace(/^Bearer\s+/i, "");
  if (key !== SANDBOX_SECRET_KEY) {
    const shown =
      key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : "***";
    throw new StripeApiError(401, `Invalid API Key provided: ${shown}`);
  }
}

async function readApiBody(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new StripeApiError(400, "Invalid request: the body must be application/x-www-form-urlencoded.");
  }
  return readForm(request, MAX_API_BODY_BYTES);
}

type Params = { [key: string]: ParamValue };
type ParamValue = string | Params | ParamValue[];

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Stripe's form encoding back into objects: `line_items[0][price_data][unit_amount]=100` and
 * `expand[]=line_items`. Objects whose keys are 0..n-1 become arrays.
 */
export function parseStripeParams(search: URLSearchParams): Params {
  const root: Params = Object.create(null);
  let count = 0;
  for (const [rawKey, value] of search) {
    if (++count > 2000) throw new StripeApiError(400, "Too many parameters.");
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new StripeApiError(400, `Invalid parameter name: ${rawKey}`, { param: rawKey });
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (keys.length > 6 || keys.some((k) => FORBIDDEN_KEYS.has(k))) {
      throw new StripeApiError(400, `Invalid parameter name: ${rawKey}`, { param: rawKey });
    }
    let node: Params = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      // `expand[]` appends: give it the next free index.
      const slot = key === "" ? String(Object.keys(node).length) : key;
      if (last) {
        node[slot] = value;
        return;
      }
      const next = node[slot];
      if (next === undefined) node[slot] = Object.create(null) as Params;
      else if (typeof next === "string") {
        throw new StripeApiError(400, `Invalid parameter: ${rawKey} mixes a value and a hash.`, { param: rawKey });
      }
      node = node[slot] as Params;
    });
  }
  return arraysFromIndexedObjects(root) as Params;
}

function arraysFromIndexedObjects(value: ParamValue): ParamValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexedObjects(value[key]!);
  const indexed = keys.length > 0 && keys.every((k) => /^\d{1,4}$/.test(k));
  if (!indexed) return value;
  const ordered = keys.map(Number).sort((a, b) => a - b);
  if (ordered.some((n, i) => n !== i)) return value;
  return ordered.map((n) => value[String(n)]!);
}

function paramsHash(params: Params): string {
  return createHash("sha256").update(JSON.stringify(params)).digest("hex");
}

type StoredIdempotentResult = { method: string; path: string; paramsHash: string; body: unknown };

/** `Idempotency-Key`: the same key and parameters replay the first successful answer. */
async function idempotent(request: Request, params: Params, run: () => Promise<unknown>): Promise<Response> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return stripeJson(await run());
  if (key.length === 0 || key.length > 255) {
    throw new StripeApiError(400, "Idempotency keys must be between 1 and 255 characters long.", {
      type: "idempotency_error",
    });
  }
  const { pathname } = new URL(request.url);
  const file = path.join(sandboxDir(), "idempotency", `${createHash("sha256").update(key).digest("hex")}.json`);
  const hash = paramsHash(params);
  const stored = readJsonFile<StoredIdempotentResult>(file);
  if (stored) {
    if (stored.method !== request.method || stored.path !== pathname || stored.paramsHash !== hash) {
      throw new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      );
    }
    return stripeJson(stored.body, 200, { "Idempotency-Key": key, "Idempotent-Replayed": "true" });
  }
  // A second request with a key still being worked on waits and retries, as on Stripe (the SDK retries 409).
  if (keysInFlight.has(file)) {
    throw new StripeApiError(
      409,
      "There is currently another in-progress request using this idempotency key. Please try again later.",
      { type: "idempotency_error", code: "idempotency_key_in_use" },
    );
  }
  keysInFlight.add(file);
  try {
    // Like Stripe, only a successful result is kept: a request refused by validation may be retried.
    const body = await run();
    writeJsonAtomically(file, { method: request.method, path: pathname, paramsHash: hash, body });
    return stripeJson(body, 200, { "Idempotency-Key": key });
  } finally {
    keysInFlight.delete(file);
  }
}

const keysInFlight = new Set<string>();

const CREATE_PARAMS = new Set([
  "mode",
  "success_url",
  "cancel_url",
  "line_items",
  "metadata",
  "client_reference_id",
  "customer_email",
  "expires_at",
  "expand",
  "payment_method_types",
]);

function unknownParams(params: Params, allowed: Set<string>, prefix = "") {
  for (const key of Object.keys(params)) {
    if (!allowed.has(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw new StripeApiError(400, `Received unknown parameter: ${name}`, { param: name });
    }
  }
}

function requireString(params: Params, name: string, label = name): string {
  const value = params[name];
  if (value === undefined || value === "") {
    throw new StripeApiError(400, `Missing required param: ${label}.`, { param: label, code: "parameter_missing" });
  }
  if (typeof value !== "string") throw new StripeApiError(400, `Invalid string: ${label}`, { param: label });
  return value;
}

function optionalString(params: Params, name: string, maxLength: number): string | null {
  const value = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || value.length > maxLength) {
    throw new StripeApiError(400, `Invalid string: ${name} (at most ${maxLength} characters)`, { param: name });
  }
  return value;
}

function integerParam(value: ParamValue | undefined, label: string, min: number, max: number): number {
  if (value === undefined || value === "") {
    throw new StripeApiError(400, `Missing required param: ${label}.`, { param: label, code: "parameter_missing" });
  }
  if (typeof value !== "string" || !/^-?\d{1,15}$/.test(value)) {
    throw new StripeApiError(400, `Invalid integer: ${String(value)}`, {
      param: label,
      code: "parameter_invalid_integer",
    });
  }
  const number = Number(value);
  if (number < min || number > max) {
    throw new StripeApiError(400, `Invalid ${label}: must be between ${min} and ${max}.`, {
      param: label,
      code: "parameter_invalid_integer",
    });
  }
  return number;
}

function urlParam(params: Params, name: string, required: boolean): string | null {
  const value = required ? requireString(params, name) : optionalString(params, name, 5000);
  if (value === null) return null;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return value;
  } catch {}
  throw new StripeApiError(400, "Not a valid URL", { param: name, code: "url_invalid" });
}

function asHash(value: ParamValue | undefined, label: string): Params {
  if (value === undefined || value === "") return Object.create(null);
  if (typeof value === "string" || Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid object: ${label}`, { param: label });
  }
  return value;
}

function metadataParam(params: Params): Record<string, string> {
  const hash = asHash(params.metadata, "metadata");
  const entries = Object.entries(hash);
  if (entries.length > 50) throw new StripeApiError(400, "Metadata can have at most 50 keys.", { param: "metadata" });
  const metadata: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value !== "string" || key.length > 40 || value.length > 500) {
      throw new StripeApiError(400, `Invalid metadata[${key}]: keys up to 40 and values up to 500 characters.`, {
        param: `metadata[${key}]`,
      });
    }
    metadata[key] = value;
  }
  return metadata;
}

function expandParam(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  const expand = list.filter((v): v is string => typeof v === "string");
  for (const field of expand) {
    if (field !== "line_items") {
      throw new StripeApiError(400, `This property cannot be expanded (${field}).`, { param: "expand" });
    }
  }
  return expand;
}

function lineItemsParam(params: Params): SandboxLineItem[] {
  const value = params.line_items;
  if (value === undefined || value === "") {
    throw new StripeApiError(400, "Missing required param: line_items.", {
      param: "line_items",
      code: "parameter_missing",
    });
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LINE_ITEMS) {
    throw new StripeApiError(400, `line_items must be a list of 1 to ${MAX_LINE_ITEMS} items.`, {
      param: "line_items",
    });
  }
  return value.map((raw, index) => {
    const label = `line_items[${index}]`;
    const item = asHash(raw, label);
    unknownParams(item, new Set(["quantity", "price_data"]), label);
    if (item.price_data === undefined) {
      throw new StripeApiError(
        400,
        `Missing required param: ${label}[price_data]. (The sandbox has no saved prices.)`,
        {
          param: `${label}[price_data]`,
          code: "parameter_missing",
        },
      );
    }
    const priceData = asHash(item.price_data, `${label}[price_data]`);
    unknownParams(priceData, new Set(["currency", "unit_amount", "product_data"]), `${label}[price_data]`);
    const currency = requireString(priceData, "currency", `${label}[price_data][currency]`).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) {
      throw new StripeApiError(400, `Invalid currency: ${currency}`, { param: `${label}[price_data][currency]` });
    }
    const unitAmount = integerParam(priceData.unit_amount, `${label}[price_data][unit_amount]`, 0, 99_999_999);
    const productData = asHash(priceData.product_data, `${label}[price_data][product_data]`);
    unknownParams(productData, new Set(["name", "description"]), `${label}[price_data][product_data]`);
    const name = requireString(productData, "name", `${label}[price_data][product_data][name]`);
    const quantity = integerParam(item.quantity, `${label}[quantity]`, 1, 999_999);
    const amount = unitAmount * quantity;
    return {
      id: stripeId("li"),
      object: "item",
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency,
      description: name,
      metadata: {},
      price: {
        id: stripeId("price"),
        object: "price",
        active: false,
        currency,
        livemode: false,
        product: stripeId("prod", 14),
        type: "one_time",
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      },
      quantity,
    } satisfies SandboxLineItem;
  });
}

async function createSession(params: Params): Promise<unknown> {
  unknownParams(params, CREATE_PARAMS);
  const mode = requireString(params, "mode");
  if (mode !== "payment") {
    throw new StripeApiError(400, "The sandbox supports mode=payment only.", { param: "mode" });
  }
  const successUrl = urlParam(params, "success_url", true)!;
  const cancelUrl = urlParam(params, "cancel_url", false);
  const lineItems = lineItemsParam(params);
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency)) {
    throw new StripeApiError(400, "All line items must use the same currency.", { param: "line_items" });
  }
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  if (currency === "usd" && total < MIN_USD_AMOUNT) {
    throw new StripeApiError(400, "The Checkout Session's total amount due must add up to at least $0.50 usd", {
      param: "line_items",
      code: "amount_too_small",
    });
  }
  const created = nowSeconds();
  const expiresAt =
    params.expires_at === undefined
      ? created + MAX_SESSION_SECONDS
      : integerParam(
          params.expires_at,
          "expires_at",
          created + MIN_SESSION_SECONDS - 60,
          created + MAX_SESSION_SECONDS,
        );
  const methods = params.payment_method_types;
  const paymentMethodTypes = Array.isArray(methods) ? methods.filter((m): m is string => typeof m === "string") : [];
  const id = stripeId("cs_test", 58);
  // The hosted page is served by the store that asked for the session, next to its success URL.
  const pageUrl = new URL(`${CHECKOUT_PAGE_PATH}${id}`, new URL(successUrl).origin).href;
  const session: SandboxSession = {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: optionalString(params, "client_reference_id", 200),
    created,
    currency,
    customer: null,
    customer_email: optionalString(params, "customer_email", 800),
    expires_at: expiresAt,
    livemode: false,
    locale: null,
    metadata: metadataParam(params),
    mode: "payment",
    payment_intent: null,
    payment_method_types: paymentMethodTypes.length > 0 ? paymentMethodTypes : ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: pageUrl,
  };
  const expand = expandParam(params);
  const record: SessionRecord = { session, lineItems, deliveries: [] };
  saveRecord(record);
  return withExpansions(record, expand);
}

function lineItemList(record: SessionRecord, items = record.lineItems, hasMore = false) {
  return {
    object: "list",
    data: items,
    has_more: hasMore,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}

function withExpansions(record: SessionRecord, expand: string[]) {
  return expand.includes("line_items") ? { ...record.session, line_items: lineItemList(record) } : record.session;
}

function noSuchSession(id: string): StripeApiError {
  return new StripeApiError(404, `No such checkout.session: '${id}'`, { param: "session", code: "resource_missing" });
}

async function retrieveSession(id: string, params: Params) {
  unknownParams(params, new Set(["expand"]));
  const record = await currentRecord(id);
  if (!record) throw noSuchSession(id);
  return withExpansions(record, expandParam(params));
}

async function listLineItems(id: string, params: Params) {
  unknownParams(params, new Set(["limit", "starting_after", "ending_before", "expand"]));
  const record = await currentRecord(id);
  if (!record) throw noSuchSession(id);
  const limit = params.limit === undefined ? 10 : integerParam(params.limit, "limit", 1, 100);
  let start = 0;
  if (typeof params.starting_after === "string") {
    start = record.lineItems.findIndex((item) => item.id === params.starting_after) + 1;
    if (start === 0) throw new StripeApiError(400, "Invalid starting_after id.", { param: "starting_after" });
  }
  const page = record.lineItems.slice(start, start + limit);
  return lineItemList(record, page, start + limit < record.lineItems.length);
}

async function expireSessionThroughApi(id: string, params: Params) {
  unknownParams(params, new Set(["expand"]));
  const expand = expandParam(params);
  if (!(await currentRecord(id))) throw noSuchSession(id);
  // Of two requests expiring one session at once, only one succeeds (as on Stripe): the store relies
  // on that to put a cancelled checkout's items back in the cart once.
  const expired = closeOpenSession(id, expireSession);
  if (!expired) {
    throw new StripeApiError(400, `Only Checkout Sessions with a status of 'open' can be expired.`, {
      param: "session",
    });
  }
  await deliverEvent(expired.session, "checkout.session.expired");
  return withExpansions(expired, expand);
}

// ---------------------------------------------------------------------------------------------------------
// What a shopper (or a test) does on the hosted page, and the webhooks that follow.

export type CheckoutAction = "pay" | "cancel" | "fail" | "expire";
export const CHECKOUT_ACTIONS: readonly CheckoutAction[] = ["pay", "cancel", "fail", "expire"];

export class SandboxSessionNotFound extends Error {}

const successRedirect = (session: SandboxSession) =>
  session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
const pagePath = (session: SandboxSession) => `${CHECKOUT_PAGE_PATH}${session.id}`;

/**
 * Acts on a checkout session as the hosted page's buttons do, delivering the webhooks Stripe would send,
 * and returns where the browser goes next. Tests call it directly too.
 * - pay: complete + paid, `checkout.session.completed`, then the success URL.
 * - fail: complete + unpaid (a delayed payment method), `checkout.session.completed` and
 *   `checkout.session.async_payment_failed`, then the success URL (as Stripe redirects for delayed methods).
 * - expire: expired, `checkout.session.expired`, then back to the page (which says so).
 * - cancel: the session stays open, as on Stripe; the browser goes to the cancel URL.
 * A session that is no longer open only sends the browser back to its page.
 */
export async function actOnCheckoutSession(id: string, action: CheckoutAction): Promise<{ redirectTo: string }> {
  const record = await currentRecord(id);
  if (!record) throw new SandboxSessionNotFound(`No such checkout session: ${id}`);
  if (action === "cancel" && record.session.status === "open") {
    return { redirectTo: record.session.cancel_url ?? pagePath(record.session) };
  }
  const closed = action === "cancel" ? null : closeOpenSession(id, CLOSING_CHANGES[action]);
  if (!closed) {
    // No longer open (perhaps just now, by another request): only back to where the session stands.
    const session = loadRecord(id)?.session ?? record.session;
    return {
      redirectTo: session.status === "complete" && action === "pay" ? successRedirect(session) : pagePath(session),
    };
  }
  const { session } = closed;
  switch (action) {
    case "pay":
      await deliverEvent(session, "checkout.session.completed");
      return { redirectTo: successRedirect(session) };
    case "fail":
      await deliverEvent(session, "checkout.session.completed");
      await deliverEvent(session, "checkout.session.async_payment_failed");
      return { redirectTo: successRedirect(session) };
    default:
      await deliverEvent(session, "checkout.session.expired");
      return { redirectTo: pagePath(session) };
  }
}

/** pay: complete and paid; fail: complete and unpaid (a delayed payment method that then failed). */
function completeSession(session: SandboxSession, paymentStatus: "paid" | "unpaid") {
  session.status = "complete";
  session.payment_status = paymentStatus;
  session.payment_intent = stripeId("pi");
  session.url = null;
}

function expireSession(session: SandboxSession) {
  session.status = "expired";
  session.url = null;
}

const CLOSING_CHANGES: Record<Exclude<CheckoutAction, "cancel">, (session: SandboxSession) => void> = {
  pay: (session) => completeSession(session, "paid"),
  fail: (session) => completeSession(session, "unpaid"),
  expire: expireSession,
};

/**
 * Moves a session out of 'open', atomically: it is read, changed and saved with no `await` in between,
 * so of two requests racing on one open session (Pay in one tab, an expiry in another) exactly one
 * wins. Returns the saved record, or null when the session is not open (any more).
 */
function closeOpenSession(id: string, change: (session: SandboxSession) => void): SessionRecord | null {
  const latest = loadRecord(id);
  if (latest?.session.status !== "open") return null;
  change(latest.session);
  saveRecord(latest);
  return latest;
}

/** A session whose time is up expires, once, with its webhook. */
async function expireRecord(record: SessionRecord): Promise<SessionRecord> {
  const expired = closeOpenSession(record.session.id, expireSession);
  if (!expired) return loadRecord(record.session.id) ?? record;
  await deliverEvent(expired.session, "checkout.session.expired");
  return expired;
}

/** Sends one event to the store's webhook route, signed as Stripe signs (`t=…,v1=…`, HMAC-SHA256). */
async function deliverEvent(session: SandboxSession, type: string) {
  const event = {
    id: stripeId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() });
  const target = new URL(SANDBOX_WEBHOOK_PATH, sandboxBaseUrl());
  let status: number | null = null;
  let failure: string | null = null;
  try {
    const response = await fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signature,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (status === null || status < 200 || status >= 300) {
    // Not fatal: the return through /loader retrieves the session and fulfils the order anyway.
    console.warn(`Stripe sandbox: webhook ${type} to ${target.href} failed (${status ?? failure})`);
  }
  const latest = loadRecord(session.id);
  if (latest) {
    latest.deliveries.push({ eventId: event.id, type, at: Date.now(), status, error: failure });
    saveRecord(latest);
  }
}

/** The webhooks a session has sent (for tests and the page's log). */
export function sandboxDeliveries(id: string): DeliveryLog[] {
  return loadRecord(id)?.deliveries ?? [];
}

// ---------------------------------------------------------------------------------------------------------
// The hosted checkout page: plain HTML and plain forms, TEST MODE on every view.

const notFoundPage = () =>
  htmlPage("Checkout not found", `<h1>Checkout session not found</h1><p>This checkout link is not valid.</p>`, 404);

/** GET /stripe-sandbox/checkout/:id */
export async function renderCheckoutPage(id: string): Promise<Response> {
  if (!isSandboxEnabled()) return new Response("Not Found", { status: 404 });
  const record = await currentRecord(id);
  if (!record) return notFoundPage();
  return htmlPage("Pay Trendora", checkoutBody(record));
}

/** POST /stripe-sandbox/checkout/:id with intent=pay|cancel|fail|expire */
export async function handleCheckoutPageAction(request: Request, id: string): Promise<Response> {
  if (!isSandboxEnabled()) return new Response("Not Found", { status: 404 });
  // The page's forms are same-origin; a form on another site must not press Pay.
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") {
    return htmlPage("Refused", "<h1>Refused</h1><p>This form can only be sent from the checkout page.</p>", 403);
  }
  let intent: string | null;
  try {
    intent = (await readForm(request)).get("intent");
  } catch (error) {
    if (error instanceof BadRequest)
      return htmlPage("Bad request", `<h1>${escapeHtml(error.message)}</h1>`, error.status);
    throw error;
  }
  if (!CHECKOUT_ACTIONS.includes(intent as CheckoutAction)) {
    return htmlPage("Bad request", "<h1>Unknown action</h1><p>Use the buttons on the checkout page.</p>", 400);
  }
  try {
    const { redirectTo } = await actOnCheckoutSession(id, intent as CheckoutAction);
    return new Response(null, { status: 303, headers: { Location: redirectTo, "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof SandboxSessionNotFound) return notFoundPage();
    throw error;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return currency === "usd" ? formatMoney(cents) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

function checkoutBody({ session, lineItems }: SessionRecord): string {
  const rows = lineItems
    .map(
      (item) => `<tr>
        <th scope="row">${escapeHtml(item.description)}</th>
        <td class="num">${item.quantity}</td>
        <td class="num">${money(item.price.unit_amount, item.currency)}</td>
        <td class="num">${money(item.amount_total, item.currency)}</td>
      </tr>`,
    )
    .join("");
  const total = money(session.amount_total, session.currency);
  const returnUrl = session.cancel_url ?? new URL(session.success_url).origin;
  let status: string;
  if (session.status === "open") {
    status = `<form method="post" class="actions">
        <button type="submit" name="intent" value="pay" class="pay">Pay</button>
        <button type="submit" name="intent" value="cancel" class="secondary">Cancel</button>
      </form>
      <section class="tools" aria-labelledby="tools-heading">
        <h2 id="tools-heading">Test tools</h2>
        <p>Produce the other outcomes a real payment can have.</p>
        <form method="post" class="actions">
          <button type="submit" name="intent" value="fail" class="secondary">Simulate failed payment</button>
          <button type="submit" name="intent" value="expire" class="secondary">Expire session</button>
        </form>
      </section>`;
  } else if (session.status === "complete" && session.payment_status === "paid") {
    status = `<p class="notice" role="status">This payment is complete.</p>
      <p><a href="${escapeHtml(successRedirect(session))}">Return to Trendora</a></p>`;
  } else if (session.status === "complete") {
    status = `<p class="notice error" role="status">This payment failed.</p>
      <p><a href="${escapeHtml(returnUrl)}">Return to Trendora</a></p>`;
  } else {
    status = `<p class="notice error" role="status">This checkout session has expired.</p>
      <p><a href="${escapeHtml(returnUrl)}">Return to Trendora</a></p>`;
  }
  return `<h1>Pay Trendora</h1>
    <p class="total" data-testid="checkout-total">${total}</p>
    <table>
      <caption>Order summary</caption>
      <thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th><th scope="col" class="num">Amount</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot><tr><th scope="row" colspan="3">Total due</th><td class="num">${total}</td></tr></tfoot>
    </table>
    ${status}`;
}

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f6f9fc}
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

function htmlPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE · ${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="banner" role="note">TEST MODE · Stripe sandbox · no real payment is taken</div>
<main>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' http: https:",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
