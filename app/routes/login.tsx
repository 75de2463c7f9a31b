import { data, useSearchParams } from "react-router";
import { LoginModal, type LoginResult } from "#app/components/login-modal.tsx";
import { BadRequest, readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { AccountError, authenticate, signIn } from "#app/services/accounts.server.ts";
import type { Route } from "./+types/login";
import { HomePage, loader as homeLoader } from "./home.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Login | Trendora" }];

// The modal opens over any page with ?login; /login is where its form posts. Visited directly, or after
// a refused post without JavaScript, /login shows the modal over the home page (where a login leads).
export function loader() {
  return homeLoader();
}

export async function action({ request }: Route.ActionArgs) {
  let form: URLSearchParams;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) {
      return data<LoginResult>({ mode: "login", message: error.message }, { status: error.status });
    }
    throw error;
  }
  const mode = form.get("mode") === "register" ? "register" : "login";
  const fields = {
    name: form.get("name") ?? undefined,
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
  };
  // What the shopper typed comes back with a refusal (never the password).
  const typed = { name: fields.name?.slice(0, 100), email: fields.email?.slice(0, 254) };
  try {
    const user = await authenticate(mode, fields, request);
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    const message = mode === "register" ? `Welcome to Trendora, ${user.name}!` : `Welcome back, ${user.name}!`;
    return redirectWithToast(request, "/", { type: "success", message }, { headers });
  } catch (error) {
    if (error instanceof AccountError) {
      return data<LoginResult>(
        { mode, message: error.message, fieldErrors: error.fieldErrors, fields: typed },
        { status: error.status },
      );
    }
    // Anything unexpected is logged for us and shown to the shopper as the spec's generic message.
    console.error(error);
    return data<LoginResult>(
      { mode, message: "Something went wrong. Please try again.", fields: typed },
      { status: 500 },
    );
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <HomePage trending={loaderData.trending} />
      {actionData ? (
        <LoginModal mode={actionData.mode} result={actionData} />
      ) : (
        <LoginModal mode={params.get("login") === "register" ? "register" : "login"} />
      )}
    </>
  );
}
