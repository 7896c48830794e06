import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate } from "../support/pglite-template";
import { startPostgres } from "../support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run; each test file makes its own database on it. Embedded
 * databases start from one made here (tests/support/pglite-template.ts).
 */
export default async function setup(project: TestProject) {
  const [server] = await Promise.all([startPostgres(), ensurePgliteTemplate()]);
  project.provide("postgresAdminUrl", server.adminUrl);
  return async () => {
    await server.stop();
  };
}
