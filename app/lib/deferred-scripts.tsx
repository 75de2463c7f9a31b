// The other half of app/lib/deferred-scripts.server.ts: the page arrives with its module script held back (a type
// the browser ignores) and without module preloads, and this inline script starts both once the first screen is
// shown, so the app's JavaScript never competes with the stylesheet and the first picture.
import { useContext } from "react";
import { CspNonceContext } from "./csp-nonce.tsx";

/** The type the page's module script carries until the first frame is drawn. */
export const APP_MODULE_TYPE = "text/x-app-module";

/**
 * When the first screen has been shown (decision 0175): once the browser reports the page's first contentful
 * paint (a `paint` PerformanceObserver entry, which Chromium and Firefox queue only after the frame was
 * presented) and the page's main picture (`img[fetchpriority=high]`) has loaded or failed, a task later. Then
 * the module preloads React Router would have written (the manifest's entry and its imports, then each of the
 * page's routes' modules and imports, as its <Scripts> lists them; read from the manifest in the held-back
 * script, decision 0161), then the module script as a module script (a new element: a script's type is read
 * once). If the manifest cannot be read the app starts all the same, its modules fetched as they are imported.
 *
 * Not at the first animation frame (0150's moment): on a busy machine Chromium ran that frame and committed it,
 * then dropped every frame for up to two seconds, so the paint reached the screen after the scripts had been
 * fetched and run, and Lighthouse counted them all before the first paint. A page that is hidden (a background
 * tab: nothing is drawn) starts at once; a browser without paint entries starts after the first frame, or at the
 * load event, as before. Started before the load event, the scripts hold it up, so `load` means "the app is
 * running" whenever the first paint comes first (it does but on an overloaded machine); the end-to-end tests
 * wait for the app itself after every page load (tests/e2e/fixtures.ts).
 */
const START = String.raw`(function(){var done=false,d=document;function preload(s){try{var t=s.textContent,m=/__reactRouterManifest = ([\s\S]*?);\s*window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(t);if(!m)return;var man=JSON.parse(m[1]),urls=[man.entry.module].concat(man.entry.imports||[]),seen={};m[2].replace(/"([^"]+)":route\d+/g,function(all,id){var r=man.routes[id];if(r)urls=urls.concat(r.clientActionModule||[],r.clientLoaderModule||[],r.clientMiddlewareModule||[],r.hydrateFallbackModule||[],r.module,r.imports||[]);return all});urls.forEach(function(u){if(!u||seen[u])return;seen[u]=1;var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=s.nonce;d.head.appendChild(l)})}catch(e){}}function start(){if(done)return;done=true;d.querySelectorAll('script[type="${APP_MODULE_TYPE}"]').forEach(function(s){preload(s);var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}function soon(){setTimeout(start,0)}function hidden(){if(d.visibilityState==="hidden")start()}function painted(){var img=d.querySelector('img[fetchpriority="high"]');if(img&&!img.complete){img.addEventListener("load",soon,{once:true});img.addEventListener("error",soon,{once:true})}else soon()}hidden();d.addEventListener("visibilitychange",hidden);var P=typeof PerformanceObserver==="function"&&PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var fcp=function(list){return list.getEntriesByName("first-contentful-paint").length>0};if(fcp(performance))painted();else{var o=new P(function(list){if(fcp(list)){o.disconnect();painted()}});o.observe({type:"paint",buffered:true})}return}function afterFrame(){requestAnimationFrame(soon)}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",afterFrame,{once:true});else afterFrame();addEventListener("load",start,{once:true})})()`;

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
