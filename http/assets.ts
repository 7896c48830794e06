import type { NextFunction, Request, Response } from "express";
import fs from "node:fs";
import path from "node:path";
import { acceptsEncoding } from "./accept-encoding";

/** The encodings the build writes beside each script and stylesheet (see vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves a built asset's precompressed copy (brotli at quality 11, Zopfli's gzip) when the browser
 * accepts it: smaller than compressing on the fly at the default level, and no CPU per request.
 * Anything without a copy falls through to express.static.
 */
export function precompressedAssets(folder: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = path.posix.basename(req.path);
    // Built asset names are flat and hashed; anything else is not ours to answer here.
    if (!/^[\w.-]+\.(?:js|css)$/.test(name) || req.path !== `/${name}`) return next();
    const accepted = acceptsEncoding(req.get("accept-encoding"));
    const encoding = ENCODINGS.find((candidate) => accepted(candidate.name));
    if (!encoding) return next();
    const file = path.join(folder, name + encoding.suffix);
    if (!fs.existsSync(file)) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(file, { immutable: true, maxAge: "1y" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
