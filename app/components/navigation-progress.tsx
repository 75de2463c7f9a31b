import { useFetchers, useNavigation } from "react-router";

/**
 * A slim bar along the top of the window while a page loads or a form is sent (with JavaScript; without it
 * the browser shows its own progress). Fixed in place, so nothing moves when it shows; it appears after a
 * short delay, so quick answers do not flicker, and stands still under reduced motion.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={navigation.state === "submitting" ? "Sending" : "Loading"}
      data-testid="navigation-progress"
      className="navigation-progress pointer-events-none fixed inset-x-0 top-0 z-[70] h-[3px] overflow-hidden"
    >
      <div className="navigation-progress-bar h-full w-1/3 bg-primary" />
    </div>
  );
}
