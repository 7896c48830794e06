import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { MAX_FORM_BODY_BYTES } from "#app/domain/limits";
import { refuseRequest } from "./request";

export interface SecurityOptions {
  publicUrl: string;
  development: boolean;
  /** The text of the stylesheet every page inlines, which the policy allows by its hash. */
  inlineStylesheet: string;
}

/** The policy of stored files and image variants: nothing in them may run, load or be framed. */
export const STORED_FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** The CSP source that allows exactly this inline script or stylesheet text. */
export function hashSource(content: string | Uint8Array): string {
  const hash = createHash("sha256");
  if (typeof content === "string") hash.update(content, "utf8");
  else hash.update(content);
  return `'sha256-${hash.digest("base64")}'`;
}

/** Paths that stream their own bodies and enforce their own, larger cap. */
const STREAMING_UPLOAD_PATHS = new Set(["/uploads"]);

/**
 * The policy with the given sources beside 'self': for scripts this response's nonce, or for a cached
 * page the hashes of its inline scripts (see page-cache/http.ts); for styles the inline stylesheet's hash.
 * Pages carry no style attributes (React sets styles through the DOM, which CSP does not govern).
 * Vite's development server injects styles of its own, so development allows inline styles.
 */
export function contentSecurityPolicy(
  scriptSources: readonly string[],
  styleSources: readonly string[],
  development: boolean,
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    ["style-src 'self'", ...(development ? ["'unsafe-inline'"] : styleSources)].join(" "),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces at a time: one call into the CSPRNG per batch, not per request. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;

/** A fresh nonce, never handed out twice: each takes the next unused bytes of the pool. */
export function freshNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** The headers every response carries besides its CSP. */
function fixedSecurityHeaders(options: SecurityOptions): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ...(options.publicUrl.startsWith("https://")
      ? // Two years, subdomains and preload: what the browsers' preload lists require of a site.
        [["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"] as [string, string]]
      : []),
  ];
}

/** Headers every response carries, and a fresh CSP nonce for the page this request renders. */
export function securityHeaders(options: SecurityOptions) {
  const fixed = fixedSecurityHeaders(options);
  const styleSources = [hashSource(options.inlineStylesheet)];
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = freshNonce();
    res.locals.nonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy([`'nonce-${nonce}'`], styleSources, options.development),
    );
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes that a browser sent from another site. Browsers always name the origin of a
 * cross-site POST (Origin, or at least Sec-Fetch-Site); requests without either come from tools,
 * not from a page an attacker controls, and still need a session cookie to change anything.
 */
export function sameOriginWrites(options: SecurityOptions) {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const host = req.get("host");
    const sameHost = host ? [`http://${host}`, `https://${host}`] : [];
    if (origin && origin !== "null" && (allowed.has(origin) || sameHost.includes(origin))) return next();
    if (!origin && req.get("sec-fetch-site") !== "cross-site") return next();
    refuseRequest(req, res, 403, "Cross-origin requests are not allowed.", "text/plain; charset=utf-8");
  };
}

/** Ordinary form posts are small; anything larger, or of unknown length, is refused before it is read. */
export function capRequestBodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === "POST" && STREAMING_UPLOAD_PATHS.has(req.path)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding")) {
        refuseRequest(req, res, 411, "A Content-Length is required.", "text/plain; charset=utf-8");
        return;
      }
      return next();
    }
    if (Number(declared) > MAX_FORM_BODY_BYTES) {
      refuseRequest(req, res, 413, "The request is too large.", "text/plain; charset=utf-8");
      return;
    }
    next();
  };
}
