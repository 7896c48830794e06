import { parseFormSubmission, readForm } from "#app/server/platform/form-data.server";
import { loginSchema } from "#app/domain/auth-schemas";
import { PASSWORDS_OFF, SSO_MESSAGES } from "#app/domain/auth-messages";
import { ssoRefusalOf } from "#app/server/people/auth.server";
import { data, Form, redirect, useNavigation } from "react-router";
import { CurrentPasswordField } from "#app/components/password-fields";
import { PasskeySignIn } from "#app/components/passkey-sign-in";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { MESSAGES } from "#app/domain/messages";
import { pageTitle } from "#app/domain/site";
import { keepRetryAfter, tooManySignInsAnswer } from "#app/server/platform/rate-limit-headers.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { safeRedirectPath } from "#app/server/runtime/session.server";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: pageTitle("Admin Login") }, { name: "robots", content: "noindex" }];
}

export const headers = keepRetryAfter;

export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = url.searchParams.get("redirectTo");
  if (await context.get(requestContext).user()) throw redirect(safeRedirectPath(redirectTo));
  const { auth } = context.get(servicesContext);
  const { sso } = auth;
  // Single sign-on comes back here with the library's reason when it signed no one in.
  const refused = url.searchParams.get("error");
  return {
    redirectTo,
    passwordChanged: url.searchParams.has("reset"),
    sso: sso?.name ?? null,
    // Off only where single sign-on is set up: the owners turned it off for it.
    passwords: !sso || (await auth.passwordsOn()),
    ssoError: sso && refused !== null ? SSO_MESSAGES[ssoRefusalOf(refused)](sso.name) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readForm(request), loginSchema);
  if (submission.status !== "success") return data({ error: MESSAGES.loginFailed }, { status: 400 });
  const { email, password } = submission.value;
  const redirectTo = safeRedirectPath(submission.value.redirectTo ?? "");
  const result = await context.get(servicesContext).auth.signIn({
    email,
    password,
    clientAddress: context.get(requestContext).clientAddress,
    headers: request.headers,
  });
  if (result.ok && result.secondFactor) {
    // The password was right: the code comes next, on its own page.
    const next = new URLSearchParams({ email, redirectTo });
    throw redirect(`/login/code?${next.toString()}`, { headers: result.headers });
  }
  if (result.ok) throw redirect(redirectTo, { headers: result.headers });
  if (result.reason === "rate-limited") {
    return tooManySignInsAnswer(result.retryAfterSeconds);
  }
  if (result.reason === "passwords-off") {
    const name = context.get(servicesContext).auth.sso?.name ?? "single sign-on";
    return data({ error: PASSWORDS_OFF.signIn(name) }, { status: 403 });
  }
  return data({ error: MESSAGES.loginFailed }, { status: 401 });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card title="Admin Login">
        <div className="space-y-4">
          {loaderData.passwordChanged ? (
            <Alert tone="success">Your password was changed. Log in with the new one.</Alert>
          ) : null}
          {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
          {loaderData.ssoError && !actionData ? <Alert tone="error">{loaderData.ssoError}</Alert> : null}
        </div>
        {loaderData.passwords ? (
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
            <TextField id="email" name="email" type="email" label="Email" autoComplete="username" required />
            <CurrentPasswordField id="password" />
            <Button type="submit" className="w-full" disabled={submitting}>
              Log in
            </Button>
            <p className="text-center text-sm">
              <TextLink to="/forgot">Forgot password?</TextLink>
            </p>
          </Form>
        ) : null}
        {loaderData.sso ? (
          <Form
            method="post"
            action="/auth/oidc"
            className={loaderData.passwords ? "mt-4 border-t border-slate-200 pt-4" : "mt-4"}
          >
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
            <Button type="submit" variant={loaderData.passwords ? "secondary" : "primary"} className="w-full">
              Sign in with {loaderData.sso}
            </Button>
          </Form>
        ) : null}
        <div className="mt-4">
          <PasskeySignIn redirectTo={loaderData.redirectTo} />
        </div>
      </Card>
    </div>
  );
}
