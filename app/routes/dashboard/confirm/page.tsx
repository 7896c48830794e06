import { data, Form, redirect, useNavigation } from "react-router";
import { AuthenticationCodeField, CurrentPasswordField } from "#app/components/password-fields";
import { Alert, Button, Card } from "#app/components/ui";
import { CONFIRM_MESSAGES, PASSWORDS_OFF, SECOND_FACTOR_MESSAGES } from "#app/domain/auth-messages";
import { keepRetryAfter, tooManySignInsAnswer } from "#app/server/platform/rate-limit-headers.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardUser, readAdminForm, safeRedirectPath } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/page";

export function meta() {
  return dashboardMeta("Confirm it's you");
}

export const headers = keepRetryAfter;

export function loader({ url, context }: Route.LoaderArgs) {
  return {
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    appCodes: Boolean(dashboardUser(context).twoFactorEnabled),
  };
}

/**
 * The password again before a sensitive action (decision 076). Asked from the page of the action
 * (`stay`), it answers there; a page without scripts posts here and is sent back to `redirectTo`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const user = dashboardUser(context);
  const { auth } = context.get(servicesContext);
  const actor = { ...origin.actor, email: user.email };
  // A code of the authenticator app does instead of the password, for a person who has one.
  const code = form.get("code");
  const result =
    typeof code === "string" && user.twoFactorEnabled
      ? await auth.confirmIdentityWithCode({ code, headers: request.headers, sessionId: user.sessionId, actor })
      : await auth.confirmIdentity({
          password: String(form.get("password") ?? ""),
          headers: request.headers,
          sessionId: user.sessionId,
          actor,
        });
  if (result.ok) {
    if (form.get("stay")) return { confirmed: true as const };
    throw redirect(safeRedirectPath(String(form.get("redirectTo") ?? "")));
  }
  if (result.reason === "rate-limited") {
    return tooManySignInsAnswer(result.retryAfterSeconds);
  }
  if (result.reason === "passwords-off") {
    const name = context.get(servicesContext).auth.sso?.name ?? "single sign-on";
    return data({ error: PASSWORDS_OFF.signIn(name) }, { status: 403 });
  }
  if (typeof code === "string") return data({ codeError: SECOND_FACTOR_MESSAGES.wrongCode }, { status: 401 });
  return data({ passwordError: CONFIRM_MESSAGES.wrongPassword }, { status: 401 });
}

export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const idle = useNavigation().state === "idle";
  const answer = idle ? actionData : undefined;
  return (
    <Card title="Confirm it's you">
      <Form method="post" className="max-w-md space-y-4">
        <p className="text-sm text-slate-700">{CONFIRM_MESSAGES.needed}</p>
        {answer && "error" in answer ? <Alert tone="error">{answer.error}</Alert> : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <CurrentPasswordField
          id="confirm-password"
          label="Your password"
          error={answer && "passwordError" in answer ? answer.passwordError : undefined}
        />
        <Button type="submit">Confirm</Button>
      </Form>
      {loaderData.appCodes ? (
        <Form method="post" className="mt-6 max-w-md space-y-4" aria-labelledby="confirm-code-heading">
          <h2 id="confirm-code-heading" className="text-lg font-semibold text-slate-900">
            Or with your authenticator app
          </h2>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <AuthenticationCodeField
            id="confirm-code"
            error={answer && "codeError" in answer ? answer.codeError : undefined}
          />
          <Button type="submit" variant="secondary">
            Confirm with the code
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
