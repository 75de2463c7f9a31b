import { notFound } from "#app/lib/not-found.ts";

// Any unknown path: the root error boundary renders the 404 page inside the normal layout.
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
