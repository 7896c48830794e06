import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes, when not to the site (a visitor's message). */
  replyTo?: { name: string; address: string };
}

export type SendMail = (message: MailMessage) => Promise<void>;

/**
 * Sends over SMTP when SMTP_URL is set. Without it every message is written to DATA_DIR/outbox and
 * logged, so password resets work on a laptop with no mail server: as an .eml file (what a mail server
 * would have carried, for a mail program to open) and beside it a .txt a person reads, with the
 * headers and the text as written, so a link in it can be copied whole (the .eml's quoted-printable
 * body breaks long lines and writes "=" as "=3D").
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): SendMail {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    return async (message) => {
      // Without a pool, the transport opens a connection for each message: it is made per message too.
      const transport = (await mailLibrary()).createTransport({
        url: smtpUrl,
        // A plain smtp:// URL to a local relay must not be forced into STARTTLS.
        ignoreTLS: url.protocol === "smtp:" && url.searchParams.get("starttls") !== "1",
      });
      await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, "mail sent");
    };
  }
  return async (message) => {
    const composer = (await mailLibrary()).createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const info = await composer.sendMail({ from, ...message });
    await fsp.mkdir(outboxDir, { recursive: true, mode: 0o700 });
    const sentAt = new Date();
    const name = path.join(outboxDir, `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID()}`);
    const readable = [
      `From: ${from}`,
      `To: ${message.to}`,
      `Subject: ${message.subject}`,
      `Date: ${sentAt.toUTCString()}`,
      "",
      message.text,
    ].join("\n");
    await fsp.writeFile(`${name}.txt`, readable, { mode: 0o600 });
    await fsp.writeFile(`${name}.eml`, info.message as Buffer, { mode: 0o600 });
    logger.info(
      { to: message.to, subject: message.subject, file: `${name}.txt`, text: message.text },
      "mail written to outbox",
    );
  };
}

/**
 * The mail library is loaded with the first message, not at every start (and by every render thread,
 * which loads the same build): most processes send no mail at all. Node keeps it once it is loaded.
 */
async function mailLibrary() {
  return (await import("nodemailer")).default;
}
