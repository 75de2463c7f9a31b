// Stripe's form-encoded parameters: parsing them back into objects and lists, and reading typed values out
// of them with Stripe's own error messages (a StripeApiError with the parameter's name).
import { StripeApiError } from "./errors.server.ts";

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_PARAMS = 2000;
const MAX_DEPTH = 6;

/**
 * Stripe's form encoding back into objects: `line_items[0][price_data][unit_amount]=100` and
 * `expand[]=line_items`. Objects whose keys are 0..n-1 become arrays.
 */
export function parseStripeParams(search: URLSearchParams): Params {
  const root: Params = Object.create(null);
  let count = 0;
  for (const [rawKey, value] of search) {
    if (++count > MAX_PARAMS) throw new StripeApiError(400, "Too many parameters.");
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new StripeApiError(400, `Invalid parameter name: ${rawKey}`, { param: rawKey });
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (keys.length > MAX_DEPTH || keys.some((k) => FORBIDDEN_KEYS.has(k))) {
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

/** Refuses any parameter not in `allowed`, as Stripe does ("Received unknown parameter"). */
export function refuseUnknownParams(params: Params, allowed: Set<string>, prefix = "") {
  for (const key of Object.keys(params)) {
    if (!allowed.has(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw new StripeApiError(400, `Received unknown parameter: ${name}`, { param: name });
    }
  }
}

const missing = (label: string) =>
  new StripeApiError(400, `Missing required param: ${label}.`, { param: label, code: "parameter_missing" });

export function requireString(params: Params, name: string, label = name): string {
  const value = params[name];
  if (value === undefined || value === "") throw missing(label);
  if (typeof value !== "string") throw new StripeApiError(400, `Invalid string: ${label}`, { param: label });
  return value;
}

export function optionalString(params: Params, name: string, maxLength: number): string | null {
  const value = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || value.length > maxLength) {
    throw new StripeApiError(400, `Invalid string: ${name} (at most ${maxLength} characters)`, { param: name });
  }
  return value;
}

export function integerParam(value: ParamValue | undefined, label: string, min: number, max: number): number {
  if (value === undefined || value === "") throw missing(label);
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

/** An http(s) URL as given; null when an optional one is absent. */
export function urlParam(params: Params, name: string, required: boolean): string | null {
  const value = required ? requireString(params, name) : optionalString(params, name, 5000);
  if (value === null) return null;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return value;
  } catch {}
  throw new StripeApiError(400, "Not a valid URL", { param: name, code: "url_invalid" });
}

export function asHash(value: ParamValue | undefined, label: string): Params {
  if (value === undefined || value === "") return Object.create(null);
  if (typeof value === "string" || Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid object: ${label}`, { param: label });
  }
  return value;
}

export function metadataParam(params: Params): Record<string, string> {
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

/** `expand[]`: the sandbox can expand a session's `line_items` only. */
export function expandParam(params: Params): string[] {
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
