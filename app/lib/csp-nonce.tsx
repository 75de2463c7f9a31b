// This response's script nonce, given to the page by app/entry.server.tsx. The root layout puts it on
// `<meta property="csp-nonce">`, where Vite's preload helper reads it: the modules a lazy component brings
// (the login modal, the seller sign-in) are preloaded with `<link rel="modulepreload">` elements that the
// helper makes, and without the nonce the policy blocks them. In the browser the context is empty: the
// element keeps the server's nonce (browsers hide it from the attribute, not from `.nonce`).
import { createContext, useContext } from "react";

export const CspNonceContext = createContext<string | undefined>(undefined);

export function CspNonceMeta() {
  return <meta property="csp-nonce" nonce={useContext(CspNonceContext)} suppressHydrationWarning />;
}
