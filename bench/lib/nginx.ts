import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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
  // nginx's workers drop to an unprivileged user when started as root: they must be able to read these.
  fs.chmodSync(prefix, 0o755);
  const root = path.join(prefix, "root");
  fs.mkdirSync(root, { mode: 0o755 });
  fs.mkdirSync(path.join(prefix, "logs"));
  const paths = bodies.map((entry, index) => {
    const name = `page-${index}`;
    fs.writeFileSync(path.join(root, name), entry.body, { mode: 0o644 });
    return `/${name}`;
  });
  const port = await freePort();
  const types = bodies.map((entry, index) => `location = /page-${index} { default_type "${entry.contentType}"; }`);
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    types { }
    ${types.join("\n    ")}
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}${paths[0] ?? "/"}`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.readFileSync(path.join(prefix, "logs/error.log"), "utf8").split("\n").slice(0, 5).join("\n");
      await stop();
      throw new Error(`nginx did not serve the saved pages: ${errors}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, paths, pid: child.pid ?? 0, stop };
}
