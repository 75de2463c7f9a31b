// The forms the layout shows only now and then (the login modal when the URL asks for it, the seller sign-in in
// place of a seller page), loaded only when shown: they bring Conform and Zod with them, which most pages never
// need. There is no Suspense boundary: the server waits for them before it sends the page (so they work
// without JavaScript), and the browser keeps the server's page until their code has arrived.
import { lazy } from "react";
import { useLocation } from "react-router";

const LoginModal = lazy(() => import("./login-modal.tsx").then((module) => ({ default: module.LoginModal })));
export const SellerLoginForm = lazy(() =>
  import("./seller-login-form.tsx").then((module) => ({ default: module.SellerLoginForm })),
);

/**
 * The login modal as the URL asks for it: `?login` or `?login=register` opens it over the current page
 * (rendered by the server, so it works without JavaScript).
 */
export function UrlLoginModal({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // POST /login renders its own modal (with the answer); nobody needs it once signed in.
  if (signedIn || location.pathname === "/login" || !params.has("login")) return null;
  return <LoginModal mode={params.get("login") === "register" ? "register" : "login"} />;
}
