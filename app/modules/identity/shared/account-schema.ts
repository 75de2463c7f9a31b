// The account forms' rules: shopper login and sign-up, seller sign-in. One schema per form, used by the
// service that checks it and by the form on the page.
import { MAX_EMAIL_LENGTH, textField, z } from "#app/lib/zod.ts";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export { MAX_EMAIL_LENGTH };
export const MAX_NAME_LENGTH = 100;

/** An email address as every form takes it: trimmed, checked, stored lower-cased. */
export function emailField(required = "Please enter your email.") {
  // Not cleaned like other texts: an address with control or bidi characters is refused as invalid.
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_EMAIL_LENGTH, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address."))
    .transform((email) => email.toLowerCase());
}

/** A password being checked (not chosen): anything up to the limit. */
function passwordToCheck(required: string, tooLong: string) {
  return z.string({ error: required }).min(1, required).max(MAX_PASSWORD_LENGTH, tooLong);
}

/** A password being chosen. */
export const newPasswordField = z
  .string({ error: "Please enter a password." })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

export const loginSchema = z.object({
  email: emailField(),
  password: passwordToCheck("Please enter your password.", "Invalid email or password"),
});

export const registerSchema = z.object({
  name: textField({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(MAX_NAME_LENGTH, `Please keep your name under ${MAX_NAME_LENGTH} characters.`),
  email: emailField(),
  password: newPasswordField,
});

export const sellerLoginSchema = z.object({
  email: emailField("Email is required."),
  password: passwordToCheck("Password is required.", "Invalid credentials"),
});

/** "Forgot password?": the email of the account. */
export const forgotPasswordSchema = z.object({ email: emailField() });

/** The reset page: the new password, typed twice (the token travels beside it, checked by the service). */
export const resetPasswordSchema = z
  .object({
    password: newPasswordField,
    confirm: z.string({ error: "Please repeat the new password." }).min(1, "Please repeat the new password."),
  })
  .refine((fields) => fields.password === fields.confirm, {
    path: ["confirm"],
    message: "The two passwords are not the same.",
  });
