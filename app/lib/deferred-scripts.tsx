// The other half of app/lib/deferred-scripts.server.ts: the page arrives with its module script held back (a type
// the browser ignores) and without module preloads, and this inline script starts both once the first screen is
// drawn, so the app's JavaScript never competes with the stylesheet and the first picture.
import { useContext } from "react";
import { CspNonceContext } from "./csp-nonce.tsx";

/** The type the page's module script carries until the first frame is drawn. */
export const APP_MODULE_TYPE = "text/x-app-module";

/**
 * After the first frame drawn once the HTML is parsed (a frame, then a task: the paint is out), or at the load
 * event if that comes first (a page in a background tab draws no frame): the module preloads React Router would
 * have written (the manifest's entry and its imports, then each of the page's routes' modules and imports, as
 * its <Scripts> lists them; read from the manifest in the held-back script, decision 0161), then the module
 * script as a module script (a new element: a script's type is read once). If the manifest cannot be read the
 * app starts all the same, its modules fetched as they are imported. Started before the load event, the
 * scripts delay it as before, so `load` still means "the app is running".
 */
const START = String.raw`(function(){var done=false;function preload(s){try{var t=s.textContent,m=/__reactRouterManifest = ([\s\S]*?);\s*window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(t);if(!m)return;var man=JSON.parse(m[1]),urls=[man.entry.module].concat(man.entry.imports||[]),seen={};m[2].replace(/"([^"]+)":route\d+/g,function(all,id){var r=man.routes[id];if(r)urls=urls.concat(r.clientActionModule||[],r.clientLoaderModule||[],r.clientMiddlewareModule||[],r.hydrateFallbackModule||[],r.module,r.imports||[]);return all});urls.forEach(function(u){if(!u||seen[u])return;seen[u]=1;var l=document.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=s.nonce;document.head.appendChild(l)})}catch(e){}}function start(){if(done)return;done=true;document.querySelectorAll('script[type="${APP_MODULE_TYPE}"]').forEach(function(s){preload(s);var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",afterPaint,{once:true});else afterPaint();addEventListener("load",start,{once:true})})()`;

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
