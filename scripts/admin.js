// @ts-check
// `npm run admin -- <command>`: see scripts/admin-cli.ts. Builds the command line first when its
// sources changed, so a fresh clone works without a separate build step.
import v8 from "node:v8";
import { buildAdminCliIfStale, ADMIN_CLI_ENTRY } from "./build.js";

// With no server running, the command opens the embedded database itself: PostgreSQL compiled to
// WebAssembly. A command runs for a moment, so V8's quick baseline compiler is all it needs; its
// optimizing compiler would only compete for the CPU (measured: 1.0 s instead of 0.8 s per call).
v8.setFlagsFromString("--liftoff-only");

buildAdminCliIfStale();
// What the command creates (the embedded database's files, a backup) is its user's alone, as the
// server's is (server.js).
process.umask(0o077);
await import(ADMIN_CLI_ENTRY);
