import { ensurePgliteTemplate } from "../support/pglite-template";

/** For projects whose servers all run on the embedded database: only its template (tests/support/pglite-template.ts). */
export default async function setup() {
  await ensurePgliteTemplate();
}
