export type Toast = { type: "success" | "error"; message: string };

/** How long a toast stays, as the spec says: 2000 ms for success, 4000 ms otherwise. */
export function toastDuration(toast: Toast): number {
  return toast.type === "success" ? 2000 : 4000;
}
