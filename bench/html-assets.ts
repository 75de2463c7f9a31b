// The CSS and JavaScript a page loads, read from its HTML: <link rel="stylesheet">, <link rel="modulepreload">,
// <script src>, and the modules an inline <script type="module"> imports (also while the page holds them back
// until its first frame is drawn: app/lib/deferred-scripts.tsx).
import { APP_MODULE_TYPE, APP_PRELOAD_REL } from "../app/lib/deferred-scripts.tsx";

export type PageAssets = { stylesheets: string[]; scripts: string[] };

/** The attributes of one start tag, names lower-cased ("<link rel=stylesheet href='/a.css'>"). */
export function tagAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const body = tag.replace(/^<\s*[a-z0-9-]+/i, "").replace(/\/?>$/, "");
  for (const match of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Absolute URLs of the stylesheets and scripts `html` (served at `pageUrl`) loads, each once, in order. */
export function pageAssets(html: string, pageUrl: string): PageAssets {
  const stylesheets = new Set<string>();
  const scripts = new Set<string>();
  const resolve = (href: string) => new URL(href, pageUrl).href;

  // Links are read outside scripts only: a script's text may hold markup that is not part of the page.
  const outsideScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  for (const [tag] of outsideScripts.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = tagAttributes(tag);
    const href = attributes.get("href");
    if (!href) continue;
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("stylesheet")) stylesheets.add(resolve(href));
    // A module preload held back until the first frame is drawn (app/lib/deferred-scripts.tsx) is one all the same.
    else if (rel.includes("modulepreload") || rel.includes(APP_PRELOAD_REL)) scripts.add(resolve(href));
  }

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = tagAttributes(`<script${match[1]}>`);
    const src = attributes.get("src");
    if (src) {
      scripts.add(resolve(src));
      continue;
    }
    const type = (attributes.get("type") ?? "").toLowerCase();
    if (type !== "module" && type !== APP_MODULE_TYPE) continue;
    // import x from "/a.js"; import "/a.js"; import("/a.js")
    for (const imported of match[2]!.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*["']([^"']+)["']/g)) {
      scripts.add(resolve(imported[1]!));
    }
  }
  return { stylesheets: [...stylesheets], scripts: [...scripts] };
}
