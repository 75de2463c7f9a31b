// Logout is a POST (DESIGN.md, identity): a form of its own around one button, wherever the page offers it.
import { Form } from "react-router";
import { type ButtonSize, type ButtonVariant, SubmitButton } from "#app/components/button.tsx";

export function LogoutButton({
  action,
  discover = "render",
  variant,
  size,
  className,
}: {
  /** The shopper's `/logout` or the seller's `/seller/logout`. */
  action: string;
  /** "none" where another link of the page already announces the route. */
  discover?: "render" | "none";
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Form method="post" action={action} discover={discover}>
      <SubmitButton variant={variant} size={size} className={className}>
        Logout
      </SubmitButton>
    </Form>
  );
}
