import { Link } from "react-router";
import { HeartIcon } from "#app/components/save-button.tsx";

/** The header's link to /saved: a heart with the number of saved items (from the root loader). */
export function SavedLink({ count }: { count: number }) {
  return (
    <Link to="/saved" className="relative text-gray-700 hover:text-primary" aria-label={`Saved items, ${count}`}>
      <HeartIcon filled={false} size={22} />
      {count > 0 ? <span className="badge">{count}</span> : null}
    </Link>
  );
}
