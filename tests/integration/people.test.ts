import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminWrite } from "#app/server/admin/write.server";
import { AdminError, LAST_OWNER_MESSAGE } from "#app/server/people/admins.server";
import { COMMAND_LINE, type Actor, type AuditFilters } from "#app/server/admin/audit.server";
import { auditLog, categories, invitations, session } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { invitationLinkIn, outboxFiles, parseMail } from "#tests/support/mail";
import { TEST_ORIGIN } from "#tests/support/origin";

describe.each(DATABASE_KINDS)("people, invitations and the audit log on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let owner: Actor;

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const created = await runtime.admins.create("owner@vantage.test", "owner-password", "owner", COMMAND_LINE);
    owner = { userId: created.id, email: created.email, clientAddress: "192.0.2.10" };
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The newest mail the server wrote to its outbox (no SMTP_URL here) for `to`. */
  function lastMailTo(to: string) {
    const mails = outboxFiles(runtime.env.dataDir).map((file) => parseMail(fs.readFileSync(file, "utf8")));
    const mail = mails.reverse().find((candidate) => candidate.headers.get("to") === to);
    if (!mail) throw new Error(`No mail to ${to}`);
    return mail;
  }

  const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

  async function entries(filters: AuditFilters = {}) {
    return (await runtime.services.auditLog.list(filters, 1)).items;
  }

  it("invites by mail with a single-use link valid 72 hours; the person chooses a password and signs in", async () => {
    const { invitations: invites, people } = runtime.services;
    const before = Date.now();
    const sent = await invites.invite(" New.Editor@Vantage.test ", "editor", owner);
    expect(sent.email).toBe("new.editor@vantage.test");
    expect(sent.expiresAt.getTime() - before).toBeGreaterThanOrEqual(72 * 3600_000 - 1000);
    expect(sent.expiresAt.getTime() - before).toBeLessThanOrEqual(72 * 3600_000 + 60_000);

    const mail = lastMailTo("new.editor@vantage.test");
    expect(mail.headers.get("subject")).toBe("You are invited to the Vantage dashboard");
    expect(mail.text).toContain("owner@vantage.test invited you to edit the Vantage website as an editor");
    const token = tokenOf(invitationLinkIn(mail));
    // Only the token's hash is kept.
    const stored = await runtime.database.db.select().from(invitations);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await invites.find(token)).toEqual({ email: "new.editor@vantage.test", role: "editor" });
    expect((await invites.pending()).map((row) => [row.email, row.invitedBy, row.expired])).toEqual([
      ["new.editor@vantage.test", "owner@vantage.test", false],
    ]);

    expect(await invites.accept(token, "editor-password", "198.51.100.7")).toEqual({
      email: "new.editor@vantage.test",
    });
    // Once only.
    expect(await invites.accept(token, "another-password", "198.51.100.7")).toBeNull();
    expect(await invites.find(token)).toBeNull();
    const person = (await people.list()).find((row) => row.email === "new.editor@vantage.test");
    expect(person?.role).toBe("editor");

    const headers = new Headers({ "x-forwarded-for": "198.51.100.7" });
    const signedIn = await runtime.auth.signIn({
      email: "new.editor@vantage.test",
      password: "editor-password",
      clientAddress: "198.51.100.7",
      headers,
    });
    expect(signedIn.ok).toBe(true);
    expect((await people.list()).find((row) => row.email === "new.editor@vantage.test")?.lastSignInAt).toBeInstanceOf(
      Date,
    );

    const kinds = (await entries({ record: "new.editor@vantage.test" })).map((entry) => [entry.kind, entry.person]);
    expect(kinds).toEqual([
      ["invitation-accepted", "new.editor@vantage.test"],
      ["invitation-sent", "owner@vantage.test"],
    ]);
    const [signIn] = await entries({ kind: "sign-in", person: "new.editor@vantage.test" });
    expect(signIn?.clientAddress).toBe("198.51.100.7");
  });

  it("refuses to invite someone who has access, replaces an earlier invitation, and cancels one", async () => {
    const { invitations: invites } = runtime.services;
    await expect(invites.invite("owner@vantage.test", "editor", owner)).rejects.toThrow(
      new AdminError("owner@vantage.test already has access to the dashboard."),
    );
    await invites.invite("twice@vantage.test", "editor", owner);
    const first = tokenOf(invitationLinkIn(lastMailTo("twice@vantage.test")));
    await invites.invite("twice@vantage.test", "owner", owner);
    const second = tokenOf(invitationLinkIn(lastMailTo("twice@vantage.test")));
    expect(second).not.toBe(first);
    expect(await invites.find(first)).toBeNull();
    expect(await invites.find(second)).toEqual({ email: "twice@vantage.test", role: "owner" });

    const [pending] = (await invites.pending()).filter((row) => row.email === "twice@vantage.test");
    await invites.cancel("not-an-id", owner);
    await invites.cancel(pending?.id ?? "", owner);
    expect(await invites.find(second)).toBeNull();
    expect(await invites.accept(second, "some-password", "127.0.0.1")).toBeNull();
  });

  it("lets an expired link choose nothing", async () => {
    const { invitations: invites } = runtime.services;
    await invites.invite("late@vantage.test", "editor", owner);
    const token = tokenOf(invitationLinkIn(lastMailTo("late@vantage.test")));
    await runtime.database.db.execute(
      sql`update ${invitations} set expires_at = now() - interval '1 second' where email = 'late@vantage.test'`,
    );
    expect(await invites.find(token)).toBeNull();
    expect(await invites.accept(token, "late-password", "127.0.0.1")).toBeNull();
    expect((await invites.pending()).find((row) => row.email === "late@vantage.test")?.expired).toBe(true);
  });

  it("keeps an owner: the last one is neither demoted nor removed, even by two owners at once", async () => {
    const { people } = runtime.services;
    const [only] = (await people.list()).filter((row) => row.role === "owner");
    expect(only?.email).toBe("owner@vantage.test");
    await expect(people.setRole(only?.id ?? "", "editor", owner)).rejects.toThrow(LAST_OWNER_MESSAGE);
    await expect(people.remove(only?.id ?? "", owner)).rejects.toThrow(LAST_OWNER_MESSAGE);

    const second = await people.create("second@vantage.test", "second-password", "owner", COMMAND_LINE);
    const results = await Promise.allSettled([
      people.setRole(second.id, "editor", owner),
      people.setRole(only?.id ?? "", "editor", { ...owner, userId: second.id, email: second.email }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && String(refused.reason)).toContain(LAST_OWNER_MESSAGE);
    expect((await people.list()).filter((row) => row.role === "owner")).toHaveLength(1);

    // Put things back as the later tests expect them: owner@ the only owner.
    const owners = (await people.list()).filter((row) => row.role === "owner");
    if (owners[0]?.email !== "owner@vantage.test") {
      await people.setRole(only?.id ?? "", "owner", COMMAND_LINE);
      await people.setRole(second.id, "editor", COMMAND_LINE);
    }
    await people.remove(second.id, owner);
    expect((await entries({ kind: "person-removed" }))[0]).toMatchObject({
      person: "owner@vantage.test",
      recordLabel: "second@vantage.test",
    });
  });

  it("takes back the invitations of an owner who is removed or made an editor", async () => {
    const { people, invitations: invites } = runtime.services;
    const inviter = await people.create("inviter@vantage.test", "inviter-password", "owner", COMMAND_LINE);
    const asInviter = { userId: inviter.id, email: inviter.email, clientAddress: "127.0.0.1" };
    await invites.invite("second-mailbox@vantage.test", "owner", asInviter);
    const kept = tokenOf(invitationLinkIn(lastMailTo("second-mailbox@vantage.test")));
    await invites.invite("colleague@vantage.test", "editor", owner);
    const colleague = tokenOf(invitationLinkIn(lastMailTo("colleague@vantage.test")));
    await people.setRole(inviter.id, "editor", owner);
    expect(await invites.find(kept)).toBeNull();
    await invites.invite("second-mailbox@vantage.test", "owner", { ...asInviter });
    const again = tokenOf(invitationLinkIn(lastMailTo("second-mailbox@vantage.test")));
    await people.remove(inviter.id, owner);
    expect(await invites.find(again)).toBeNull();
    expect(await invites.accept(again, "a-new-password", "127.0.0.1")).toBeNull();
    // Other owners' invitations stand.
    expect(await invites.find(colleague)).toEqual({ email: "colleague@vantage.test", role: "editor" });
  });

  it("records a sign-out under the person it signed out, and nothing for a request without a session", async () => {
    const signedIn = await runtime.auth.signIn({
      email: "owner@vantage.test",
      password: "owner-password",
      clientAddress: "203.0.113.5",
      headers: new Headers(),
    });
    if (!signedIn.ok) throw new Error("sign-in failed");
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const before = (await runtime.services.auditLog.list({ kind: "sign-out" }, 1)).total;
    await runtime.auth.signOut(new Headers({ cookie }), { ...owner, clientAddress: "203.0.113.5" });
    await runtime.auth.signOut(new Headers(), null);
    const signOuts = await runtime.services.auditLog.list({ kind: "sign-out" }, 1);
    expect(signOuts.total).toBe(before + 1);
    expect(signOuts.items[0]).toMatchObject({ person: "owner@vantage.test", clientAddress: "203.0.113.5" });
    expect(await runtime.auth.getUser(new Headers({ cookie }))).toBeNull();
  });

  it("removing a person ends their sessions at once", async () => {
    const { people } = runtime.services;
    const removed = await people.create("leaving@vantage.test", "leaving-password", "editor", COMMAND_LINE);
    const signedIn = await runtime.auth.signIn({
      email: "leaving@vantage.test",
      password: "leaving-password",
      clientAddress: "127.0.0.1",
      headers: new Headers(),
    });
    if (!signedIn.ok) throw new Error("sign-in failed");
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    expect((await runtime.auth.getUser(new Headers({ cookie })))?.email).toBe("leaving@vantage.test");
    await people.remove(removed.id, owner);
    expect(await runtime.auth.getUser(new Headers({ cookie }))).toBeNull();
    const left = await runtime.database.db
      .select()
      .from(session)
      .where(sql`${session.userId} = ${removed.id}`);
    expect(left).toEqual([]);
  });

  it("records every dashboard write with its person and address, in the write's own transaction", async () => {
    const { categoryAdmin } = runtime.services;
    const actor = { ...TEST_ORIGIN, actor: owner };
    const id = await categoryAdmin.createCategory({ name: "Audited", description: "", features: [] }, actor);
    await categoryAdmin.updateCategory(id, 1, { name: "Audited twice", description: "", features: [] }, actor);
    await categoryAdmin.deleteCategory(id, 2, actor);
    const trail = await entries({ record: id });
    expect(trail.map((entry) => [entry.kind, entry.recordLabel, entry.person, entry.clientAddress])).toEqual([
      ["deleted", "Audited twice", "owner@vantage.test", "192.0.2.10"],
      ["updated", "Audited twice", "owner@vantage.test", "192.0.2.10"],
      ["created", "Audited", "owner@vantage.test", "192.0.2.10"],
    ]);
    // A refused write leaves no entry behind either.
    await expect(categoryAdmin.deleteCategory(id, 3, actor)).rejects.toThrow();
    expect(await entries({ record: id })).toHaveLength(3);
  });

  it("refuses a write that would not say what it did, and keeps nothing of it", async () => {
    const write = createAdminWrite({
      db: runtime.database.db,
      files: runtime.files,
      ownWrites: runtime.ownWrites,
      revisions: runtime.services.revisions,
    });
    await expect(
      write(["categories"], TEST_ORIGIN, async ({ tx }) => {
        await tx.insert(categories).values({ name: "Untraced" });
      }),
    ).rejects.toThrow("did not record what it did");
    const rows = await runtime.database.db
      .select()
      .from(categories)
      .where(sql`${categories.name} = 'Untraced'`);
    expect(rows).toEqual([]);
  });

  it("never lets an entry be changed or deleted, whoever asks the database", async () => {
    const count = async () => (await runtime.database.db.select().from(auditLog)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(
      runtime.database.db.execute(sql`update ${auditLog} set actor_email = 'someone-else'`),
    ).rejects.toThrow();
    await expect(runtime.database.db.execute(sql`delete from ${auditLog}`)).rejects.toThrow();
    expect(await count()).toBe(before);
    expect(await entries({ person: "someone-else" })).toEqual([]);
  });

  it("filters by person, action, record and time, pages, and exports the same entries as CSV", async () => {
    const { auditLog: log, categoryAdmin } = runtime.services;
    const actor = { actor: { ...owner, email: "formula@vantage.test" } };
    await categoryAdmin.createCategory(
      { name: '=HYPERLINK("http://evil.example")', description: "", features: [] },
      actor,
    );
    for (let index = 0; index < 55; index++) {
      await categoryAdmin.createCategory({ name: `Paged ${index}`, description: "", features: [] }, actor);
    }
    const all = await log.list({ person: "formula@vantage.test" }, 1);
    expect(all.total).toBe(56);
    expect(all.pageCount).toBe(2);
    expect(all.items).toHaveLength(50);
    expect(all.items[0]?.recordLabel).toBe("Paged 54");
    expect((await log.list({ person: "formula@vantage.test" }, 2)).items.at(-1)?.recordLabel).toBe(
      '=HYPERLINK("http://evil.example")',
    );
    expect((await log.list({ person: "formula@vantage.test", record: "paged 1" }, 1)).total).toBe(11);
    expect((await log.list({ person: "formula@vantage.test", kind: "deleted" }, 1)).total).toBe(0);
    const future = new Date(Date.now() + 3600_000);
    expect((await log.list({ person: "formula@vantage.test", from: future }, 1)).total).toBe(0);
    expect((await log.list({ person: "formula@vantage.test", until: future }, 1)).total).toBe(56);
    expect(await log.people()).toEqual(
      expect.arrayContaining(["Command line", "formula@vantage.test", "owner@vantage.test"]),
    );

    let csv = "";
    // Read in batches of 7: the export's cursor has to carry on exactly where each batch ended.
    for await (const chunk of log.csv({ person: "formula@vantage.test" }, 7)) csv += chunk;
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFTime (UTC),Person,Client address,Action,Record type,Record id,Record,Details");
    expect(lines).toHaveLength(57);
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,formula@vantage\.test,192\.0\.2\.10,Created,category,[0-9a-f-]{36},Paged 54,$/,
    );
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.slice(1, 56).map((line) => line.split(",")[6])).toEqual(
      Array.from({ length: 55 }, (_, index) => `Paged ${54 - index}`),
    );
    // A name a spreadsheet would run as a formula is written as text.
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});
