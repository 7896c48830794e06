// @ts-check
// `npm run admin -- <command>`: see scripts/admin-cli.ts. Builds the command line first when its
// sources changed, so a fresh clone works without a separate build step.
import { buildAdminCliIfStale, ADMIN_CLI_ENTRY } from "./build.js";

buildAdminCliIfStale();
await import(ADMIN_CLI_ENTRY);
