import pino from "pino";
import pretty from "pino-pretty";

export type Logger = pino.Logger;

/** What `logRequest` (http/request.ts) puts on each request's line. */
export interface RequestLogEntry {
  id: string;
  method: string | undefined;
  url: string | undefined;
  status: number;
  ms: number;
  cache?: "hit";
}

/** A request's line as a person reads it in a terminal: `GET /catalog 200 12.3 ms`. */
function requestLine(entry: RequestLogEntry): string {
  return `${entry.method ?? "?"} ${entry.url ?? "?"} ${entry.status} ${entry.ms.toFixed(1)} ms${entry.cache ? " (cache)" : ""}`;
}

/**
 * JSON lines, one per event, for log collectors; in a terminal (`npm start` by hand) the same events
 * as readable, coloured lines instead.
 */
export function createLogger(level: string, destination: NodeJS.WriteStream = process.stdout): Logger {
  const options: pino.LoggerOptions = { level, base: { service: "vantage" }, timestamp: pino.stdTimeFunctions.isoTime };
  if (!destination.isTTY) return pino(options, destination);
  return pino(
    options,
    pretty({
      destination,
      sync: true,
      colorize: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,service,request",
      singleLine: true,
      messageFormat: (log, messageKey) => {
        const request = log.request as RequestLogEntry | undefined;
        return request ? requestLine(request) : String(log[messageKey] ?? "");
      },
    }),
  );
}

/**
 * A request target as the log may keep it: a single-use link's token (a password reset, an invitation)
 * would let whoever reads the log use the link first.
 */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[hidden]");
}
