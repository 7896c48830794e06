import http from "node:http";
import { Readable } from "node:stream";

/** The admin every integration server is started with. */
export const TEST_ADMIN = { email: "admin@vantage.test", password: "correct horse battery" } as const;

export function adminEnv(): Record<string, string> {
  return { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
}

export interface SignedIn {
  /** The Cookie header to send on later requests. */
  cookie: string;
  /** The raw Set-Cookie headers of the sign-in response, to check their attributes. */
  setCookies: string[];
}

/**
 * Signs in the way a browser does: the /login form posted from the site's own origin. `origin` is
 * what the browser would name (the public URL when the server runs behind a proxy).
 */
export async function signIn(
  baseUrl: string,
  options: { origin?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: options.origin ?? baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: options.email ?? TEST_ADMIN.email,
      password: options.password ?? TEST_ADMIN.password,
      redirectTo: "/dashboard",
    }),
  });
  const setCookies = response.headers.getSetCookie();
  if (response.status !== 302 || setCookies.length === 0) {
    throw new Error(`Sign-in failed with status ${response.status}: ${await response.text()}`);
  }
  const cookie = setCookies.map((header) => header.split(";")[0]).join("; ");
  return { cookie, setCookies };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request through node:http, which (unlike fetch) lets a test stream a body without a
 * Content-Length and still read an answer the server sends before the body is complete. Errors
 * writing the rest of the body after the answer arrived are expected: the server stopped reading.
 */
export function sendRaw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | AsyncIterable<Uint8Array> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: false });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        // Once answered, whatever is left of the body is moot, as it is for a browser.
        request.destroy();
      });
      response.on("error", reject);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const { body } = options;
    if (body === undefined) request.end();
    else if (Buffer.isBuffer(body)) request.end(body);
    else {
      // The headers go out now, not with the first piece of body, which may be slow to come.
      request.flushHeaders();
      const source = Readable.from(body);
      source.on("error", (error) => request.destroy(error));
      source.pipe(request);
    }
  });
}
