import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** True once React runs in the browser (false in the server HTML, which must work without JavaScript). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
