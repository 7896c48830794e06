import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { nginxPreamble, nginxTempPaths, startNginx } from "../../tests/support/nginx";
import { freePort } from "../../tests/support/ports";

export interface StaticSite {
  url: string;
  /** The URL path each saved body is served at, in the order given. */
  paths: string[];
  /** nginx's master process (its worker is its child). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx with one worker on loopback, serving `bodies` as plain files: the limit our server is
 * measured against (the same bytes, no application at all). Access logging is off, as it would be for
 * a static benchmark; `sendfile` and keep-alive are nginx's defaults for static files.
 */
export async function serveWithNginx(bodies: { body: Buffer; contentType: string }[]): Promise<StaticSite> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-nginx-"));
  const root = path.join(prefix, "root");
  fs.mkdirSync(root, { mode: 0o755 });
  const paths = bodies.map((entry, index) => {
    const name = `page-${index}`;
    fs.writeFileSync(path.join(root, name), entry.body, { mode: 0o644 });
    return `/${name}`;
  });
  const port = await freePort();
  const types = bodies.map((entry, index) => `location = /page-${index} { default_type "${entry.contentType}"; }`);
  const config = `${nginxPreamble(prefix)}
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  ${nginxTempPaths(prefix)}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    types { }
    ${types.join("\n    ")}
  }
}
`;
  const url = `http://127.0.0.1:${port}`;
  const nginx = await startNginx(prefix, config, `${url}${paths[0] ?? "/"}`);
  return { url, paths, pid: nginx.pid, stop: nginx.stop };
}
