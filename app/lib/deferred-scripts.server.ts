// The app's JavaScript waits until the first screen is drawn (docs/decisions/0150-first-screen-sooner.md).
// React Router's <Scripts> puts a <link rel="modulepreload"> in the head for every module of the page (about 20,
// 110 KB compressed) and a module script whose imports start them all at once: on a phone's link they share it
// with the stylesheet and the first picture, and the first screen waits for them. This rewrites the HTML React
// renders so that the browser fetches none of them yet: the preloads get a rel it does not know
// (APP_PRELOAD_REL) and the module script a type it does not run (APP_MODULE_TYPE). root.tsx's StartAppScripts
// turns both back once the first frame is drawn. Until then the page is plain HTML, which works without
// JavaScript anyway.
//
// On its way it also writes React Router's route manifest (`window.__reactRouterManifest`, which <Scripts>
// pretty-prints with two-space indents: a third of its size) as compact JSON: the same object, about 1.3 KB less
// on every page; and it leaves the module preloads out altogether: they list exactly the manifest's entry and
// the page's routes' modules and imports, from which the start script makes them (about 2 KB less on every
// page, docs/decisions/0161-smaller-pages.md). And it writes React Router's hydration data (the turbo-stream
// it writes as a JSON string literal, where every one of the data's quotes is `\"`) as a single-quoted literal:
// the same string, about 800 bytes less on a list page (decision 0165).

import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { APP_MODULE_TYPE } from "./deferred-scripts.tsx";

/** A module preload React Router wrote (the entry, or a module of one of the page's routes). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

/** The manifest as <Scripts> writes it: `JSON.stringify(manifest, null, 2)`, whose only unindented `}` is its last. */
const MANIFEST = /(window\.__reactRouterManifest = )(\{\n[\s\S]*?\n\})(;)/;

/** The manifest's JSON without its indentation; left as it is if it is not JSON after all. */
function compactManifest(html: string): string {
  return html.replace(MANIFEST, (whole, start: string, json: string, end: string) => {
    try {
      return `${start}${JSON.stringify(JSON.parse(json))}${end}`;
    } catch {
      return whole;
    }
  });
}

/**
 * React Router's hydration data as <Scripts> writes it: `enqueue(${escapeHtml(JSON.stringify(chunk))});`, a
 * JSON string literal, matched whole (a `\"` inside it does not end it).
 */
const HYDRATION_DATA = /(streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);)/g;

/** How a character is written in a single-quoted literal when it cannot be written as itself. */
const ESCAPED: Record<string, string> = {
  "\\": "\\\\",
  "'": "\\'",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

/**
 * `text` as a single-quoted JavaScript string literal: a quote `"` is itself; `\`, `'`, control characters and
 * the line separators are escaped, and so are `<`, `>` and `&` as React Router escapes them (no `</script>` or
 * `<!--` can appear in the script).
 */
export function singleQuoted(text: string): string {
  return `'${text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it escapes
    /[\\'\u0000-\u001f<>&\u2028\u2029]/g,
    (c) => ESCAPED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )}'`;
}

/** The hydration data's literals single-quoted; one that is not a JSON string after all is left as it was. */
function singleQuoteData(html: string): string {
  return html.replace(HYDRATION_DATA, (whole, start: string, literal: string, end: string) => {
    try {
      const value: unknown = JSON.parse(literal);
      return typeof value === "string" ? `${start}${singleQuoted(value)}${end}` : whole;
    } catch {
      return whole;
    }
  });
}

/**
 * The page's HTML with its module preloads left out (the start script makes them from the manifest), its module
 * script held back, the route manifest compact and the hydration data single-quoted (exported for the unit test).
 */
export function holdBackAppScripts(html: string): string {
  return singleQuoteData(
    compactManifest(
      html
        .replace(MODULE_PRELOAD, "")
        .replace(MODULE_SCRIPT, (_, nonce = "") => `<script${nonce} type="${APP_MODULE_TYPE}">`),
    ),
  );
}

/**
 * Where the part of `text` that can be written now ends: before a tag cut between two chunks, and before a
 * script whose end has not arrived yet (the manifest is rewritten whole).
 */
function safeEnd(text: string): number {
  const open = text.lastIndexOf("<");
  let cut = open !== -1 && text.indexOf(">", open) === -1 ? open : text.length;
  const script = text.lastIndexOf("<script");
  if (script !== -1 && text.indexOf("</script>", script) === -1) cut = Math.min(cut, script);
  return cut;
}

/**
 * A stream of the page's HTML as React writes it, rewritten as above. A tag cut between two chunks, or a script
 * not yet ended, is held until its end arrives, so the rewrite never misses one; everything else passes through
 * as it comes.
 */
export function deferAppScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const cut = safeEnd(text);
      held = text.slice(cut);
      callback(null, holdBackAppScripts(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, holdBackAppScripts(held + decoder.end()));
    },
  });
}
