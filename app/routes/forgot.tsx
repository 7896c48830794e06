import { parseFormSubmission, readForm } from "#app/server/platform/form-data.server";
import { data, Form, useNavigation } from "react-router";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { forgotSchema } from "#app/domain/auth-schemas";
import { PASSWORDS_OFF } from "#app/domain/auth-messages";
import { MESSAGES } from "#app/domain/messages";
import { pageTitle } from "#app/domain/site";
import { keepRetryAfter } from "#app/server/platform/rate-limit-headers.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/forgot";

export function meta() {
  return [{ title: pageTitle("Password Reset") }, { name: "robots", content: "noindex" }];
}

export const headers = keepRetryAfter;

/** With passwords turned off for single sign-on (decision 080) there is nothing to reset: the page says so. */
export async function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(servicesContext);
  return { passwordsOff: auth.sso && !(await auth.passwordsOn()) ? PASSWORDS_OFF.reset(auth.sso.name) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readForm(request), forgotSchema);
  if (submission.status !== "success") {
    return data({ ok: false as const, message: MESSAGES.resetFailed }, { status: 400 });
  }
  // The answer is the same whether or not the address has an account, so it reveals none.
  const { retryAfterSeconds } = await context
    .get(servicesContext)
    .auth.requestPasswordReset(submission.value.email, context.get(requestContext).clientAddress);
  if (retryAfterSeconds > 0) {
    return data(
      { ok: false as const, message: MESSAGES.tooManyResets(retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  return { ok: true as const, message: MESSAGES.resetSent };
}

export default function Forgot({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card title="Password Reset">
        {loaderData.passwordsOff ? (
          <div className="space-y-4">
            <Alert tone="info">{loaderData.passwordsOff}</Alert>
            <p className="text-center text-sm">
              <TextLink to="/login">Back to login</TextLink>
            </p>
          </div>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            {actionData ? <Alert tone={actionData.ok ? "success" : "error"}>{actionData.message}</Alert> : null}
            <TextField id="email" name="email" type="email" label="Email" autoComplete="username" required />
            <Button type="submit" className="w-full" disabled={submitting}>
              Send reset link
            </Button>
            <p className="text-center text-sm">
              <TextLink to="/login">Back to login</TextLink>
            </p>
          </Form>
        )}
      </Card>
    </div>
  );
}
