import net from "node:net";
import { describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS, MAX_FORM_LIST_ITEMS } from "#app/domain/limits";
import { FORM_ERRORS } from "#app/server/platform/form-data.server";
import { adminServer } from "#tests/support/admin-server";
import { PATIENCE_MS } from "#tests/support/patience";

const server = adminServer();

/** Sends `text` as it is over a fresh connection and returns everything the server sent until it closed. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
    socket.write(text);
  });
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
}

async function post(path: string, contentType: string, body: string, signedIn = false) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": contentType, ...(signedIn ? { Cookie: server.cookie } : {}) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** Error-level lines (pino level 50 and up) the server logged so far. */
function errorLines(): string[] {
  return server
    .logs()
    .split("\n")
    .filter((line) => /"level":(5|6)\d/.test(line));
}

describe("requests no page sends", () => {
  it("answers an absolute-form request line as the path it names", async () => {
    const answer = await exchange(
      `GET http://127.0.0.1:${server.port}/about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(200);
    expect(answer).toContain("<h1");
  });

  it("refuses HTTP/1.0 without a Host header, and a NUL byte in the address, with a 400", async () => {
    const noHost = await exchange("GET / HTTP/1.0\r\n\r\n");
    expect(statusOf(noHost)).toBe(400);
    expect(noHost).toContain("A Host header is required.");
    for (const target of ["/search?q=a%00b", "/catalog/products/%00"]) {
      const answer = await exchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), target).toBe(400);
    }
  });

  it.each(["/login", "/forgot", "/reset-password?token=abc"])(
    "refuses JSON, plain text and broken multipart bodies to %s with a 4xx and a reason",
    async (path) => {
      for (const [type, body] of [
        ["application/json", JSON.stringify({ email: "a@b.c", password: "x" })],
        ["text/plain", "email=a@b.c"],
      ] as const) {
        const answer = await post(path, type, body);
        expect(answer.status, type).toBe(415);
        expect(answer.text).toContain("This address accepts only form posts");
      }
      const broken = await post(path, "multipart/form-data; boundary=xyz", "--xyz\r\nnot a part at all");
      expect(broken.status).toBe(400);
      expect(broken.text).toContain(FORM_ERRORS.unreadable);
    },
  );

  it("refuses a NUL character in a text field with a 400 and changes nothing", async () => {
    const name = "Nul\u0000Category";
    const answer = await post(
      "/dashboard/categories/new",
      "application/x-www-form-urlencoded",
      new URLSearchParams({ name, description: "" }).toString(),
      true,
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(FORM_ERRORS.hasNul);
    const list = await fetch(`${server.url}/dashboard/categories`, { headers: { Cookie: server.cookie } });
    expect(await list.text()).not.toContain("NulCategory");
    const login = await post("/login", "application/x-www-form-urlencoded", "email=a%00b&password=x");
    expect(login.status).toBe(400);
  });

  it("refuses list positions past any list's length at once, before building the list", async () => {
    for (const index of [MAX_FORM_LIST_ITEMS, 100_000, 10_000_000]) {
      const answer = await post(
        "/dashboard/categories/new",
        "application/x-www-form-urlencoded",
        `name=Sparse&features[${index}].label=x`,
        true,
      );
      expect(answer.status, String(index)).toBe(413);
      expect(answer.text).toContain(FORM_ERRORS.listTooLong(MAX_FORM_LIST_ITEMS));
      expect(answer.text.length).toBeLessThan(200_000);
    }
    // The last position still allowed is an ordinary form error, not a refusal.
    const lastAllowed = await post(
      "/dashboard/categories/new",
      "application/x-www-form-urlencoded",
      `name=&features[${MAX_FORM_LIST_ITEMS - 1}].label=x`,
      true,
    );
    expect(lastAllowed.status).not.toBe(413);
    expect(lastAllowed.status).toBeLessThan(500);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses list positions in the dotted spelling the same way, on every form", async () => {
    const forms: [string, string][] = [
      ["/dashboard/categories/new", "features"],
      ["/dashboard/settings", "socialLinks"],
      ["/dashboard/products/new", "downloads"],
      ["/dashboard/products/new", "additionalImages"],
    ];
    for (const [path, list] of forms) {
      for (const index of [MAX_FORM_LIST_ITEMS, 999_999_999]) {
        const answer = await post(
          path,
          "application/x-www-form-urlencoded",
          `name=Dotted&${list}.${index}.label=x`,
          true,
        );
        expect(answer.status, `${path} ${list}.${index}`).toBe(413);
        expect(answer.text).toContain(FORM_ERRORS.listTooLong(MAX_FORM_LIST_ITEMS));
      }
    }
  });

  it("refuses a field sent in another shape than its form's (a list as text or an object) with a 400 naming it", async () => {
    const cases: [string, string, string][] = [
      ["/dashboard/categories/new", "name=Shape&features.0.label=x", "features"],
      ["/dashboard/categories/new", "name=Shape&features.a.label=x", "features"],
      ["/dashboard/categories/new", "name=Shape&features=x", "features[0]"],
      ["/dashboard/categories/new", "name[0]=Shape", "name"],
      ["/dashboard/settings", "companyName=X&socialLinks.0.label=x&socialLinks.0.url=https://x.example", "socialLinks"],
      ["/dashboard/search-synonyms", "synonyms.0=LPR", "synonyms"],
      ["/dashboard/products/new", "model=X&featureIds.a=x", "featureIds"],
      ["/dashboard/products/new", "model=X&specTexts=x", "specTexts"],
      [
        "/dashboard/products/new",
        "model=X&specTexts.0b4f0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f.a=x",
        "specTexts.0b4f0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
      ],
      ["/dashboard/categories/new", "name=Shape&attributes=x", "attributes[0]"],
      ["/dashboard/downloads/new", "description.x=y", "description"],
      ["/dashboard/firmware/new", "releaseVersion=1&productIds.0.x=y", "productIds"],
    ];
    for (const [path, body, field] of cases) {
      const answer = await post(path, "application/x-www-form-urlencoded", body, true);
      expect(answer.status, `${path} ${body}`).toBe(400);
      expect(answer.text, `${path} ${body}`).toContain(FORM_ERRORS.misshapen(field));
    }
    // Every other form is read the same way, signed in or not.
    const everyForm: [string, string, string, boolean][] = [
      ["/login", "email.a=x&password=y", "email", false],
      ["/forgot", "email[0]=a@example.com", "email", false],
      ["/reset-password", "token=t&password.x=secret-password&confirm=x", "password", false],
      ["/invite", "token=t&password=secret-password&confirm.a=x", "confirm", false],
      ["/contact", "name=A&email=a@example.com&message.a=Hello there, a message", "message", false],
      ["/dashboard/people", "intent=invite&email.a=x&role=editor", "email", true],
      [`/dashboard/inbox/${crypto.randomUUID()}`, "intent.a=read", "intent", true],
      ["/dashboard/recently-deleted", "type=product&id.x=1&revision=2", "id", true],
    ];
    for (const [path, body, field, signedIn] of everyForm) {
      const answer = await post(path, "application/x-www-form-urlencoded", body, signedIn);
      expect(answer.status, `${path} ${body}`).toBe(400);
      expect(answer.text, `${path} ${body}`).toContain(FORM_ERRORS.misshapen(field));
    }
    // One of a multiple choice is still a list of one, as a page sends it: the form's own messages answer.
    const oneChosen = await post("/dashboard/firmware/new", "application/x-www-form-urlencoded", "productIds=p1", true);
    expect(oneChosen.status).toBe(400);
    expect(oneChosen.text).not.toContain("is not one this form has");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses a form with more fields than any form has", async () => {
    const fields = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, n) => `f${n}=x`).join("&");
    const answer = await post("/dashboard/categories/new", "application/x-www-form-urlencoded", fields, true);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(FORM_ERRORS.tooManyFields);
  });

  it("lets go of a client that never finishes its headers", { timeout: PATIENCE_MS * 2 }, async () => {
    const answer = await exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    // Node answers 408 and closes once the headers timeout passes (20 s, checked every 5 s).
    expect(statusOf(answer)).toBe(408);
  });

  it("refuses a restore from Recently deleted of a kind of record that has none, with a 404", async () => {
    for (const type of ["bogus", "person", "__proto__", "constructor"]) {
      const body = new URLSearchParams({ type, id: crypto.randomUUID(), revision: crypto.randomUUID() });
      const answer = await post("/dashboard/recently-deleted", "application/x-www-form-urlencoded", `${body}`, true);
      expect(answer.status, type).toBe(404);
      expect(answer.text, type).toContain("This record was restored or purged meanwhile.");
    }
  });

  it("logged none of the above as an error", () => {
    expect(errorLines()).toEqual([]);
  });
});
