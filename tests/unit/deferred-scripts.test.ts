// The page's module preloads and module script are held back until the first screen is shown
// (app/lib/deferred-scripts.server.ts, docs/decisions/0150 and 0175): every one of them, wherever React's chunks cut them.
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

  /** The held-back page in a browser made of plain objects: what the start script adds and replaces, and when. */
  function fakePage({ visibility = "visible", mainPicture }: { visibility?: string; mainPicture?: FakePicture } = {}) {
    const script = /<script nonce="n0nce==" type="text\/x-app-module">([\s\S]*?)<\/script>/.exec(HELD)![1]!;
    const added: Record<string, string>[] = [];
    const replaced: Record<string, string>[] = [];
    const listeners: Record<string, () => void> = {};
    const held = {
      textContent: script,
      nonce: "n0nce==",
      replaceWith: (element: Record<string, string>) => replaced.push(element),
    };
    const document = {
      readyState: "complete",
      visibilityState: visibility,
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      head: { appendChild: (element: Record<string, string>) => added.push(element) },
      createElement: (tagName: string) => ({ tagName }),
      querySelector: (selector: string) => (selector === 'img[elementtiming="main"]' ? (mainPicture ?? null) : null),
      querySelectorAll: (selector: string) => (selector === `script[type="${APP_MODULE_TYPE}"]` ? [held] : []),
    };
    const start = /<script[^>]*>([\s\S]*)<\/script>/.exec(renderToStaticMarkup(createElement(StartAppScripts)))![1]!;
    return { script, added, replaced, listeners, document, start };
  }
  type FakePicture = ReturnType<typeof picture>;

  /**
   * A browser that reports paint entries (and Element Timing's, with `element`): `report(type, name)` delivers an
   * entry to the observers of that type, as the browser does once the frame is on the screen.
   */
  function entries({ element = true } = {}) {
    const observers: { type: string; callback: (list: unknown) => void; connected: boolean }[] = [];
    function performanceObserver(callback: (list: unknown) => void) {
      const observer = { type: "", callback, connected: true };
      observers.push(observer);
      return {
        observe: ({ type }: { type: string }) => {
          observer.type = type;
        },
        disconnect: () => {
          observer.connected = false;
        },
      };
    }
    performanceObserver.supportedEntryTypes = ["paint", "largest-contentful-paint", ...(element ? ["element"] : [])];
    return {
      PerformanceObserver: performanceObserver,
      report(type: string, name: string) {
        const list = {
          getEntries: () => [{ name, identifier: name }],
          getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []),
        };
        for (const o of observers.filter((o) => o.connected && o.type === type)) o.callback(list);
      },
    };
  }

  /** A picture as the start script sees it, whose events the test fires. */
  function picture(complete: boolean, rect = { top: 100, bottom: 400, width: 300 }) {
    const listeners: Record<string, () => void> = {};
    return {
      complete,
      listeners,
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      getBoundingClientRect: () => rect,
    };
  }

  /** React Router's preloads of PAGE, as the start script should make them: the entry, its imports, the routes'. */
  const PRELOADS = [...PAGE.matchAll(/<link rel="modulepreload" href="([^"]*)"/g)]
    .map(([, href]) => ({ tagName: "link", rel: "modulepreload", href, nonce: "n0nce==" }))
    .concat([{ tagName: "link", rel: "modulepreload", href: "/assets/root-D.js", nonce: "n0nce==" }]);

  const run = (page: ReturnType<typeof fakePage>, browser: { PerformanceObserver?: unknown }, tasks: (() => void)[]) =>
    new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      "addEventListener",
      "PerformanceObserver",
      "innerHeight",
      page.start,
    )(
      page.document,
      (callback: () => void) => tasks.push(callback),
      (callback: () => void) => tasks.push(callback),
      (type: string, listener: () => void) => {
        page.listeners[`window:${type}`] = listener;
      },
      browser.PerformanceObserver,
      800,
    );

  it("starts, once the first paint is reported and a task later, the preloads from the manifest, then the module script", () => {
    const page = fakePage();
    const browser = entries();
    const tasks: (() => void)[] = [];
    run(page, browser, tasks);
    // Nothing before the first contentful paint: not at a frame, not at the load event (no listener for it).
    expect(tasks).toEqual([]);
    expect(page.listeners["window:load"]).toBeUndefined();
    browser.report("paint", "first-paint");
    expect(tasks).toEqual([]);
    browser.report("paint", "first-contentful-paint");
    expect(page.added).toEqual([]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(page.added).toEqual(PRELOADS);
    expect(page.replaced).toEqual([{ tagName: "script", type: "module", nonce: "n0nce==", textContent: page.script }]);
  });

  it("with a main picture, waits until it is shown too (or has failed, or is off the screen at load)", () => {
    for (const end of ["shown", "error", "off the screen"] as const) {
      const mainPicture = picture(true, end === "off the screen" ? { top: 900, bottom: 1200, width: 300 } : undefined);
      const page = fakePage({ mainPicture });
      const browser = entries();
      const tasks: (() => void)[] = [];
      run(page, browser, tasks);
      browser.report("paint", "first-contentful-paint");
      // Loaded is not enough: a busy browser shows a loaded picture much later.
      page.listeners["window:load"]?.();
      if (end !== "off the screen") expect(tasks, end).toEqual([]);
      if (end === "shown") browser.report("element", "main");
      if (end === "error") mainPicture.listeners.error!();
      expect(tasks, end).toHaveLength(1);
      tasks.shift()!();
      expect(page.added, end).toEqual(PRELOADS);
      expect(page.replaced, end).toHaveLength(1);
    }
    // On the screen at the load event, not shown yet: waits.
    const waiting = fakePage({ mainPicture: picture(true) });
    const tasks: (() => void)[] = [];
    run(waiting, entries(), tasks);
    waiting.listeners["window:load"]?.();
    expect(tasks).toEqual([]);
  });

  it("without Element Timing, waits for the main picture's load; in a hidden tab, starts at once", () => {
    const mainPicture = picture(false);
    const page = fakePage({ mainPicture });
    const browser = entries({ element: false });
    const tasks: (() => void)[] = [];
    run(page, browser, tasks);
    browser.report("paint", "first-contentful-paint");
    expect(tasks).toEqual([]);
    mainPicture.listeners.load!();
    tasks.shift()!();
    expect(page.added).toEqual(PRELOADS);
    expect(page.replaced).toHaveLength(1);

    const hidden = fakePage({ visibility: "hidden" });
    run(hidden, entries(), []);
    expect(hidden.added).toEqual(PRELOADS);
    expect(hidden.replaced).toHaveLength(1);
    // A tab hidden before its first paint starts then.
    const hiddenLater = fakePage();
    run(hiddenLater, entries(), []);
    expect(hiddenLater.replaced).toEqual([]);
    hiddenLater.document.visibilityState = "hidden";
    hiddenLater.listeners.visibilitychange!();
    expect(hiddenLater.replaced).toHaveLength(1);
  });

  it("in a browser without paint entries, starts after the first frame and a task, or at the load event", () => {
    const page = fakePage();
    const tasks: (() => void)[] = [];
    run(page, {}, tasks);
    expect(page.added).toEqual([]);
    tasks.shift()!(); // the frame
    tasks.shift()!(); // the task after it
    expect(page.added).toEqual(PRELOADS);
    expect(page.replaced).toEqual([{ tagName: "script", type: "module", nonce: "n0nce==", textContent: page.script }]);

    const noFrame = fakePage();
    run(noFrame, {}, []);
    noFrame.listeners["window:load"]!();
    expect(noFrame.added).toEqual(PRELOADS);
    expect(noFrame.replaced).toHaveLength(1);
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
