import { data, Form, redirect, useNavigation } from "react-router";
import { NewPasswordFields } from "#app/components/password-fields";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { newPasswordSchema } from "#app/domain/auth-schemas";
import { PASSWORDS_OFF } from "#app/domain/auth-messages";
import { pageTitle } from "#app/domain/site";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { firstErrors, parseFormSubmission, readForm } from "#app/server/platform/form-data.server";
import type { Route } from "./+types/invite";

const NO_LONGER_VALID =
  "This invitation has expired or has already been used. Ask an owner of the site to invite you again.";

export function meta() {
  return [{ title: pageTitle("Accept your invitation") }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const { invitations, auth } = context.get(servicesContext);
  const invitation = await invitations.find(token);
  // With passwords off for single sign-on (decision 080), the invitation is accepted by signing in with it.
  const sso = auth.sso && !(await auth.passwordsOn()) ? auth.sso.name : null;
  return { token, email: invitation?.email ?? null, role: invitation?.role ?? null, sso };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readForm(request), newPasswordSchema);
  if (submission.status !== "success")
    return data({ errors: firstErrors(submission), expired: false }, { status: 400 });
  const { token, password } = submission.value;
  const { invitations, auth } = context.get(servicesContext);
  if (auth.sso && !(await auth.passwordsOn())) throw redirect(`/invite?token=${encodeURIComponent(token)}`);
  const { clientAddress } = context.get(requestContext);
  const accepted = await invitations.accept(token, password, clientAddress);
  if (!accepted) return data({ errors: {} as Record<string, string>, expired: true }, { status: 400 });
  // The person just proved they hold the mailbox and chose the password: they go straight in.
  const signedIn = await auth.signIn({
    email: accepted.email,
    password,
    clientAddress,
    headers: request.headers,
  });
  if (signedIn.ok) throw redirect("/dashboard", { headers: signedIn.headers });
  throw redirect("/login?redirectTo=%2Fdashboard");
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const expired = !loaderData.email || actionData?.expired;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card title="Accept your invitation">
        {expired ? (
          <div className="space-y-4">
            <Alert tone="error">{NO_LONGER_VALID}</Alert>
            <p className="text-sm">
              <TextLink to="/login">Go to the login page</TextLink>
            </p>
          </div>
        ) : loaderData.sso ? (
          <Form method="post" action="/auth/oidc" className="space-y-4">
            <p className="text-slate-700">
              You are invited to the dashboard as {loaderData.role === "owner" ? "an owner" : "an editor"}.{" "}
              {PASSWORDS_OFF.invitation(loaderData.sso)}
            </p>
            <p className="text-slate-700">
              <strong className="wrap-anywhere">{loaderData.email}</strong>
            </p>
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <Button type="submit" className="w-full">
              Sign in with {loaderData.sso}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            <p className="text-slate-700">
              You are invited to the dashboard as {loaderData.role === "owner" ? "an owner" : "an editor"}. Choose the
              password you will log in with as <strong className="wrap-anywhere">{loaderData.email}</strong>.
            </p>
            <NewPasswordFields
              token={loaderData.token}
              labels={{ password: "Password", confirm: "Confirm password" }}
              errors={actionData?.errors}
            />
            <Button type="submit" className="w-full" disabled={submitting}>
              Set password and log in
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
