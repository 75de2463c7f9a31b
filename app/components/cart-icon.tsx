import { ICON } from "./icons.tsx";

/**
 * The shopping-cart outline used in the header and on Add buttons (the sprite's, app/components/icons.tsx):
 * thin in the header, as thick as the heart on a card (`.icon` in app.css).
 */
export function CartIcon({ size = 22, thin = true }: { size?: number; thin?: boolean }) {
  return (
    <svg width={size} height={size} className={thin ? "icon icon-thin" : "icon"} aria-hidden="true">
      <use href={`#${ICON.cart}`} />
    </svg>
  );
}
