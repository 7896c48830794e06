import { firstErrors, parseFormSubmission, readForm } from "#app/server/platform/form-data.server";
import { data, Form, redirect, useNavigation } from "react-router";
import { NewPasswordFields } from "#app/components/password-fields";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { newPasswordSchema } from "#app/domain/auth-schemas";
import { pageTitle } from "#app/domain/site";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/reset-password";

const EXPIRED = "This reset link has expired or has already been used.";

export function meta() {
  return [{ title: pageTitle("Choose a new password") }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const valid = token ? await context.get(servicesContext).auth.isResetTokenValid(token) : false;
  return { token, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readForm(request), newPasswordSchema);
  if (submission.status !== "success")
    return data({ errors: firstErrors(submission), expired: false }, { status: 400 });
  const { token, password } = submission.value;
  const changed = await context
    .get(servicesContext)
    .auth.resetPassword(token, password, context.get(requestContext).clientAddress);
  if (!changed) return data({ errors: {} as Record<string, string>, expired: true }, { status: 400 });
  throw redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const expired = !loaderData.valid || actionData?.expired;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card title="Choose a new password">
        {expired ? (
          <div className="space-y-4">
            <Alert tone="error">{EXPIRED}</Alert>
            <p className="text-sm">
              <TextLink to="/forgot">Ask for a new link</TextLink>
            </p>
          </div>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            <NewPasswordFields
              token={loaderData.token}
              labels={{ password: "New password", confirm: "Confirm new password" }}
              errors={actionData?.errors}
            />
            <Button type="submit" className="w-full" disabled={submitting}>
              Set new password
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
