import { ICON } from "./icons.tsx";

/** The shopping-cart outline used in the header and on Add buttons (the sprite's, app/components/icons.tsx). */
export function CartIcon({ size = 22, strokeWidth = 1.8 }: { size?: number; strokeWidth?: number }) {
  return (
    <svg width={size} height={size} fill="none" stroke="currentColor" strokeWidth={strokeWidth} aria-hidden="true">
      <use href={`#${ICON.cart}`} />
    </svg>
  );
}
