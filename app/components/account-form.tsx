// The pieces the small account forms share (forgot and reset password, the shop's setup): the card they stand
// in, its submit button, and the new password typed twice.
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Field } from "#app/components/form-field.tsx";
import { MIN_PASSWORD_LENGTH } from "#app/modules/identity/shared/account-schema.ts";

/** The card in the middle of the page, its title a heading (one word of it in the brand colour). */
export function AccountCard({
  title,
  margin = "mx-auto",
  children,
}: {
  title: ReactNode;
  margin?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`${margin} my-16 max-w-sm rounded-lg border border-gray-200 p-8 text-sm text-gray-600 shadow-xl`}
    >
      <h1 className="text-center text-2xl font-medium text-gray-800">{title}</h1>
      {children}
    </section>
  );
}

/** The form's one full-width submit button, disabled while a form is being sent. */
export function AccountSubmit({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      disabled={navigation.state === "submitting"}
      className="w-full cursor-pointer rounded-md bg-primary py-2 text-white transition-all hover:bg-primary-dull disabled:opacity-70"
    >
      {children}
    </button>
  );
}

/** A new password and the same again, as a new account or a reset chooses one. */
export function NewPasswordFields<Schema>({
  password,
  confirm,
  labels,
}: {
  password: FieldMetadata<Schema>;
  confirm: FieldMetadata<Schema>;
  labels: [password: string, confirm: string];
}) {
  return (
    <>
      <Field
        field={password}
        label={labels[0]}
        type="password"
        required
        maxLength={200}
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <Field field={confirm} label={labels[1]} type="password" required maxLength={200} autoComplete="new-password" />
    </>
  );
}
