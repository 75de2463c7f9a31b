import { useEffect, useState } from "react";
import { type Toast, toastDuration } from "#app/lib/toast.ts";

/**
 * Toasts rendered by the server (so they show without JavaScript); CSS fades them out after the
 * spec's durations, and with JavaScript they are also removed from the page.
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
  if (shown.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-4">
      {shown.slice(-20).map((toast, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: toasts have no identity beyond their position
          key={`${batch}-${i}`}
          role={toast.type === "error" ? "alert" : "status"}
          className={`pointer-events-auto rounded-md px-4 py-2 text-sm shadow-lg ${
            toast.type === "success" ? "toast-success bg-white text-gray-800" : "toast-error bg-red-600 text-white"
          }`}
        >
          {toast.type === "success" ? "✓ " : ""}
          {toast.message}
        </div>
      ))}
    </div>
  );
}
