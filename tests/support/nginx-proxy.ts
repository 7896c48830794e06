import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { nginxPreamble, nginxTempPaths, startNginx } from "./nginx";
import { freePort } from "./ports";

export interface Proxy {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The nginx configuration docs/deploy.md gives operators, for instances on `upstreamPorts` and a proxy
 * on `port` (TLS left out: the test speaks plain HTTP on loopback). Round robin; a request an instance
 * refuses or drops unread (it is stopping) goes to the next one, writes too: an instance that read a
 * request finishes it before it exits, so what it dropped was never run (docs/deploy.md).
 */
export function proxyConfig(options: { prefix: string; port: number; upstreamPorts: number[] }): string {
  const { prefix, port, upstreamPorts } = options;
  const servers = upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`);
  return `${nginxPreamble(prefix)}
http {
  access_log off;
  ${nginxTempPaths(prefix)}
  upstream vantage {
${servers.join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    location / {
      proxy_pass http://vantage;
      proxy_next_upstream error timeout non_idempotent;
    }
    location = /events {
      proxy_pass http://vantage;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Debian's nginx in front of the instances on `upstreamPorts`, on `port` (or a free one) on loopback. */
export async function startProxy(upstreamPorts: number[], port?: number): Promise<Proxy> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-proxy-"));
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const nginx = await startNginx(prefix, proxyConfig({ prefix, port: listenOn, upstreamPorts }), `${url}/healthz`);
  return { url, port: listenOn, stop: nginx.stop };
}
