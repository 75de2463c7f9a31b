// The other half of app/lib/deferred-scripts.server.ts: the page arrives with its module preloads and its module
// script held back (a rel and a type the browser ignores), and this inline script turns them back once the first
// screen is drawn, so the app's JavaScript never competes with the stylesheet and the first picture.
import { useContext } from "react";
import { CspNonceContext } from "./csp-nonce.tsx";

/** The type the page's module script carries until the first frame is drawn. */
export const APP_MODULE_TYPE = "text/x-app-module";
/** The rel the page's module preloads carry until then. */
export const APP_PRELOAD_REL = "x-app-modulepreload";

/**
 * After the first frame drawn once the HTML is parsed (a frame, then a task: the paint is out), or at the load
 * event if that comes first (a page in a background tab draws no frame): the preloads become preloads again and
 * the module script a module script (a new element: a script's type is read once). Started before the load
 * event, the scripts delay it as before, so `load` still means "the app is running".
 */
const START = `(function(){var done=false;function start(){if(done)return;done=true;document.querySelectorAll('link[rel="${APP_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});document.querySelectorAll('script[type="${APP_MODULE_TYPE}"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",afterPaint,{once:true});else afterPaint();addEventListener("load",start,{once:true})})()`;

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
