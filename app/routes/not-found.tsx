import { data } from "react-router";

// Any unknown path: the root error boundary renders the 404 page inside the normal layout.
export function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
