import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "false", "true", "no", "yes"])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const NAMED_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto): none, the N nearest hops, or
 * those at the given addresses. "Trust every hop" is refused: the leftmost X-Forwarded-For entry is
 * whatever the client wrote, so every client could pick its own address past the sign-in limits.
 */
const trustProxy = z.string().transform((value, context): false | number | string => {
  const setting = value.trim().toLowerCase();
  if (["0", "false", "no"].includes(setting)) return false;
  if (/^\d{1,2}$/.test(setting)) return Number(setting);
  if (["true", "yes"].includes(setting)) {
    context.addIssue({
      code: "custom",
      message:
        "trusting every proxy lets any client choose its own address: give the number of proxies in front of the site (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  const entries = setting.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    context.addIssue({
      code: "custom",
      message: `not a number of proxies, an address or a range: ${wrong.join(", ")}`,
    });
    return z.NEVER;
  }
  return entries.join(",");
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  STORAGE_URL: z
    .string()
    .regex(/^(file:\/\/\/|\/|s3:\/\/)/, "must be a folder (file:///path or /path) or a bucket (s3://BUCKET[/PREFIX])")
    .optional(),
  AWS_ENDPOINT_URL: z.url({ protocol: /^https?$/ }).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as eu-central-1")
    .optional(),
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
  TRUST_PROXY: trustProxy.default(false),
  LIVE_CONNECTIONS_MAX: z.coerce.number().int().min(1).max(1_000_000).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2048).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40).optional(),
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
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    throw new EnvError("Invalid environment:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together");
  }
  const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET, env.OIDC_NAME];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    throw new EnvError(
      "Invalid environment:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME must be set together",
    );
  }
  if (env.STORAGE_URL?.startsWith("s3://")) {
    try {
      parseS3Url(env.STORAGE_URL);
    } catch (error) {
      throw new EnvError(`Invalid environment:\n  STORAGE_URL: ${(error as Error).message}`);
    }
  }
  const host = env.HOST ?? "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL ?? `http://${host === "0.0.0.0" ? "localhost" : host}:${env.PORT}`).replace(
    /\/$/,
    "",
  );
  return { ...env, dataDir: path.resolve(env.DATA_DIR), publicUrl };
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://BUCKET[/PREFIX]`; throws a message naming what is wrong. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const rest = url.slice("s3://".length);
  const slash = rest.indexOf("/");
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const prefix = slash === -1 ? "" : rest.slice(slash + 1).replace(/\/+$/, "");
  if (!BUCKET.test(bucket)) throw new Error(`"${bucket}" is not an S3 bucket name`);
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix)) {
    throw new Error(`"${prefix}" is not a key prefix (letters, digits, . _ - and single slashes)`);
  }
  return { bucket, prefix: prefix ? `${prefix}/` : "" };
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
