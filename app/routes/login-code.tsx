import { data, Form, redirect, useNavigation } from "react-router";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { secondFactorSchema } from "#app/domain/auth-schemas";
import { SECOND_FACTOR_MESSAGES } from "#app/domain/auth-messages";
import { pageTitle } from "#app/domain/site";
import { parseFormSubmission, readForm } from "#app/server/platform/form-data.server";
import { keepRetryAfter, tooManySignInsAnswer } from "#app/server/platform/rate-limit-headers.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { safeRedirectPath } from "#app/server/runtime/session.server";
import { SECOND_FACTOR_COOKIE } from "#app/server/people/auth.server";
import type { Route } from "./+types/login-code";

export function meta() {
  return [{ title: pageTitle("Two-factor authentication") }, { name: "robots", content: "noindex" }];
}

export const headers = keepRetryAfter;

/** The second step of a sign-in with two factors: reached only from the first (its cookie says so). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const redirectTo = url.searchParams.get("redirectTo");
  if (await context.get(requestContext).user()) throw redirect(safeRedirectPath(redirectTo));
  if (!SECOND_FACTOR_COOKIE.test(request.headers.get("cookie") ?? "")) {
    throw redirect(redirectTo ? `/login?${new URLSearchParams({ redirectTo }).toString()}` : "/login");
  }
  return {
    email: url.searchParams.get("email") ?? "",
    redirectTo,
    recovery: url.searchParams.has("recovery"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readForm(request), secondFactorSchema);
  if (submission.status !== "success") {
    return data({ error: SECOND_FACTOR_MESSAGES.codeRequired }, { status: 400 });
  }
  const { email, code, recovery } = submission.value;
  const result = await context.get(servicesContext).auth.verifySecondFactor({
    email,
    code,
    recovery: Boolean(recovery),
    clientAddress: context.get(requestContext).clientAddress,
    headers: request.headers,
  });
  if (result.ok) throw redirect(safeRedirectPath(submission.value.redirectTo ?? ""), { headers: result.headers });
  if (result.reason === "rate-limited") {
    return tooManySignInsAnswer(result.retryAfterSeconds);
  }
  return data(
    { error: recovery ? SECOND_FACTOR_MESSAGES.wrongRecoveryCode : SECOND_FACTOR_MESSAGES.wrongCode },
    { status: 401 },
  );
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const { email, redirectTo, recovery } = loaderData;
  const other = new URLSearchParams([["email", email], ...(redirectTo ? [["redirectTo", redirectTo]] : [])]);
  if (!recovery) other.set("recovery", "1");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card title="Two-factor authentication">
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">
            {recovery
              ? "Enter one of your recovery codes. Each works once."
              : "Enter the 6-digit code your authenticator app shows for Vantage."}
          </p>
          {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
          {recovery ? <input type="hidden" name="recovery" value="1" /> : null}
          <TextField
            id="code"
            name="code"
            label={recovery ? "Recovery code" : "Authentication code"}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            required
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            Verify
          </Button>
          <p className="text-center text-sm">
            <TextLink to={`/login/code?${other.toString()}`}>
              {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
            </TextLink>
          </p>
        </Form>
      </Card>
    </div>
  );
}
