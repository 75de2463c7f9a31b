import { describe, expect, it } from "vitest";
import { pageAssets, tagAttributes } from "../../bench/html-assets.ts";

const PAGE = "http://127.0.0.1:4000/products/men?page=2";

describe("pageAssets", () => {
  it("finds the stylesheets, module preloads, scripts and inline module imports of a React Router page", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="icon" href="/favicon.svg">
      <link rel="modulepreload" href="/assets/entry.client-AAA.js"/>
      <link rel="modulepreload" href="/assets/chunk-BBB.js"/>
      <link rel="stylesheet" href="/assets/root-CCC.css"/>
      <link rel="preload" as="image" href="/uploads/x.webp">
      <link href='/assets/extra.css' rel='stylesheet alternate'>
      <link rel=stylesheet href=/assets/bare.css>
      </head><body>
      <script>window.__reactRouterContext = {"a":"<link rel='stylesheet' href='/nope.css'>"};</script>
      <script type="module" async="">import "/assets/manifest-DDD.js";
import * as route0 from "/assets/root-EEE.js";
import * as route1 from "/assets/products-FFF.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-AAA.js");</script>
      <script src="/assets/legacy.js" defer></script>
      <script src="https://cdn.example.com/x.js"></script>
      </body></html>`;
    expect(pageAssets(html, PAGE)).toEqual({
      stylesheets: [
        "http://127.0.0.1:4000/assets/root-CCC.css",
        "http://127.0.0.1:4000/assets/extra.css",
        "http://127.0.0.1:4000/assets/bare.css",
      ],
      scripts: [
        "http://127.0.0.1:4000/assets/entry.client-AAA.js",
        "http://127.0.0.1:4000/assets/chunk-BBB.js",
        "http://127.0.0.1:4000/assets/manifest-DDD.js",
        "http://127.0.0.1:4000/assets/root-EEE.js",
        "http://127.0.0.1:4000/assets/products-FFF.js",
        "http://127.0.0.1:4000/assets/legacy.js",
        "https://cdn.example.com/x.js",
      ],
    });
  });

  it("resolves relative addresses against the page and decodes entities", () => {
    const html = `<link rel="stylesheet" href="../assets/a.css?v=1&amp;x=2"><script src="b.js"></script>`;
    expect(pageAssets(html, PAGE)).toEqual({
      stylesheets: ["http://127.0.0.1:4000/assets/a.css?v=1&x=2"],
      scripts: ["http://127.0.0.1:4000/products/b.js"],
    });
  });

  it("finds nothing in a page without assets", () => {
    expect(pageAssets("<p>Hello</p><script>console.log('import(\"/x.js\")')</script>", PAGE)).toEqual({
      stylesheets: [],
      scripts: [],
    });
  });
});

describe("tagAttributes", () => {
  it("reads double-quoted, single-quoted, bare and empty attributes", () => {
    const attributes = tagAttributes(`<link REL="stylesheet" href='/a.css' media=print crossorigin>`);
    expect(Object.fromEntries(attributes)).toEqual({
      rel: "stylesheet",
      href: "/a.css",
      media: "print",
      crossorigin: "",
    });
  });
});

describe("pageAssets of a page that holds its scripts back until its first frame", () => {
  it("counts the module script a page holds back and the preloads its start script makes from the manifest", () => {
    const html = `<head></head><body>
      <script nonce="n" type="text/x-app-module">;
import * as route0 from "/assets/root-EEE.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-AAA.js","imports":["/assets/chunk-BBB.js"],"css":[]},"routes":{"root":{"id":"root","module":"/assets/root-EEE.js","imports":["/assets/chunk-BBB.js","/assets/header-GGG.js"]},"routes/home":{"id":"routes/home","module":"/assets/home-HHH.js","imports":["/assets/home-III.js"]}}};
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-AAA.js");</script></body>`;
    expect(pageAssets(html, PAGE).scripts).toEqual([
      "http://127.0.0.1:4000/assets/root-EEE.js",
      "http://127.0.0.1:4000/assets/entry.client-AAA.js",
      "http://127.0.0.1:4000/assets/chunk-BBB.js",
      "http://127.0.0.1:4000/assets/header-GGG.js",
    ]);
  });
});
