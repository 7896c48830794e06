import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_HEADLESS_FLAGS } from "./scripts/system-packages.js";
import { PATIENCE_MS, TEST_PATIENCE_MS } from "./tests/support/patience";

export default defineConfig({
  testDir: "tests/e2e",
  // One PostgreSQL server for the run; specs that need one make their own database on it.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous on purpose (see tests/support/patience.ts): the suite must pass on a busy machine.
  timeout: TEST_PATIENCE_MS,
  expect: { timeout: PATIENCE_MS / 2 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_HEADLESS_FLAGS,
    },
    trace: "off",
  },
});
