import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { Runtime } from "../../app/server/runtime/runtime.server";
import { startMailSink, type MailSink } from "../support/mail";
import { SERVER_START_PATIENCE_MS } from "../support/patience";
import { createDatabase } from "../support/postgres";
import { POSTGRES_URL_VARIABLE } from "./global-setup";
import { startServer, type RunningServer } from "../support/server";
import type { StorageKind } from "../support/storage";

export const ADMIN = { email: "admin@vantage.test", password: "correct horse battery" } as const;

interface WorkerFixtures {
  /** Extra environment for this file's server (e.g. DEMO_DATA). */
  serverEnv: Record<string, string>;
  /**
   * Files whose tests change what other files read (site settings, the catalog) name themselves here to
   * get a server of their own: Playwright otherwise hands one worker's server to every file with equal options.
   */
  ownServer: string;
  /** Where the worker's server keeps its files: the `s3` project puts them in a bucket on a local S3 server. */
  storage: StorageKind;
  /** "localhost" for a file whose browser must reach the site by a domain name (passkeys are bound to one). */
  siteHostName: "localhost" | undefined;
  /** A port chosen before the site starts, for a file that must name its address elsewhere first (an OpenID provider's client). */
  sitePort: number | undefined;
  site: RunningServer;
  /**
   * A local SMTP server, started only for workers that ask for it. To send this file's mail there,
   * make `serverEnv` depend on it:
   * `test.use({ serverEnv: [async ({ mailSink }, use) => use({ SMTP_URL: mailSink.url }), { scope: "worker" }] })`.
   */
  mailSink: MailSink;
  /**
   * The URL of a fresh database on the run's PostgreSQL server (see global-setup.ts), made only for
   * workers that ask for it. To run this file's server on it, make `serverEnv` depend on it:
   * `test.use({ serverEnv: [async ({ postgresDatabase }, use) => use({ DATABASE_URL: postgresDatabase }), { scope: "worker" }] })`.
   */
  postgresDatabase: string;
  /**
   * The services, opened in the test process on the site's PostgreSQL database: a write here is a
   * write by another instance, so it can reach open pages only through the change feed.
   */
  writer: Runtime;
}

/**
 * Each worker runs its own production server with its own data folder, so test files never share
 * state with another worker. The admin above always exists.
 */
export const test = base.extend<{ login: (page?: Page) => Promise<void> }, WorkerFixtures>({
  serverEnv: [{}, { scope: "worker", option: true }],
  ownServer: ["", { scope: "worker", option: true }],
  siteHostName: [undefined, { scope: "worker", option: true }],
  sitePort: [undefined, { scope: "worker", option: true }],
  storage: ["disk", { scope: "worker", option: true }],
  site: [
    async ({ serverEnv, ownServer, storage, siteHostName, sitePort }, use) => {
      // Only named so that Playwright keys the worker's server on it.
      void ownServer;
      const server = await startServer(
        { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...serverEnv },
        { storage, hostName: siteHostName, port: sitePort },
      );
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: SERVER_START_PATIENCE_MS * 2 },
  ],
  mailSink: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const sink = await startMailSink();
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],
  postgresDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const adminUrl = process.env[POSTGRES_URL_VARIABLE];
      if (!adminUrl) throw new Error(`${POSTGRES_URL_VARIABLE} is not set: is tests/e2e/global-setup.ts registered?`);
      const name = `e2e_${workerInfo.workerIndex}_${Math.random().toString(36).slice(2, 10)}`;
      // The database goes away with the run's server in the global teardown.
      await use(await createDatabase(adminUrl, name));
    },
    { scope: "worker" },
  ],
  writer: [
    async ({ postgresDatabase }, use) => {
      // Loaded by the few workers that write this way: each worker loads this module, and the server's
      // modules take a second or two to load.
      const [{ parseEnv }, { startRuntime }] = await Promise.all([
        import("../../app/server/platform/env.server"),
        import("../../app/server/runtime/runtime.server"),
      ]);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-e2e-writer-"));
      const runtime = await startRuntime(
        parseEnv({ DATA_DIR: dataDir, DATABASE_URL: postgresDatabase, LOG_LEVEL: "silent" }),
      );
      await use(runtime);
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  login: async ({ page, site }, use) => {
    await use(async (target = page) => {
      // The sign-in form is what auth.spec.ts tests. Elsewhere a session is only the means: the form's
      // own action is posted from the page's context (which keeps the cookie), without loading and
      // hydrating the login page for every test.
      const response = await target.request.post(`${site.url}/login`, {
        form: { email: ADMIN.email, password: ADMIN.password },
        headers: { origin: site.url },
        maxRedirects: 0,
      });
      expect(response.status(), await response.text()).toBe(302);
      await target.goto(`${site.url}/dashboard`);
      await hydrated(target);
    });
  },
});

/** Waits until React has hydrated the current document, so its buttons and form handlers respond. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Waits until the page's live-update stream is open: a change made after this reaches it. */
export async function liveConnected(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");
}

/** The models (card headings) of the product cards a page shows, in order. */
export function productCards(page: Page) {
  return page.getByRole("article").getByRole("heading", { level: 2 });
}

export { expect };
