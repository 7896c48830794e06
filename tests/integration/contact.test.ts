import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMIT, reportReference } from "#app/domain/contact";
import { barrierReportSchemaIn, contactSchemaIn, securityReportSchemaIn } from "#app/domain/forms/contact";
import { NotFoundError } from "#app/server/admin/write.server";
import { fieldMessages } from "#app/server/render/messages.server";
import { auditLog, contactMessages } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { outboxFiles, parseMail } from "#tests/support/mail";
import { TEST_ORIGIN } from "#tests/support/origin";

/** The forms' rules as an English page's form is checked. */
const contactSchema = contactSchemaIn(fieldMessages("en"));
const barrierReportSchema = barrierReportSchemaIn(fieldMessages("en"));
const securityReportSchema = securityReportSchemaIn(fieldMessages("en"));

describe.each(DATABASE_KINDS)("the contact form and the inbox on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
  });
  afterAll(async () => {
    await test?.close();
  });

  const message = (overrides: Record<string, string> = {}) =>
    contactSchema.parse({
      name: "Dana Installer",
      email: "dana@installer.example",
      company: "Secure Sites Ltd",
      product: "",
      message: "Which camera suits a car park of 40 spaces at night?",
      ...overrides,
    });

  it("keeps a message for the inbox and mails it to the contact address, the visitor as Reply-To", async () => {
    const { contact, settings } = runtime.services;
    const before = outboxFiles(runtime.env.dataDir).length;
    expect(await contact.send(message(), "203.0.113.7")).toEqual({ retryAfterSeconds: 0 });

    const mails = outboxFiles(runtime.env.dataDir);
    expect(mails).toHaveLength(before + 1);
    const mail = parseMail(fs.readFileSync(mails.at(-1) ?? "", "utf8"));
    expect(mail.headers.get("to")).toBe((await settings.getSiteSettings()).contactEmail);
    expect(mail.headers.get("reply-to")).toContain("dana@installer.example");
    expect(mail.headers.get("subject")).toBe("Contact form: Dana Installer (Secure Sites Ltd)");
    expect(mail.text).toContain("Which camera suits a car park of 40 spaces at night?");

    const listed = await contact.list("contact");
    expect(listed.unread).toEqual({ contact: 1, security: 0, accessibility: 0 });
    const [first] = listed.items;
    expect(first).toMatchObject({ name: "Dana Installer", company: "Secure Sites Ltd", mailed: true, read: false });

    // Read once opened; Mark as unread is a change the audit log records.
    await contact.markRead(first?.id ?? "");
    expect((await contact.get(first?.id ?? ""))?.read).toBe(true);
    expect((await contact.unreadCounts()).contact).toBe(0);
    expect(await contact.markUnread(first?.id ?? "", TEST_ORIGIN)).toBe("contact");
    expect((await contact.unreadCounts()).contact).toBe(1);
    expect(await contact.remove(first?.id ?? "", TEST_ORIGIN)).toBe("contact");
    await expect(contact.remove(first?.id ?? "", TEST_ORIGIN)).rejects.toBeInstanceOf(NotFoundError);
    const logged = await runtime.database.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(eq(auditLog.recordId, first?.id ?? ""));
    expect(logged.map((entry) => entry.kind).sort()).toEqual(["deleted", "marked-unread"]);
  });

  it("limits each client, and only that client, however many it sends at once", async () => {
    const { contact } = runtime.services;
    const burst = await Promise.all(
      Array.from({ length: CONTACT_LIMIT + 3 }, (_, sent) =>
        contact.send(message({ name: `Visitor ${sent}` }), "198.51.100.9"),
      ),
    );
    expect(burst.filter((answer) => answer.retryAfterSeconds === 0)).toHaveLength(CONTACT_LIMIT);
    const refused = await contact.send(message({ name: "One too many" }), "198.51.100.9");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    const kept = await runtime.database.db
      .select({ name: contactMessages.name })
      .from(contactMessages)
      .where(eq(contactMessages.name, "One too many"));
    expect(kept).toEqual([]);
    expect(await contact.send(message({ name: "Someone else" }), "198.51.100.10")).toEqual({ retryAfterSeconds: 0 });
  });

  it("links a product named by its model, and keeps the words of one it does not know", async () => {
    const { contact, categoryAdmin } = runtime.services;
    await categoryAdmin.createCategory({ name: "Domes", description: "", features: [] }, TEST_ORIGIN);
    await contact.send(message({ product: "NO-SUCH-1", name: "Asks about nothing" }), "192.0.2.1");
    const [row] = await runtime.database.db
      .select({ product: contactMessages.product, productId: contactMessages.productId })
      .from(contactMessages)
      .where(eq(contactMessages.name, "Asks about nothing"));
    expect(row).toEqual({ product: "NO-SUCH-1", productId: null });
  });

  const report = (overrides: Record<string, string> = {}) =>
    securityReportSchema.parse({
      name: "",
      email: "finder@research.example",
      product: "VNT-D4520",
      firmwareVersion: "2.4.1",
      message: "The web interface accepts a session cookie from before a password change. Steps: 1. sign in ...",
      credit: "Finder of Research Example",
      ...overrides,
    });

  it("keeps a vulnerability report in the security box, mails the security team and acknowledges it", async () => {
    const { contact, settings } = runtime.services;
    const before = outboxFiles(runtime.env.dataDir).length;
    expect(await contact.report(report(), "203.0.113.20")).toEqual({ retryAfterSeconds: 0 });

    const [kept] = (await contact.list("security")).items;
    expect(kept).toMatchObject({
      box: "security",
      name: "",
      email: "finder@research.example",
      product: "VNT-D4520",
      firmwareVersion: "2.4.1",
      credit: "Finder of Research Example",
      mailed: true,
      acknowledged: true,
      read: false,
    });
    const reference = reportReference(kept?.id ?? "");
    expect(reference).toMatch(/^VR-[0-9A-F]{8}$/);
    // Not among the contact form's messages.
    expect((await contact.list("contact")).items.map((each) => each.id)).not.toContain(kept?.id);
    expect((await contact.unreadCounts()).security).toBe(1);

    const mails = outboxFiles(runtime.env.dataDir)
      .slice(before)
      .map((file) => parseMail(fs.readFileSync(file, "utf8")));
    expect(mails).toHaveLength(2);
    const securityEmail = (await settings.getSiteSettings()).securityEmail;
    const team = mails.find((mail) => mail.headers.get("to") === securityEmail);
    expect(team?.headers.get("subject")).toBe(`Vulnerability report ${reference}: VNT-D4520`);
    expect(team?.headers.get("reply-to")).toContain("finder@research.example");
    expect(team?.text).toContain("Firmware version: 2.4.1");
    expect(team?.text).toContain("Credit in the advisory: Finder of Research Example");
    expect(team?.text).toContain("accepts a session cookie");
    const acknowledgment = mails.find((mail) => mail.headers.get("to") === "finder@research.example");
    expect(acknowledgment?.headers.get("subject")).toBe(`We received your vulnerability report ${reference}`);
    expect(acknowledgment?.text).toContain(reference);
    // Nothing the form carried goes to the address typed into it: it may be someone else's.
    expect(acknowledgment?.text).not.toContain("session cookie");
    expect(acknowledgment?.text).not.toContain("VNT-D4520");

    expect(await contact.remove(kept?.id ?? "", TEST_ORIGIN)).toBe("security");
  });

  it("limits a client's reports on a count of its own", async () => {
    const { contact } = runtime.services;
    for (let sent = 0; sent < CONTACT_LIMIT; sent += 1) {
      expect(await contact.report(report(), "198.51.100.30")).toEqual({ retryAfterSeconds: 0 });
    }
    expect((await contact.report(report(), "198.51.100.30")).retryAfterSeconds).toBeGreaterThan(0);
    // The same client may still write through the contact form.
    expect(await contact.send(message(), "198.51.100.30")).toEqual({ retryAfterSeconds: 0 });
  });

  const barrier = (overrides: Record<string, string> = {}) =>
    barrierReportSchema.parse({
      name: "Robin Reader",
      email: "robin@reader.example",
      pageAddress: "/catalog/products/vnt-d4520",
      assistiveTechnology: "JAWS 2026 with Edge",
      message: "The picture gallery's next button has no name.",
      ...overrides,
    });

  it("keeps an accessibility barrier in a box of its own and mails it to the contact address", async () => {
    const { contact, settings } = runtime.services;
    const before = outboxFiles(runtime.env.dataDir).length;
    expect(await contact.reportBarrier(barrier(), "203.0.113.40")).toEqual({ retryAfterSeconds: 0 });

    const [kept] = (await contact.list("accessibility")).items;
    expect(kept).toMatchObject({
      box: "accessibility",
      name: "Robin Reader",
      pageAddress: "/catalog/products/vnt-d4520",
      assistiveTechnology: "JAWS 2026 with Edge",
      mailed: true,
      read: false,
    });
    for (const other of ["contact", "security"] as const) {
      expect((await contact.list(other)).items.map((each) => each.id)).not.toContain(kept?.id);
    }
    expect((await contact.unreadCounts()).accessibility).toBe(1);
    const [mail] = outboxFiles(runtime.env.dataDir)
      .slice(before)
      .map((file) => parseMail(fs.readFileSync(file, "utf8")));
    expect(mail?.headers.get("to")).toBe((await settings.getSiteSettings()).contactEmail);
    expect(mail?.headers.get("subject")).toBe("Accessibility barrier reported by Robin Reader");
    expect(mail?.headers.get("reply-to")).toContain("robin@reader.example");
    expect(mail?.text).toContain("Page: /catalog/products/vnt-d4520");
    expect(mail?.text).toContain("The picture gallery's next button has no name.");

    // Limited per client on a count of its own.
    for (let sent = 1; sent < CONTACT_LIMIT; sent += 1) {
      expect(await contact.reportBarrier(barrier(), "203.0.113.40")).toEqual({ retryAfterSeconds: 0 });
    }
    expect((await contact.reportBarrier(barrier(), "203.0.113.40")).retryAfterSeconds).toBeGreaterThan(0);
    expect(await contact.send(message(), "203.0.113.40")).toEqual({ retryAfterSeconds: 0 });
    expect(await contact.remove(kept?.id ?? "", TEST_ORIGIN)).toBe("accessibility");
  });
});

