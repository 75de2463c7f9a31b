// React Router's default browser entry, with one change: router state updates are not wrapped in
// React.startTransition, so a submitted form's pending state is on the page before the browser handles the
// next click (SubmitButton ignores a second click while pending; app/components/button.tsx).
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter useTransitions={false} />
    </StrictMode>,
  );
});
