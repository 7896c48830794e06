import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { PATIENCE_MS, TEST_PATIENCE_MS } from "./tests/support/patience";

const S3_TESTS = [
  "tests/integration/uploads.test.ts",
  "tests/integration/images.test.ts",
  "tests/integration/image-variants-storage.test.ts",
  "tests/integration/admin-downloads.test.ts",
  "tests/integration/upload-storage-failure.test.ts",
];

/**
 * Files that spend a minute or more on one long test (a build, a crash loop, backups restored both
 * ways): started first. Vitest starts the files whose durations it has not recorded yet (as on a
 * clean checkout, such as CI's) largest first, which put the two smallest of these last, each alone
 * on a worker while the other had nothing left to run.
 */
const LONG_FILES = [
  "tests/integration/no-rewrites.test.ts",
  "tests/integration/backup.test.ts",
  "tests/integration/restore-hostile.test.ts",
  "tests/integration/admin-cli.test.ts",
  "tests/integration/backup-secrets.test.ts",
  "tests/integration/crash.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
    },
  },
  test: {
    // `npm run test:unit` runs the first alone (no build, no PostgreSQL); `npm test` runs both.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "http/**/*.test.ts", "demo/**/*.test.ts", "vite/**/*.test.ts"],
          // Pure functions and in-memory structures: nothing a file leaves behind in a module, the
          // environment or the timers (the one test that fakes timers restores them). Sharing the loaded
          // modules between files took the project from 34 s to 9.5 s on a 2-core machine. Vitest reads
          // isolation per pool, not per project: these run on threads, set below to share them.
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-postgres.ts"],
        },
      },
      {
        // The upload, file and image tests once more with every server's files in an S3 bucket, on
        // an S3-compatible server each of them starts on loopback (tests/support/storage.ts).
        extends: true,
        test: {
          name: "integration-s3",
          include: S3_TESTS,
          env: { VANTAGE_TEST_STORAGE: "s3" },
          globalSetup: ["tests/setup/global-pglite.ts"],
        },
      },
    ],
    pool: "forks",
    // Vitest keeps a core free for itself, which on a 2-core machine leaves one file at a time; its main
    // process mostly waits, and most of a file's time is spent waiting on servers it started.
    maxWorkers: Math.max(2, availableParallelism()),
    // Memory tests collect garbage before they measure.
    poolOptions: { forks: { execArgv: ["--expose-gc"] }, threads: { isolate: false } },
    // Generous on purpose (see tests/support/patience.ts): the suite must pass on a busy machine.
    testTimeout: TEST_PATIENCE_MS,
    hookTimeout: TEST_PATIENCE_MS,
    expect: { poll: { timeout: PATIENCE_MS } },
    sequence: { sequencer: LongFilesFirst },
  },
});
