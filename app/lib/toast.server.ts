// Flash messages (the spec's toasts): carried across a redirect in a short-lived signed cookie,
// so they work for visitors too, and rendered by the server on the next page.
import { createCookie, redirect } from "react-router";
import { isProduction, sessionSecret } from "./config.server.ts";
import type { Toast } from "./toast.ts";

const MAX_TOASTS = 20;

function toastCookie() {
  return createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: 60,
    secrets: [sessionSecret()],
  });
}

async function readToastCookie(request: Request): Promise<Toast[]> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value
    .filter((t): t is Toast => t && (t.type === "success" || t.type === "error") && typeof t.message === "string")
    .slice(-MAX_TOASTS);
}

/** A Set-Cookie value that adds a toast to those waiting for the next page. */
export async function toastHeader(request: Request, toast: Toast): Promise<string> {
  const waiting = await readToastCookie(request);
  return toastCookie().serialize([...waiting, toast].slice(-MAX_TOASTS));
}

/** A 303 redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(request: Request, url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(request, toast));
  return redirect(url, { ...init, status: 303, headers });
}

/** The waiting toasts and the Set-Cookie value that clears them (null when there were none). */
export async function takeToasts(request: Request): Promise<{ toasts: Toast[]; clearCookie: string | null }> {
  const toasts = await readToastCookie(request);
  if (toasts.length === 0) return { toasts, clearCookie: null };
  return { toasts, clearCookie: await toastCookie().serialize([], { maxAge: 0 }) };
}
