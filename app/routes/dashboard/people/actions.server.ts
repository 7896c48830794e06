import { data } from "react-router";
import { z } from "zod";
import { AdminError, isRole } from "#app/server/people/admins.server";
import { servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";

// The People page's writes: invite, cancel an invitation, change a role, remove. Each answer says what
// happened or why not, in words the page shows as they are.

/** `answeredAt` tells one answer from the next with the same words: the page resets its fields on each. */
export type PeopleAnswer =
  | { status: "done"; message: string; answeredAt: number }
  | { status: "refused"; message: string; field?: "email"; answeredAt: number };

const inviteSchema = z.object({
  email: z.email("A valid e-mail address").max(320, "A valid e-mail address"),
  role: z.enum(["owner", "editor"], "Choose a role"),
});

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
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "invite") {
      const parsed = inviteSchema.safeParse({ email: String(form.get("email") ?? "").trim(), role: form.get("role") });
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check each input", "email");
      const sent = await invitations.invite(parsed.data.email, parsed.data.role, origin.actor, origin.tabId);
      return done(`Invitation sent to ${sent.email}.`);
    }
    if (intent === "cancel-invitation") {
      await invitations.cancel(id, origin.actor, origin.tabId);
      return done("Invitation cancelled.");
    }
    if (intent === "set-role") {
      const role = form.get("role");
      if (!isRole(role)) return refused("Choose a role");
      const person = await people.setRole(id, role, origin.actor, origin.tabId);
      return done(`${person.email} is now ${role === "owner" ? "an owner" : "an editor"}.`);
    }
    if (intent === "delete") {
      if (id === origin.actor.userId) return refused("You cannot remove yourself: ask another owner to do it.");
      await people.remove(id, origin.actor, origin.tabId);
      return done("Removed: their sessions have ended.");
    }
  } catch (error) {
    if (error instanceof AdminError) return refused(error.message);
    throw error;
  }
  throw data("Bad Request", { status: 400, statusText: "Bad Request" });
}
