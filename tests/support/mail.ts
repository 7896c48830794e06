import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { PATIENCE_MS } from "./patience";

export interface ParsedMail {
  headers: Map<string, string>;
  /** The text/plain body, transfer encoding undone. */
  text: string;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Long header values are folded onto indented continuation lines (RFC 5322 §2.2.3).
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2045 §6.7: soft line breaks vanish, =XX is one byte, and the bytes are decoded as a whole. */
export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index] ?? "";
    const hex = joined.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const bytes =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64")
        : Buffer.from(body, "utf8");
  return new TextDecoder(charset).decode(bytes);
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(header);
  return match?.[1];
}

/** Reads the first text/plain part of a raw RFC 5322 message, single-part or multipart. */
export function parseMail(raw: string): ParsedMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = parseHeaders(headerBlock);
  const contentType = headers.get("content-type") ?? "text/plain";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  if (mediaType.startsWith("multipart/")) {
    const boundary = parameter(contentType, "boundary");
    if (!boundary) throw new Error("multipart message without a boundary");
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const parsed = parseMail(part.replace(/^\r?\n/, ""));
      if (parsed.text) return { headers, text: parsed.text };
    }
    return { headers, text: "" };
  }
  if (mediaType !== "text/plain") return { headers, text: "" };
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return { headers, text: decodeBody(body, encoding, parameter(contentType, "charset") ?? "utf-8") };
}

/** The password-reset link in a mail's text body. */
export function resetLinkIn(mail: ParsedMail): string {
  return tokenLinkIn(mail, "/reset-password");
}

/** The invitation link in a mail's text body. */
export function invitationLinkIn(mail: ParsedMail): string {
  return tokenLinkIn(mail, "/invite");
}

function tokenLinkIn(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://\\S+${pathname}\\?token=\\S+`).exec(mail.text);
  if (!match) throw new Error(`No ${pathname} link in the mail:\n${mail.text}`);
  return match[0];
}

/** The .eml files in a server's outbox, oldest first (their names start with a timestamp). */
export function outboxFiles(dataDir: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => path.join(outbox, name));
}

export interface CapturedMail extends ParsedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailSink {
  url: string;
  /** The next message for `to` that no earlier call has taken, waiting for it to arrive. */
  take: (to: string, timeoutMs?: number) => Promise<CapturedMail>;
  stop: () => Promise<void>;
}

/** A real SMTP server on a loopback port that keeps every message it receives. */
export async function startMailSink(): Promise<MailSink> {
  const inbox: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // The app sends with ignoreTLS to a plain smtp:// relay; offering STARTTLS would only confuse it.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = session.envelope;
        inbox.push({
          ...parseMail(raw),
          raw,
          from: envelope.mailFrom ? envelope.mailFrom.address : "",
          to: envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

  const take = (to: string, timeoutMs = PATIENCE_MS) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const wanted = to.toLowerCase();
      const check = () => {
        const index = inbox.findIndex((mail) => mail.to.includes(wanted));
        if (index < 0) return false;
        const [mail] = inbox.splice(index, 1);
        if (!mail) return false;
        cleanup();
        resolve(mail);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    take,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
