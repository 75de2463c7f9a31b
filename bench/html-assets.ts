// The CSS and JavaScript a page loads, read from its HTML: <link rel="stylesheet">, <link rel="modulepreload">,
// <script src>, and the modules an inline <script type="module"> imports (also while the page holds them back
// until its first frame is drawn: app/lib/deferred-scripts.tsx), with the module preloads its start script makes
// from React Router's manifest in that script (the entry's and the page's routes' imports).
import { APP_MODULE_TYPE } from "../app/lib/deferred-scripts.tsx";

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

type ManifestRoute = { module: string; imports?: string[] };

/**
 * The modules the page's start script preloads (app/lib/deferred-scripts.tsx): from the manifest in React
 * Router's module script, the entry and its imports, then each of the page's routes' module and imports.
 */
export function manifestPreloads(script: string): string[] {
  const found = /__reactRouterManifest = ([\s\S]*?);\s*window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(script);
  if (!found) return [];
  const manifest = JSON.parse(found[1]!) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, ManifestRoute | undefined>;
  };
  const modules = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const [, id] of found[2]!.matchAll(/"([^"]+)":route\d+/g)) {
    const route = manifest.routes[id!];
    if (route) modules.push(route.module, ...(route.imports ?? []));
  }
  return [...new Set(modules)];
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
    else if (rel.includes("modulepreload")) scripts.add(resolve(href));
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
    for (const module of manifestPreloads(match[2]!)) scripts.add(resolve(module));
  }
  return { stylesheets: [...stylesheets], scripts: [...scripts] };
}
