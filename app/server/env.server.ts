import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "false", "true", "no", "yes"])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  STORAGE_URL: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vantage <no-reply@localhost>"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(128).optional(),
  DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFlag.default(false),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string };

export class EnvError extends Error {}

/** Parses the environment once; every bad value is named in the error so an operator can fix it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new EnvError("Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (env.STORAGE_URL && !env.STORAGE_URL.startsWith("file:") && !env.STORAGE_URL.startsWith("/")) {
    throw new EnvError("Invalid environment:\n  STORAGE_URL: only a local folder (file:///path or /path) is supported");
  }
  const host = env.HOST ?? "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL ?? `http://${host === "0.0.0.0" ? "localhost" : host}:${env.PORT}`).replace(
    /\/$/,
    "",
  );
  return { ...env, dataDir: path.resolve(env.DATA_DIR), publicUrl };
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
