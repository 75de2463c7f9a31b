import { useEffect, useState } from "react";
import { type Toast, toastDuration } from "#app/lib/toast.ts";

/**
 * Toasts rendered by the server (so they show without JavaScript); CSS fades them out after the
 * spec's durations, and with JavaScript they are also removed from the page. They float over the page
 * (fixed, out of the flow), so nothing moves when one appears or goes; the container is always there, as a
 * live region that announces what is put in it.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  // Each new set of toasts is a new batch with new keys, so its elements (and their CSS fade-out)
  // start afresh instead of reusing the already faded elements of the previous set.
  const [{ shown, batch }, setState] = useState({ shown: toasts, batch: 0 });
  useEffect(() => {
    setState((s) => ({ shown: toasts, batch: s.batch + 1 }));
    if (toasts.length === 0) return;
    const longest = Math.max(...toasts.map(toastDuration));
    const timer = setTimeout(() => setState((s) => ({ ...s, shown: [] })), longest + 400);
    return () => clearTimeout(timer);
  }, [toasts]);
  return (
    <div aria-live="polite" data-testid="toasts" className="toasts">
      {shown.slice(-20).map((toast, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: toasts have no identity beyond their position
          key={`${batch}-${i}`}
          role={toast.type === "error" ? "alert" : "status"}
          // Its look is app.css's (`.toast-success`, `.toast-error`).
          className={toast.type === "success" ? "toast-success" : "toast-error"}
        >
          {`${toast.type === "success" ? "✓ " : ""}${toast.message}`}
        </div>
      ))}
    </div>
  );
}
