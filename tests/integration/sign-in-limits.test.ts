import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import os from "node:os";
import {
  CLIENT_FAILURE_LIMIT,
  RESET_PAIR_LIMIT,
  RESET_RECIPIENT_LIMIT,
} from "#app/server/people/sign-in-throttle.server";
import { TEST_ADMIN } from "#tests/support/http";
import { outboxFiles, parseMail, resetLinkIn } from "#tests/support/mail";
import { startServer, type RunningServer } from "#tests/support/server";

// One proxy hop is trusted: as behind nginx, the client is the rightmost X-Forwarded-For entry, so
// each test below can act as many clients. Entries left of it are the client's own words.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    TRUST_PROXY: "1",
  });
});
afterAll(async () => {
  await server?.stop();
});

let nextClient = 1;
/** A client address no other test used. */
function newClient(): string {
  const n = nextClient++;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

async function postForm(path: string, client: string, fields: Record<string, string>, forwardedFor = client) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": forwardedFor,
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    retryAfter: Number(response.headers.get("retry-after") ?? 0),
    text: await response.text(),
  };
}

function signIn(client: string, email: string, password: string, forwardedFor?: string) {
  return postForm("/login", client, { email, password, redirectTo: "/dashboard" }, forwardedFor);
}

describe("sign-in limits", () => {
  it("slow down the clients that failed on an account, never the admin signing in from elsewhere", async () => {
    const attacker = newClient();
    expect((await signIn(attacker, TEST_ADMIN.email, "wrong 0")).status).toBe(401);
    // Many more failures from other places: the account's back-off grows to half a minute.
    for (let n = 1; n <= 10; n++) expect((await signIn(newClient(), TEST_ADMIN.email, `wrong ${n}`)).status).toBe(401);

    const slowed = await signIn(attacker, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBeGreaterThan(10);
    expect(slowed.text).toMatch(/Too many sign-in attempts\. Try again in \d+ (seconds|minutes?)\./);

    // The right password from a client with no failures on the account works at once.
    expect((await signIn(newClient(), TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(302);
    // That success cleared the account's failures: the slowed client is free again too.
    expect((await signIn(attacker, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(302);
  });

  it("refuse a client that failed too often, whatever account it tries, and only that client", async () => {
    const attacker = newClient();
    for (let n = 0; n < CLIENT_FAILURE_LIMIT; n++) {
      expect((await signIn(attacker, `nobody${n}@vantage.test`, "guess")).status).toBe(401);
    }
    const refused = await signIn(attacker, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(14 * 60);
    expect(refused.text).toContain("Too many sign-in attempts. Try again in 15 minutes.");
    expect((await signIn(newClient(), TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(302);
  });

  it("take the client address from the trusted proxy's entry, not from what the client wrote", async () => {
    const real = newClient();
    for (let n = 0; n < CLIENT_FAILURE_LIMIT; n++) {
      const spoofed = `203.0.113.${n + 1}`;
      expect((await signIn(real, `spoof${n}@vantage.test`, "guess", `${spoofed}, ${real}`)).status).toBe(401);
    }
    const refused = await signIn(real, TEST_ADMIN.email, TEST_ADMIN.password, `203.0.113.200, ${real}`);
    expect(refused.status).toBe(429);
  });

  it("end with a completed password reset, which frees the account and the client that reset it", async () => {
    const owner = newClient();
    const email = TEST_ADMIN.email;
    expect((await signIn(owner, email, "mistyped")).status).toBe(401);
    for (let n = 1; n <= 12; n++) expect((await signIn(newClient(), email, `wrong ${n}`)).status).toBe(401);
    expect((await signIn(owner, email, TEST_ADMIN.password)).status).toBe(429);

    const before = outboxFiles(server.dataDir).length;
    expect((await postForm("/forgot", owner, { email })).status).toBe(200);
    await expect.poll(() => outboxFiles(server.dataDir).length).toBe(before + 1);
    const mail = parseMail(fs.readFileSync(outboxFiles(server.dataDir).at(-1) ?? "", "utf8"));
    const token = new URL(resetLinkIn(mail)).searchParams.get("token") ?? "";
    const newPassword = "a brand new password";
    const reset = await postForm("/reset-password", owner, { token, password: newPassword, confirm: newPassword });
    expect(reset.status).toBe(302);

    expect((await signIn(owner, email, newPassword)).status).toBe(302);
    // Put the test admin's password back for the other tests.
    expect((await postForm("/forgot", owner, { email })).status).toBe(200);
    await expect.poll(() => outboxFiles(server.dataDir).length).toBe(before + 2);
    const second = parseMail(fs.readFileSync(outboxFiles(server.dataDir).at(-1) ?? "", "utf8"));
    const again = new URL(resetLinkIn(second)).searchParams.get("token") ?? "";
    const restored = { token: again, password: TEST_ADMIN.password, confirm: TEST_ADMIN.password };
    expect((await postForm("/reset-password", owner, restored)).status).toBe(302);
  });
});

describe("reset mail limits", () => {
  it("limit one client's requests for one address, while the owner elsewhere still gets the mail", async () => {
    const email = TEST_ADMIN.email;
    const flooder = newClient();
    const before = outboxFiles(server.dataDir).length;
    for (let n = 0; n < RESET_PAIR_LIMIT; n++) expect((await postForm("/forgot", flooder, { email })).status).toBe(200);
    const refused = await postForm("/forgot", flooder, { email });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(14 * 60);
    expect(refused.text).toContain("Too many reset requests. Try again in 15 minutes.");

    expect((await postForm("/forgot", newClient(), { email })).status).toBe(200);
    await expect.poll(() => outboxFiles(server.dataDir).length).toBe(before + RESET_PAIR_LIMIT + 1);
  });

  it("limit the mails one address gets from many clients, as a probe sent 15 from five in 15 minutes", async () => {
    const email = "second.owner@vantage.test";
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        ["scripts/admin.js", "create", email, "--password", "second owner's password"],
        { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    const mailsTo = () =>
      outboxFiles(server.dataDir)
        .map((file) => parseMail(fs.readFileSync(file, "utf8")))
        .filter((mail) => mail.headers.get("to") === email).length;
    const statuses: number[] = [];
    for (let client = 0; client < 5; client++) {
      const address = newClient();
      for (let n = 0; n < RESET_PAIR_LIMIT; n++) statuses.push((await postForm("/forgot", address, { email })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RESET_RECIPIENT_LIMIT);
    expect(statuses.slice(RESET_RECIPIENT_LIMIT)).toEqual(
      Array.from({ length: 15 - RESET_RECIPIENT_LIMIT }, () => 429),
    );
    await expect.poll(mailsTo).toBe(RESET_RECIPIENT_LIMIT);
    const refused = await postForm("/forgot", newClient(), { email });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many reset requests. Try again in 15 minutes.");
    expect(mailsTo()).toBe(RESET_RECIPIENT_LIMIT);
  });
});
