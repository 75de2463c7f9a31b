// Playwright fixtures. Every spec takes `test` from here (security-headers.spec.ts checks it), so every test
// fails on a Content-Security-Policy violation the browser reports, on any page of its browser context.
// A signed-in shopper or seller is made without the UI: the browser context's own request client calls the
// JSON API, so the session cookie lands in the context the page uses. Signing up and signing in through the
// forms is tested once each, with and without JavaScript (shopper-accounts.spec.ts, seller-auth.spec.ts);
// every other spec starts signed in from here.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type Response,
} from "@playwright/test";
import { DEMO_SELLER } from "./seller-helpers.ts";
import { PASSWORD, uniqueEmail } from "./shopper-helpers.ts";

export type Shopper = { name: string; email: string; password: string };

/** A new shopper account, registered through POST /api/user/register; `request` then holds its session. */
export async function registerShopper(
  request: APIRequestContext,
  name = `Shopper ${Math.random().toString(36).slice(2, 7)}`,
) {
  const shopper: Shopper = { name, email: uniqueEmail("shopper"), password: PASSWORD };
  const response = await request.post("/api/user/register", { data: shopper });
  expect(response.status(), await response.text()).toBe(201);
  return shopper;
}

/** Signs a browser context in as a new shopper. */
export function signInShopper(context: BrowserContext, name?: string): Promise<Shopper> {
  return registerShopper(context.request, name);
}

/** Signs a browser context in as the demo seller (the end-to-end server's seed creates it). */
export async function signInSeller(context: BrowserContext) {
  const response = await context.request.post("/api/seller/login", { data: DEMO_SELLER });
  expect(response.status(), await response.text()).toBe(200);
  return DEMO_SELLER;
}

/**
 * Gives a browser context an address of its own, as the store sees it (the e2e server trusts one proxy's
 * X-Forwarded-For): what it does against the sign-in throttle then counts against no other spec.
 */
export async function useOwnAddress(context: BrowserContext) {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `2001:db8:${group()}:${group()}::1` });
}

/** What the browser said about the page's Content-Security-Policy, and the contexts listened to. */
export type CspWatch = {
  /** Every violation reported so far ("<page url>: <message>"); the test fails unless it is empty at the end. */
  violations: string[];
  /** Listens to another browser context too (the default one is listened to already). */
  watch(context: BrowserContext): Promise<void>;
};

/** Whether the test runs in the `no-js` project (JavaScript disabled). */
export const isNoJs = () => base.info().project.name === "no-js";

/**
 * Another browser of the test's (a context of its own: none of the page's cookies), with or without JavaScript as
 * the project runs, at `baseURL` unless `options` say otherwise; `csp` listens to it as to the page's. The test
 * closes it (the `sellerPage` fixture closes its own).
 */
export async function otherBrowser(
  browser: Browser,
  csp: CspWatch,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled: !isNoJs(), ...options });
  await csp.watch(context);
  return context;
}

/** A browser's message about a violation: Chromium's own console line, or the page's event (JavaScript on). */
const VIOLATION = /Content[- ]Security[- ]Policy|CSP violation/i;

/**
 * With JavaScript, a page Playwright has loaded (`goto`, `reload`: they wait for the load event) is also
 * hydrated: the app's scripts start once the first screen is shown (decision 0175), which is before the load event
 * and holds it up, except on an overloaded machine, whose browser can show the first frame after the load
 * event; then this waits for the app. Answers that are not HTML (a JSON or CSV download), or not the store's,
 * wait for nothing.
 */
async function hydratedAfter(page: Page, response: Response | null, waitUntil?: string) {
  if (waitUntil && waitUntil !== "load") return;
  if (!response || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  // A page of the store sets React Router's context in an inline script as it is parsed; another page (a test's
  // own) has none and waits for nothing.
  await page.waitForFunction(
    () => !("__reactRouterContext" in window) || "__reactRouterDataRouter" in window,
    undefined,
    { polling: 50 },
  );
}

export const test = base.extend<{
  csp: CspWatch;
  shopper: Shopper;
  seller: typeof DEMO_SELLER;
  sellerPage: Page;
  storeApi: APIRequestContext;
}>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await hydratedAfter(page, response, options?.waitUntil);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await hydratedAfter(page, response, options?.waitUntil);
        return response;
      };
    }
    await use(page);
  },
  csp: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on("console", (message) => {
          if (VIOLATION.test(message.text())) violations.push(`${message.page()?.url() ?? "-"}: ${message.text()}`);
        });
        // With JavaScript on, the page's own violation events are reported as well.
        await watched.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
          });
        });
        // Every context a test watches also keeps the toasts its pages were given (expectToast reads them).
        await watched.addInitScript(recordToasts);
      };
      await watch(context);
      await use({ violations, watch });
      expect(violations, "Content-Security-Policy violations the browser reported").toEqual([]);
    },
    { auto: true },
  ],
  /** The page's browser context is signed in as a new shopper. */
  shopper: async ({ context }, use) => {
    await use(await signInShopper(context));
  },
  /** The page's browser context is signed in as the demo seller. */
  seller: async ({ context }, use) => {
    await use(await signInSeller(context));
  },
  /**
   * A page of the demo seller in another browser (otherBrowser: none of the page's cookies, watched for CSP
   * violations too), beside the page's shopper or visitor; closed after the test.
   */
  sellerPage: async ({ browser, baseURL, csp }, use) => {
    const context = await otherBrowser(browser, csp, { baseURL });
    await signInSeller(context);
    await use(await context.newPage());
    await context.close();
  },
  /**
   * A request client of its own (cookies apart from the page's) that calls the store as a script on the
   * store's own pages does: every request carries the store's Origin, which a cookie-carrying POST needs.
   */
  storeApi: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    await use(api);
    await api.dispose();
  },
});

