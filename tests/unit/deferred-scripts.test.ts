// The page's module preloads and module script are held back until the first frame is drawn
// (app/lib/deferred-scripts.server.ts, docs/decisions/0150): every one of them, wherever React's chunks cut them.
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferAppScripts, holdBackAppScripts, singleQuoted } from "#app/lib/deferred-scripts.server.ts";
import { APP_MODULE_TYPE, StartAppScripts } from "#app/lib/deferred-scripts.tsx";

const PAGE = `<!DOCTYPE html><html lang="en"><head><link rel="preload" as="image" imageSrcSet="/uploads/a-200.webp 200w"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce=="/><link rel="modulepreload" href="/assets/chunk-B.js" nonce="n0nce=="/><link nonce="n0nce==" rel="stylesheet" href="/assets/root-C.css"/></head><body><p>Prices from ₹499 — “Jost” &amp; ✓</p><script nonce="n0nce==">window.__reactRouterContext = {};</script><script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root-D.js";
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.client-A.js",
    "imports": [
      "/assets/chunk-B.js"
    ],
    "css": []
  },
  "routes": {
    "root": {
      "id": "root",
      "path": "",
      "hasLoader": true,
      "module": "/assets/root-D.js"
    }
  },
  "url": "/assets/manifest-E.js"
};
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-A.js");</script><script nonce="n0nce==">(function(){})()</script></body></html>`;

const MANIFEST_JSON = PAGE.slice(PAGE.indexOf("= {\n") + 2, PAGE.indexOf("\n};") + 2);
const COMPACT = JSON.stringify(JSON.parse(MANIFEST_JSON));

const HELD = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "")
  .replace('<script nonce="n0nce==" type="module" async="">', `<script nonce="n0nce==" type="${APP_MODULE_TYPE}">`)
  .replace(MANIFEST_JSON, COMPACT);

describe("holding back the app's scripts until the first frame", () => {
  it("gives every module preload a rel and the module script a type the browser ignores, and nothing else", () => {
    expect(holdBackAppScripts(PAGE)).toBe(HELD);
    // The route manifest: the same object, without the indentation.
    expect(COMPACT).toBe(
      '{"entry":{"module":"/assets/entry.client-A.js","imports":["/assets/chunk-B.js"],"css":[]},"routes":{"root":{"id":"root","path":"","hasLoader":true,"module":"/assets/root-D.js"}},"url":"/assets/manifest-E.js"}',
    );
    expect(HELD).toContain(`window.__reactRouterManifest = ${COMPACT};`);
    // The module preloads are left out: the start script makes them from the manifest (below).
    expect(HELD).not.toContain('rel="modulepreload"');
    expect(HELD).not.toContain('type="module"');
    // Everything else is as React wrote it: the stylesheet, the image preload, the other scripts, the text.
    expect(HELD.replace(/ type="text\/x-app-module"/g, "")).toBe(
      PAGE.replace(/<link rel="modulepreload"[^>]*>| type="module" async=""/g, "").replace(MANIFEST_JSON, COMPACT),
    );
  });

  it("rewrites the stream the same whatever the chunks, even cut inside a tag or a character", async () => {
    const bytes = Buffer.from(PAGE);
    for (const size of [1, 2, 3, 7, 64, 500, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(deferAppScripts())), `chunks of ${size}`).toBe(HELD);
    }
  });

  it("starts, after the first frame, the preloads React Router wrote, from the manifest, then the module script", () => {
    const script = /<script nonce="n0nce==" type="text\/x-app-module">([\s\S]*?)<\/script>/.exec(HELD)![1]!;
    const added: Record<string, string>[] = [];
    const replaced: Record<string, string>[] = [];
    const held = {
      textContent: script,
      nonce: "n0nce==",
      replaceWith: (element: Record<string, string>) => replaced.push(element),
    };
    const document = {
      readyState: "complete",
      head: { appendChild: (element: Record<string, string>) => added.push(element) },
      createElement: (tagName: string) => ({ tagName }),
      querySelectorAll: (selector: string) => (selector === `script[type="${APP_MODULE_TYPE}"]` ? [held] : []),
    };
    const start = /<script[^>]*>([\s\S]*)<\/script>/.exec(renderToStaticMarkup(createElement(StartAppScripts)))![1]!;
    // The first frame and the task after it come at once here.
    new Function("document", "requestAnimationFrame", "setTimeout", "addEventListener", start)(
      document,
      (run: () => void) => run(),
      (run: () => void) => run(),
      () => {},
    );
    // As the links React Router wrote (PAGE): the entry, its imports, then the page's routes' modules, each once.
    expect(added).toEqual(
      [...PAGE.matchAll(/<link rel="modulepreload" href="([^"]*)"/g)]
        .map(([, href]) => ({
          tagName: "link",
          rel: "modulepreload",
          href,
          nonce: "n0nce==",
        }))
        .concat([{ tagName: "link", rel: "modulepreload", href: "/assets/root-D.js", nonce: "n0nce==" }]),
    );
    expect(replaced).toEqual([{ tagName: "script", type: "module", nonce: "n0nce==", textContent: script }]);
  });
});

describe("the hydration data single-quoted", () => {
  // What React Router writes: `enqueue(${escapeHtml(JSON.stringify(chunk))});` (its markup.ts).
  const escapeHtml = (html: string) =>
    html.replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const written = (chunk: string) =>
    `<script nonce="n">window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(chunk))});</script>`;
  /** The string a script's enqueue() call hands over when the browser runs it. */
  const enqueued = (html: string) => {
    const source = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const got: string[] = [];
    new Function("window", source)({
      __reactRouterContext: { streamController: { enqueue: (s: string) => got.push(s) } },
    });
    return got;
  };
  const TRICKY = [
    '[{"_1":2},"loaderData",{"name":"Amelia \\"Amy\\" O\'Hara"},"back\\slash"]\n',
    "</script><script>alert(1)</script> <!-- & > \u2028 \u2029 \t \r \b \f \u0000 \u001f ₹499 “Jost” 😀 \\' \\\\'",
    "",
  ];

  it("hands over the same string as React Router's double-quoted literal, with no escaped quote", () => {
    for (const chunk of TRICKY) {
      const before = written(chunk);
      const after = holdBackAppScripts(before);
      expect(enqueued(after), chunk).toEqual([chunk]);
      expect(enqueued(before)).toEqual([chunk]);
      // One byte less for every quote, one more for every apostrophe; every other character is written alike.
      const count = (c: string) => chunk.split(c).length - 1;
      expect(after.length).toBe(before.length - count('"') + count("'"));
      // Nothing in it can end the script or open a comment.
      expect(after.match(/<\/script>/g)).toHaveLength(1);
      expect(after.slice(after.indexOf(">") + 1)).not.toMatch(/<!--|<script/);
    }
    // A page's data (a turbo-stream): no escaped quote left.
    const data = JSON.stringify([{ _1: 2, _3: -5 }, "loaderData", { _5: 6 }, "root", "Tee"]);
    expect(holdBackAppScripts(written(data))).not.toContain('\\"');
  });

  it("writes every character a single-quoted literal cannot hold as an escape", () => {
    expect(singleQuoted(`a"b'c\\d\ne<f>&`)).toBe(`'a"b\\'c\\\\d\\ne\\u003cf\\u003e\\u0026'`);
  });
});
