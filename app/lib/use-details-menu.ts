import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A `<details>` used as a menu (it opens and closes without JavaScript). With JavaScript it also closes when
 * the page changes, on a click or focus outside it, and on Escape, which gives focus back to its summary.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // A new page (or a new query) was opened from the menu or elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of the location changing
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  // Read at event time: the menu may appear later (the account menu, once signed in).
  useEffect(() => {
    const outside = (event: Event) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const onEscape = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, []);

  return ref;
}
