import { data } from "react-router";
import { z } from "zod";
import type { Refusal } from "#app/domain/conflict";
import { ROLES } from "#app/domain/roles";
import { PASSWORDS_OFF, ssoDomainsOf } from "#app/domain/auth-messages";
import { AdminError } from "#app/server/people/admins.server";
import { firstErrors, parseFormSubmission } from "#app/server/platform/form-data.server";
import { servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { dashboardUser, mustConfirmIdentity, type AdminForm } from "#app/server/runtime/session.server";

// The People page's writes: invite, cancel an invitation, change a role, end someone's sessions, remove. Each answer says what
// happened or why not, in words the page shows as they are.

/** `answeredAt` tells one answer from the next with the same words: the page resets its fields on each. */
export type PeopleAnswer =
  | { status: "done"; message: string; answeredAt: number }
  | (Refusal & { field?: "email"; answeredAt: number })
  | { status: "confirm"; answeredAt: number };

const invalidEmail = "A valid e-mail address";
const role = z.enum(ROLES, "Choose a role");
const personId = z.string().optional().default("");

/** The page's forms, told apart by the button pressed (`intent`). */
const peopleSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z.string(invalidEmail).trim().pipe(z.email(invalidEmail).max(320, invalidEmail)),
    role,
  }),
  z.object({ intent: z.literal("cancel-invitation"), id: personId }),
  z.object({ intent: z.literal("set-role"), id: personId, role }),
  z.object({ intent: z.literal("delete"), id: personId }),
  z.object({ intent: z.literal("end-sessions"), id: personId }),
  z.object({
    intent: z.literal("sign-in-policy"),
    requireTwoFactor: z.literal("on").optional(),
    ssoDomains: z.string().max(20_000).optional(),
    // Sent by the form only where single sign-on is set up: "on" when passwords stay on, "off" when not.
    passwordSignIn: z.enum(["on", "off"]).optional(),
  }),
]);

function refused(message: string, field?: "email") {
  return data<PeopleAnswer>(
    { status: "refused", message, ...(field ? { field } : {}), answeredAt: Date.now() },
    { status: 400 },
  );
}

function done(message: string): PeopleAnswer {
  return { status: "done", message, answeredAt: Date.now() };
}

export async function peopleFromForm(context: RouteContext, { form, origin }: AdminForm) {
  const { people, invitations } = context.get(servicesContext);
  const submission = parseFormSubmission(form, peopleSchema);
  if (submission.status !== "success") {
    const errors = firstErrors(submission);
    const { intent } = submission.payload;
    if (intent === "invite") return refused(errors.email ?? errors.role ?? "Check each input", "email");
    if (intent === "set-role" && errors.role) return refused(errors.role);
    throw data("Bad Request", { status: 400, statusText: "Bad Request" });
  }
  const asked = submission.value;
  // A change of who may do what is sensitive: the password again when it was given long ago.
  if (mustConfirmIdentity(dashboardUser(context))) {
    return data<PeopleAnswer>({ status: "confirm", answeredAt: Date.now() }, { status: 403 });
  }
  try {
    switch (asked.intent) {
      case "invite": {
        const sent = await invitations.invite(asked.email, asked.role, origin.actor, origin.tabId);
        return done(`Invitation sent to ${sent.email}.`);
      }
      case "cancel-invitation":
        await invitations.cancel(asked.id, origin.actor, origin.tabId);
        return done("Invitation cancelled.");
      case "set-role": {
        const person = await people.setRole(asked.id, asked.role, origin.actor, origin.tabId);
        return done(`${person.email} is now ${asked.role === "owner" ? "an owner" : "an editor"}.`);
      }
      case "end-sessions": {
        if (asked.id === origin.actor.userId) {
          return refused("End your own sessions on Your account, where this one can stay signed in.");
        }
        const ended = await people.endSessionsOf(asked.id, origin.actor, origin.tabId);
        return done(ended === 1 ? "1 session ended." : `${ended} sessions ended.`);
      }
      case "sign-in-policy": {
        const requireTwoFactor = asked.requireTwoFactor === "on";
        // Only a site with single sign-on shows the domains' field.
        const typed = asked.ssoDomains === undefined ? undefined : ssoDomainsOf(asked.ssoDomains);
        if (typed && "error" in typed) return refused(typed.error);
        const { sso } = context.get(servicesContext).auth;
        const passwordSignIn = sso && asked.passwordSignIn ? asked.passwordSignIn === "on" : undefined;
        // Whoever turns passwords off must be able to come back without one.
        if (sso && passwordSignIn === false && dashboardUser(context).signedInWith !== "sso") {
          return refused(PASSWORDS_OFF.ownFirst(sso.name));
        }
        await people.setSignInPolicy(
          { requireTwoFactor, ssoDomains: typed?.domains, passwordSignIn },
          origin.actor,
          origin.tabId,
        );
        const twoFactors = requireTwoFactor
          ? "Two-factor authentication is now required: whoever has not set it up is asked to at their next page."
          : "Two-factor authentication is no longer required.";
        const passwords =
          passwordSignIn === undefined
            ? ""
            : passwordSignIn
              ? " Passwords sign people in."
              : ` Passwords no longer sign anyone in: ${sso?.name ?? "single sign-on"} and passkeys do.`;
        if (!typed) return done(twoFactors + passwords);
        const domains = typed.domains.length
          ? `Single sign-on admits uninvited people at ${typed.domains.join(", ")}.`
          : "Single sign-on admits invited people only.";
        return done(`${twoFactors} ${domains}${passwords}`);
      }
      case "delete":
        if (asked.id === origin.actor.userId) return refused("You cannot remove yourself: ask another owner to do it.");
        await people.remove(asked.id, origin.actor, origin.tabId);
        return done("Removed: their sessions have ended.");
    }
  } catch (error) {
    if (error instanceof AdminError) return refused(error.message);
    throw error;
  }
}
