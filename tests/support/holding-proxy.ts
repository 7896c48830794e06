import http from "node:http";
import { freePort } from "./ports";

/** What the proxy does with a request whose path matches a rule. */
export type Hold =
  /** Answers nothing until released. */
  | "response"
  /** Sends the status, headers and whole body, but keeps the response open until released. */
  | "end";

export interface HeldRequest {
  path: string;
  hold: Hold;
  /** Resolves once the whole upstream body has been passed on (for "end"). */
  bodySent: Promise<void>;
  /** Resolves true if the browser closed the connection before the response ended. */
  abandoned: Promise<boolean>;
}

export interface HoldingProxy {
  url: string;
  held: HeldRequest[];
  /** Lets every held response finish. */
  release: () => void;
  stop: () => Promise<void>;
}

/**
 * A loopback HTTP proxy in front of a running server that holds chosen responses back, so a test
 * can act while a page's data is half-delivered: the network timing a slow connection gives users.
 */
export async function startHoldingProxy(
  upstreamUrl: string,
  rules: { path: RegExp; hold: Hold }[],
): Promise<HoldingProxy> {
  const upstream = new URL(upstreamUrl);
  const held: HeldRequest[] = [];
  let releaseAll!: () => void;
  const released = new Promise<void>((resolve) => (releaseAll = resolve));

  const server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    const rule = rules.find((candidate) => candidate.path.test(url));
    const headers = { ...request.headers, host: upstream.host };
    // A held body must reach the browser as sent: compression would keep its last bytes back too.
    if (rule) delete headers["accept-encoding"];

    let markBodySent!: () => void;
    const bodySent = new Promise<void>((resolve) => (markBodySent = resolve));
    let settleAbandoned!: (abandoned: boolean) => void;
    const abandoned = new Promise<boolean>((resolve) => (settleAbandoned = resolve));
    response.on("close", () => settleAbandoned(!response.writableFinished));
    if (rule) held.push({ path: url, hold: rule.hold, bodySent, abandoned });

    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: url, method: request.method, headers },
      async (answer) => {
        if (rule?.hold === "response") await released;
        const answerHeaders = { ...answer.headers };
        // Without a length the browser cannot tell the body is complete before the response ends.
        if (rule?.hold === "end") delete answerHeaders["content-length"];
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.on("data", (chunk: Buffer) => response.write(chunk));
        answer.on("end", () => {
          markBodySent();
          if (rule?.hold === "end") void released.then(() => response.end());
          else response.end();
        });
      },
    );
    forward.on("error", () => response.destroy());
    response.on("close", () => forward.destroy());
    request.pipe(forward);
  });

  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    release: releaseAll,
    stop: async () => {
      releaseAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
