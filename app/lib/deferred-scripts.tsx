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
 */
const START = String.raw`(function(){var done=false,d=document,P=typeof PerformanceObserver==="function"&&PerformanceObserver,types=(P&&P.supportedEntryTypes)||[];function preload(s){try{var t=s.textContent,m=/__reactRouterManifest = ([\s\S]*?);\s*window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(t);if(!m)return;var man=JSON.parse(m[1]),urls=[man.entry.module].concat(man.entry.imports||[]),seen={};m[2].replace(/"([^"]+)":route\d+/g,function(all,id){var r=man.routes[id];if(r)urls=urls.concat(r.clientActionModule||[],r.clientLoaderModule||[],r.clientMiddlewareModule||[],r.hydrateFallbackModule||[],r.module,r.imports||[]);return all});urls.forEach(function(u){if(!u||seen[u])return;seen[u]=1;var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=s.nonce;d.head.appendChild(l)})}catch(e){}}function start(){if(done)return;done=true;d.querySelectorAll('script[type="${APP_MODULE_TYPE}"]').forEach(function(s){preload(s);var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}function soon(){setTimeout(start,0)}function hidden(){if(d.visibilityState==="hidden")start()}function observe(type,seen,then){var o=new P(function(list){if(seen(list)){o.disconnect();then()}});o.observe({type:type,buffered:true})}function painted(){var img=d.querySelector('img[elementtiming="main"]');if(!img)return soon();img.addEventListener("error",soon,{once:true});if(types.indexOf("element")<0){if(img.complete)soon();else img.addEventListener("load",soon,{once:true});return}observe("element",function(list){return list.getEntries().some(function(e){return e.identifier==="main"})},soon);addEventListener("load",function(){var r=img.getBoundingClientRect();if(r.bottom<=0||r.top>=innerHeight||r.width===0)soon()},{once:true})}hidden();d.addEventListener("visibilitychange",hidden);if(types.indexOf("paint")>=0){observe("paint",function(list){return list.getEntriesByName("first-contentful-paint").length>0},painted);return}function afterFrame(){requestAnimationFrame(soon)}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",afterFrame,{once:true});else afterFrame();addEventListener("load",start,{once:true})})()`;

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