export { expect };

/** The texts of the toasts this page's document was given (recordToasts), in the order they came. */
declare global {
  interface Window {
    __toastsShown?: string[];
  }
}

/**
 * Runs in each page before the store's scripts (an init script): notes the text of every toast put into the toasts'
 * live region, when it is put there. With JavaScript the store takes a toast out of the page 2.4 s after showing
 * it (a success toast fades after 2 s, an error after 4 s), and a busy machine can outlast that before a test
 * looks: the note stays (decision 0240). Without JavaScript the server-rendered toast stays in the page (only its
 * look fades), and expectToast reads it there.
 */
function recordToasts() {
  const shown: string[] = [];
  const noted = new WeakSet<Element>();
  const look = () => {
    // Set once the observer is called: without JavaScript the init script runs but its observer never is, and
    // expectToast reads the live region instead.
    window.__toastsShown ??= shown;
    for (const toast of document.querySelectorAll('[data-testid="toasts"] > *')) {
      // The parser may put the element in before its text: noted once it has some.
      if (noted.has(toast) || !toast.textContent) continue;
      noted.add(toast);
      shown.push(toast.textContent);
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A toast with this text was shown (on this page since it was loaded, or since the last clickAndAwaitPost). Never
 * whether it is still visible: a success toast fades after 2 s (4 s for an error), with or without JavaScript,
 * and a busy machine can outlast that; nor whether it is still in the page, which with JavaScript it leaves after
 * 2.4 s. With JavaScript the toasts are read from what recordToasts noted, without it from the live region, where
 * the server put them (decision 0240). Assert the lasting effect of the action as well.
 */
export async function expectToast(page: Page, text: string) {
  const shown = () =>
    page
      .evaluate(() => window.__toastsShown ?? [document.querySelector('[data-testid="toasts"]')?.textContent ?? ""])
      // Between two documents (a navigation) there is nothing to read: asked again.
      .catch(() => []);
  await expect.poll(shown, { message: `a toast saying "${text}"` }).toContainEqual(expect.stringContaining(text));
}

/**
 * Clicks what posts a form (`click`) and waits until the store has answered that POST, so what it set (a cookie:
 * the visitor's cart) is the browser's before the test goes on. A toast or the header's count cannot say so: a
 * toast of the same text from the click before may still be on the page, and with JavaScript the header counts
 * a pending Add at once. A click elsewhere before the answer would cancel the post (a new navigation aborts it).
 * With JavaScript the POST is the page's data request, without it the form's own (answered with a 303). The
 * answer's headers are what count (its cookies are stored then): Chromium does not always report the end of a
 * data request's body, so "requestfinished" may never come (seen under load).
 */
export async function clickAndAwaitPost(page: Page, click: () => Promise<void>) {
  // The toasts noted so far are forgotten: expectToast then reads only what this post brought (decision 0240).
  await page.evaluate(() => window.__toastsShown?.splice(0)).catch(() => {});
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await click();
  await answered;
}

/**
 * Holds the browser's requests for `pathname` (its document, or with JavaScript its data request) until
 * `release()`: a page that moves on there by itself after a timer (the loader's five seconds, a meta refresh
 * without JavaScript) stays on screen while the test reads it, however slow the machine (decision 0240).
 * `askedAt()` is when the first of them was made (Date.now()), for a lower bound on the timer.
 */
export async function holdRequestsTo(page: Page, pathname: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let askedAt: number | undefined;
  await page.route(
    (url) => url.pathname === pathname || url.pathname === `${pathname}.data`,
    async (route) => {
      askedAt ??= Date.now();
      await held;
      await route.continue();
    },
  );
  return { release, askedAt: () => askedAt };
}

/**
 * With JavaScript: waits until React Router has taken over the page (its router exists once the page's scripts
 * have started hydrating it). A link clicked before that is followed by the browser itself, a new document,
 * which no client-side navigation state (a 'Loading...') is shown for.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}
