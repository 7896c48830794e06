/**
 * How long tests wait for something that must happen (an event, a mail, a page change). Nothing here
 * measures speed (bench/ does): these only have to be long enough that a machine many times slower
 * than usual, with every core busy, still passes, and short enough that a real hang fails the run.
 */
export const PATIENCE_MS = 60_000;

/** A server process's start: loading the build, opening and migrating a database, maybe a demo catalog. */
export const SERVER_START_PATIENCE_MS = 5 * 60_000;

/** One test or hook as a whole: many such waits one after another. */
export const TEST_PATIENCE_MS = 10 * 60_000;
