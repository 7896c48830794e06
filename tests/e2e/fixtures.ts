import { test as base, expect, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server";

export const ADMIN = { email: "admin@vantage.test", password: "correct horse battery" } as const;

interface WorkerFixtures {
  /** Extra environment for this file's server (e.g. DEMO_DATA). */
  serverEnv: Record<string, string>;
  site: RunningServer;
}

/**
 * Each worker runs its own production server with its own data folder, so test files never share
 * state with another worker. The admin above always exists.
 */
export const test = base.extend<{ login: (page?: Page) => Promise<void> }, WorkerFixtures>({
  serverEnv: [{}, { scope: "worker", option: true }],
  site: [
    async ({ serverEnv }, use) => {
      const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...serverEnv });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  login: async ({ page }, use) => {
    await use(async (target = page) => {
      await target.goto("/login");
      await target.getByLabel("Email").fill(ADMIN.email);
      await target.getByLabel("Password").fill(ADMIN.password);
      await target.getByRole("button", { name: "Log in" }).click();
      await expect(target).toHaveURL(/\/dashboard$/);
    });
  },
});

export { expect };
