import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { ConfirmIdentity } from "#app/components/confirm-identity";
import { INPUT_CLASS, TabIdInput } from "#app/components/forms";
import { LocalTime } from "#app/components/local-time";
import { Alert, Button, Card } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardUser, ownersOnly, readAdminForm } from "#app/server/runtime/session.server";
import type { Role } from "#app/domain/roles";
import { dashboardMeta } from "../meta";
import { peopleFromForm } from "./actions.server";
import type { Route } from "./+types/page";

/** For owners alone, after the dashboard's guard. */
export const middleware = [ownersOnly];

export const handle: PageHandle = { live: ["people"] };

export function meta() {
  return dashboardMeta("People");
}

export async function loader({ context }: Route.LoaderArgs) {
  const me = dashboardUser(context);
  const { people, invitations, auth } = context.get(servicesContext);
  const [list, pending, policy] = await Promise.all([people.list(), invitations.pending(), people.signInPolicy()]);
  return {
    me: me.id,
    policy,
    sso: auth.sso?.name ?? null,
    withTwoFactor: list.filter((person) => person.twoFactor).length,
    people: list.map((person) => ({
      id: person.id,
      email: person.email,
      role: person.role,
      lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
      sessions: person.sessions,
    })),
    invitations: pending.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return peopleFromForm(context, await readAdminForm(request, context));
}

/** A role to choose; `label` names it for a screen reader where no visible label does. */
function RoleSelect({ id, defaultValue, label }: { id: string; defaultValue: Role; label?: string }) {
  return (
    <select id={id} name="role" defaultValue={defaultValue} aria-label={label} className={`${INPUT_CLASS} w-auto`}>
      <option value="editor">Editor</option>
      <option value="owner">Owner</option>
    </select>
  );
}

export default function PeoplePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const roleFieldId = useId();
  // The role pickers start again after each answer, but not after a request to confirm it's you:
  // what was chosen stays to be sent again.
  const [resetAt, setResetAt] = useState(0);
  if (actionData && actionData.status !== "confirm" && actionData.answeredAt !== resetAt) {
    setResetAt(actionData.answeredAt);
  }
  return (
    <Card title="People">
      <div className="space-y-8">
        <p className="text-sm text-slate-600">
          Owners can do everything, including managing people and the site settings. Editors manage categories,
          products, downloads and home page items.
        </p>
        {/* A refusal about the invitation's address shows beside that field instead. */}
        {actionData?.status === "confirm" ? (
          <ConfirmIdentity key={actionData.answeredAt} />
        ) : actionData && !busy && !(actionData.status === "refused" && actionData.field) ? (
          <Alert tone={actionData.status === "done" ? "success" : "error"}>{actionData.message}</Alert>
        ) : null}

        <section aria-labelledby="people-heading" className="space-y-3">
          <h2 id="people-heading" className="text-lg font-semibold text-slate-900">
            People with access
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Last sign-in
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.people.map((person) => (
                  <tr key={person.id} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-3 pr-4 font-medium text-slate-900 wrap-anywhere">
                      {person.email}
                      {person.id === loaderData.me ? <span className="font-normal text-slate-600"> (you)</span> : null}
                    </th>
                    <td className="py-3 pr-4">
                      <Form method="post" className="flex flex-wrap items-center gap-2">
                        <TabIdInput />
                        <input type="hidden" name="intent" value="set-role" />
                        <input type="hidden" name="id" value={person.id} />
                        <RoleSelect
                          id={`${roleFieldId}-${person.id}`}
                          defaultValue={person.role}
                          label={`Role of ${person.email}`}
                          key={`${person.role}-${resetAt}`}
                        />
                        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                          Change role
                        </Button>
                      </Form>
                    </td>
                    <td className="py-3 pr-4 text-slate-700">
                      {person.lastSignInAt ? <LocalTime iso={person.lastSignInAt} /> : "Never"}
                    </td>
                    <td className="py-3">
                      {person.id === loaderData.me ? null : (
                        <div className="flex flex-wrap items-start gap-2">
                          {person.sessions > 0 ? (
                            <Form method="post">
                              <TabIdInput />
                              <input type="hidden" name="intent" value="end-sessions" />
                              <input type="hidden" name="id" value={person.id} />
                              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                                End sessions ({person.sessions})<span className="sr-only"> of {person.email}</span>
                              </Button>
                            </Form>
                          ) : null}
                          <ConfirmDelete
                            label={`Remove ${person.email}`}
                            confirmLabel="Confirm removal"
                            prompt={`Remove ${person.email}? They are signed out at once and can no longer log in.`}
                            fields={{ id: person.id }}
                            size="sm"
                          />
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <Form method="post" aria-labelledby="policy-heading" className="space-y-3">
          <h2 id="policy-heading" className="text-lg font-semibold text-slate-900">
            Sign-in policy
          </h2>
          <TabIdInput />
          <input type="hidden" name="intent" value="sign-in-policy" />
          <div className="flex items-start gap-2">
            <input
              id="require-two-factor"
              type="checkbox"
              name="requireTwoFactor"
              defaultChecked={loaderData.policy.requireTwoFactor}
              key={String(loaderData.policy.requireTwoFactor)}
              className="mt-1 size-4"
              aria-describedby="require-two-factor-help"
            />
            <div>
              <label htmlFor="require-two-factor" className="text-sm font-medium text-slate-900">
                Require two-factor authentication for everyone
              </label>
              <p id="require-two-factor-help" className="text-sm text-slate-600">
                {loaderData.withTwoFactor} of {loaderData.people.length}{" "}
                {loaderData.people.length === 1 ? "person has" : "people have"} it on. Whoever has not is sent to set it
                up after their password, and can do nothing else until they have.
              </p>
            </div>
          </div>
          {loaderData.sso ? (
            <>
              <div className="space-y-1">
                <label htmlFor="sso-domains" className="block text-sm font-medium text-slate-900">
                  E-mail domains that may sign in with {loaderData.sso}
                </label>
                <input
                  id="sso-domains"
                  name="ssoDomains"
                  defaultValue={loaderData.policy.ssoDomains.join(", ")}
                  key={loaderData.policy.ssoDomains.join()}
                  placeholder="example.com"
                  aria-describedby="sso-domains-help"
                  className="w-full max-w-xl rounded-md border border-slate-500 px-3 py-2 text-sm"
                />
                <p id="sso-domains-help" className="text-sm text-slate-600">
                  Anyone {loaderData.sso} signs in with an address at one of these domains (separated by commas) becomes
                  an editor without an invitation. An invited address may always sign in with {loaderData.sso}.
                </p>
              </div>
              <fieldset className="space-y-1 pt-2">
                <legend className="text-sm font-medium text-slate-900">Passwords</legend>
                <div className="flex items-center gap-2">
                  <input
                    id="passwords-on"
                    type="radio"
                    name="passwordSignIn"
                    value="on"
                    defaultChecked={loaderData.policy.passwordSignIn}
                    key={`on-${String(loaderData.policy.passwordSignIn)}`}
                    className="size-4"
                  />
                  <label htmlFor="passwords-on" className="text-sm text-slate-900">
                    A password signs people in, beside {loaderData.sso} and passkeys
                  </label>
                </div>
                <div className="flex items-center gap-2">
                  <input
                    id="passwords-off"
                    type="radio"
                    name="passwordSignIn"
                    value="off"
                    defaultChecked={!loaderData.policy.passwordSignIn}
                    key={`off-${String(loaderData.policy.passwordSignIn)}`}
                    className="size-4"
                    aria-describedby="passwords-off-help"
                  />
                  <label htmlFor="passwords-off" className="text-sm text-slate-900">
                    Only {loaderData.sso} and passkeys sign people in
                  </label>
                </div>
                <p id="passwords-off-help" className="text-sm text-slate-600">
                  The operator can always turn passwords back on with <code>npm run admin -- password-sign-in-on</code>.
                </p>
              </fieldset>
            </>
          ) : null}
          <Button type="submit" variant="secondary" disabled={busy}>
            Save sign-in policy
          </Button>
        </Form>

        <section aria-labelledby="invitations-heading" className="space-y-3">
          <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
            Pending invitations
          </h2>
          {loaderData.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">No invitations are waiting to be accepted.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-labelledby="invitations-heading">
              {loaderData.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <span className="wrap-anywhere">
                    <strong className="font-medium text-slate-900">{invitation.email}</strong> as {invitation.role}
                    {invitation.invitedBy ? `, invited by ${invitation.invitedBy}` : ""};{" "}
                    {invitation.expired ? (
                      <span className="font-medium text-red-700">expired</span>
                    ) : (
                      <>
                        link valid until <LocalTime iso={invitation.expiresAt} />
                      </>
                    )}
                  </span>
                  <Form method="post">
                    <TabIdInput />
                    <input type="hidden" name="intent" value="cancel-invitation" />
                    <input type="hidden" name="id" value={invitation.id} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Cancel invitation to {invitation.email}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="invite-heading" className="space-y-3">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
            Invite someone
          </h2>
          <p className="text-sm text-slate-600">
            They get an e-mail with a link to choose their password. The link works once, for 72 hours.
          </p>
          <Form
            method="post"
            className="space-y-4"
            noValidate
            key={actionData?.status === "done" ? actionData.answeredAt : "form"}
          >
            <TabIdInput />
            <input type="hidden" name="intent" value="invite" />
            <TextField
              id="invite-email"
              name="email"
              type="email"
              label="E-mail"
              autoComplete="off"
              required
              error={actionData?.status === "refused" && actionData.field === "email" ? actionData.message : undefined}
            />
            <div className="space-y-1">
              <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
                Role
              </label>
              <RoleSelect id="invite-role" defaultValue="editor" />
            </div>
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
          </Form>
        </section>
      </div>
    </Card>
  );
}
