import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "vantage" }, timestamp: pino.stdTimeFunctions.isoTime });
}
