// The other half of app/lib/deferred-scripts.server.ts: the page arrives with its module script held back (a type
// the browser ignores) and without module preloads, and this inline script starts both once the first screen is
// shown, so the app's JavaScript never competes with the stylesheet and the first picture.
import { useContext } from "react";
import { CspNonceContext } from "./csp-nonce.tsx";

/** The type the page's module script carries until the first screen is shown. */
export const APP_MODULE_TYPE = "text/x-app-module";

/**
 * Spread on a page's main picture (the largest thing on its first screen: the home page's hero, the first card of
 * a main grid, the product's photo): the browser then reports when that picture was shown (Element Timing), and
 * the app's scripts wait for it. At most one a page.
 */
export const MAIN_PICTURE = { elementtiming: "main" } as Record<string, string>;

/**
 * When the first screen has been shown (decision 0175): once the browser reports the page's first contentful
 * paint (a `paint` PerformanceObserver entry, queued only once the frame was presented) and, if the page has a
 * main picture (MAIN_PICTURE), once that picture was shown (an `element` entry, Element Timing, where the browser
 * has it) or, without Element Timing, once it has loaded; a task later. A main picture that fails, or that is not
 * on the screen at the load event (a page reloaded scrolled down), waits for nothing. Then the module preloads
 * React Router would have written (the manifest's entry and its imports, then each of the page's routes'
 * modules and imports, as its <Scripts> lists them; read from the manifest in the held-back script, decision
 * 0161), then the module script as a module script (a new element: a script's type is read once). If the
 * manifest cannot be read the app starts all the same, its modules fetched as they are imported.
 *
 * Not at the first animation frame (0150's moment): on a busy machine Chromium ran that frame and committed it,
 * then dropped every frame for up to two seconds, so the paint reached the screen after the scripts had been
 * fetched and run, and Lighthouse counted them all before the first paint. A hidden page (a background tab:
 * nothing is drawn) starts at once; a browser without paint entries starts after the first frame, or at the
 * load event, as before. Started before the load event, the scripts hold it up, so `load` means "the app is
 * running" whenever the first screen is shown before the load event (always but on an overloaded machine); the
 * end-to-end tests wait for the app itself after a page load (tests/e2e/fixtures.ts).
 *
 * Minified (esbuild's minify, by hand once: every page carries it, and /products must stay under 50 KB); the
 * unit tests (tests/unit/deferred-scripts.test.ts) run it through each of the ways above.
 */
const START = String.raw`(function(){var s=!1,n=document,f=typeof PerformanceObserver=="function"&&PerformanceObserver,p=f&&f.supportedEntryTypes||[];function h(e){try{var t=e.textContent,i=/__reactRouterManifest = ([\s\S]*?);\s*window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(t);if(!i)return;var c=JSON.parse(i[1]),u=[c.entry.module].concat(c.entry.imports||[]),E={};i[2].replace(/"([^"]+)":route\d+/g,function(o,d){var a=c.routes[d];return a&&(u=u.concat(a.clientActionModule||[],a.clientLoaderModule||[],a.clientMiddlewareModule||[],a.hydrateFallbackModule||[],a.module,a.imports||[])),o}),u.forEach(function(o){if(!(!o||E[o])){E[o]=1;var d=n.createElement("link");d.rel="modulepreload",d.href=o,d.nonce=e.nonce,n.head.appendChild(d)}})}catch(o){}}function l(){s||(s=!0,n.querySelectorAll('script[type="${APP_MODULE_TYPE}"]').forEach(function(e){h(e);var t=n.createElement("script");t.type="module",t.nonce=e.nonce,t.textContent=e.textContent,e.replaceWith(t)}))}function r(){setTimeout(l,0)}function m(){n.visibilityState==="hidden"&&l()}function v(e,t,i){var c=new f(function(u){t(u)&&(c.disconnect(),i())});c.observe({type:e,buffered:!0})}function g(){var e=n.querySelector('img[elementtiming="main"]');if(!e)return r();if(e.addEventListener("error",r,{once:!0}),p.indexOf("element")<0){e.complete?r():e.addEventListener("load",r,{once:!0});return}v("element",function(t){return t.getEntries().some(function(i){return i.identifier==="main"})},r),addEventListener("load",function(){var t=e.getBoundingClientRect();(t.bottom<=0||t.top>=innerHeight||t.width===0)&&r()},{once:!0})}if(m(),n.addEventListener("visibilitychange",m),p.indexOf("paint")>=0){v("paint",function(e){return e.getEntriesByName("first-contentful-paint").length>0},g);return}function y(){requestAnimationFrame(r)}n.readyState==="loading"?n.addEventListener("DOMContentLoaded",y,{once:!0}):y(),addEventListener("load",l,{once:!0})})()`;

/** Rendered right after React Router's <Scripts />. */
export function StartAppScripts() {
  return (
    <script
      nonce={useContext(CspNonceContext)}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, nothing anyone sent
      dangerouslySetInnerHTML={{ __html: START }}
    />
  );
}
