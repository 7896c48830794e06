import type { Logger } from "../platform/logger.server";

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's codes for a server that is going away or not taking connections yet: an administrator's
 * or a failover's shutdown, a crash's restart, a start in progress, every connection slot taken.
 */
const SERVER_GOING_AWAY_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** What node-postgres says when the server hangs up or cannot be reached in time; it sets no code. */
const DRIVER_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /connection error and is not queryable/,
  /Client was closed and is not queryable/,
];

/**
 * Whether `error` says that the database cannot be reached now (lost, refused, shutting down,
 * starting), rather than that a query or its data was wrong. Drivers and libraries wrap what the
 * connection said (Drizzle's query errors, a dual-stack connect's AggregateError): their causes count.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 6 || typeof error !== "object" || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (CONNECTION_ERROR_CODES.has(code) || SERVER_GOING_AWAY_CODES.has(code)) return true;
    // SQLSTATE class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === "string" && DRIVER_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/** How often an unreachable database is asked again, so that the site is back within a second or so. */
export const DATABASE_PROBE_MS = 1_000;

/**
 * Whether the database can be used now, as far as this process knows. A failure that says the
 * database cannot be reached is checked at once with a probe (a pooled connection killed while idle
 * fails one query, not the database); only a failed probe marks it unavailable, and then it is probed
 * again every second until it answers. Meanwhile the HTTP layer answers what needs the database with
 * 503 and Retry-After rather than with errors, and `/readyz` says so to a load balancer.
 */
export class DatabaseAvailability {
  private unavailableSince: number | null = null;
  private probing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly logger: Logger,
    private readonly probeEveryMs = DATABASE_PROBE_MS,
  ) {}

  get available(): boolean {
    return this.unavailableSince === null;
  }

  /**
   * Hears of a failure anywhere a query ran. Returns whether it was the database's absence (which the
   * caller answers with 503) rather than an error of the query's own.
   */
  failed(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    if (this.available) void this.probe(error);
    return true;
  }

  /** The database answered: a probe, or a start that reached it. */
  reached(): void {
    if (this.unavailableSince === null) return;
    const downForMs = Date.now() - this.unavailableSince;
    this.unavailableSince = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.logger.info({ downForMs }, "the database is reachable again");
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private probe(cause: unknown): Promise<void> {
    this.probing ??= this.ping()
      .then(
        () => this.reached(),
        (error: unknown) => {
          if (this.closed || !isDatabaseUnreachable(error)) return;
          if (this.unavailableSince === null) {
            this.unavailableSince = Date.now();
            this.logger.error(
              { err: cause, probe: String(error) },
              "the database cannot be reached: pages that need it answer 503 until it is back",
            );
          }
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.probe(error);
          }, this.probeEveryMs);
          this.timer.unref();
        },
      )
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }
}
