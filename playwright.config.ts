import { defineConfig } from "@playwright/test";
import { CHROMIUM_HEADLESS_FLAGS, CHROMIUM_HEADLESS_SHELL } from "./scripts/system-packages.js";
import { PATIENCE_MS, TEST_PATIENCE_MS } from "./tests/support/patience";
import type { StorageKind } from "./tests/support/storage";

interface WorkerOptions {
  storage: StorageKind;
}

/**
 * Of those files: every download test, and the product tests that upload, replace and delete images
 * (with the one that makes the product they edit: the file runs in order).
 */
const S3_TESTS =
  /dashboard-downloads|a new product with every field|differs only in letter case|Use Original Image|delete asks first/;

export default defineConfig<WorkerOptions>({
  testDir: "tests/e2e",
  // One PostgreSQL server for the run; specs that need one make their own database on it.
  globalSetup: "./tests/e2e/global-setup.ts",
  // A file's tests run in turn on one worker, files side by side. Spreading one file's tests over both
  // workers started that file's own server (and browser) on each: by file, the suite starts 34 workers
  // and took 15.9-17.4 minutes on a 2-core machine, against 18.0-18.2 before.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous on purpose (see tests/support/patience.ts): the suite must pass on a busy machine.
  timeout: TEST_PATIENCE_MS,
  expect: { timeout: PATIENCE_MS / 2 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      // Chromium's headless shell: half the CPU of the whole browser (decision 039).
      executablePath: CHROMIUM_HEADLESS_SHELL,
      args: CHROMIUM_HEADLESS_FLAGS,
    },
    trace: "off",
  },
  projects: [
    { name: "chromium" },
    {
      // The upload tests once more with the server's files in an S3 bucket (tests/support/s3.ts).
      name: "s3",
      testMatch: ["dashboard-downloads.spec.ts", "dashboard-products.spec.ts"],
      grep: S3_TESTS,
      use: { storage: "s3" },
    },
  ],
});