describe("the contact form's rules", () => {
  it("folds one-line fields to one line and says what is wrong with each field", () => {
    const parsed = contactSchema.safeParse({
      name: " Dana\r\nBcc: x@y.z ",
      email: " d@e.co ",
      message: "Long enough text",
    });
    expect(parsed.success && parsed.data.name).toBe("Dana Bcc: x@y.z");
    const refused = contactSchema.safeParse({ name: "", email: "not-an-address", message: "short" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Enter your name"],
      ["email", "Enter an e-mail address such as name@example.com, so we can answer"],
      ["message", "Write a little more: at least 10 characters"],
    ]);
  });

  it("says what is wrong in the page's language, numbers written its way", () => {
    const german = contactSchemaIn(fieldMessages("de"));
    const refused = german.safeParse({ name: "", email: "not-an-address", message: "x".repeat(5001) });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Geben Sie Ihren Namen ein"],
      ["email", "Geben Sie eine E-Mail-Adresse wie name@example.com ein, damit wir antworten können"],
      ["message", "Höchstens 5.000 Zeichen"],
    ]);
  });
});

describe("the barrier report's rules", () => {
  it("asks only for an address and what was met; where and with what, on one line each", () => {
    const refused = barrierReportSchema.safeParse({ email: "nobody", message: "" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["email", "Enter an e-mail address such as name@example.com, so we can answer"],
      ["message", "Describe the barrier you met"],
      ["message", "Write a little more: at least 10 characters"],
    ]);
    const parsed = barrierReportSchema.safeParse({
      email: "a@b.example",
      message: "The menu cannot be opened.",
      assistiveTechnology: " VoiceOver\n on iOS ",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      name: "",
      pageAddress: "",
      assistiveTechnology: "VoiceOver on iOS",
    });
  });
});

describe("the vulnerability report's rules", () => {
  it("asks only for an address and a finding with enough to go on", () => {
    const refused = securityReportSchema.safeParse({ email: "nobody", message: "XSS" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["email", "Enter an e-mail address such as name@example.com, so we can answer"],
      ["message", "Write a little more: at least 30 characters, with the steps to reproduce it"],
    ]);
    const parsed = securityReportSchema.safeParse({
      email: "a@b.example",
      message: "A finding described in more than thirty characters.",
      firmwareVersion: " 2.4\n.1 ",
    });
    expect(parsed.success && parsed.data).toMatchObject({ name: "", credit: "", firmwareVersion: "2.4 .1" });
  });
});
