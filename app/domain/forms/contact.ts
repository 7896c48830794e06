import { z } from "zod";
import { BARRIER_MESSAGES, CONTACT_MESSAGE_MAX, REPORT_MESSAGE_MAX, REPORT_MESSAGES } from "../contact";

/**
 * What the visitor forms' rules say of a refused field, in the language of the page it goes back to:
 * the server formats them from the message catalogs (`fieldMessages`, app/server/render/messages.server.ts).
 */
export interface FieldMessages {
  nameRequired: string;
  emailInvalid: string;
  messageRequired: string;
  messageTooShort: string;
  tooLong: (max: number) => string;
}

/** A one-line field: line breaks and runs of spaces become one space (it goes into a mail's subject). */
const line = (max: number, messages: FieldMessages) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, messages.tooLong(max)));

/** The address to answer: the same rules on every visitor form. */
const email = (messages: FieldMessages) =>
  z
    .string(messages.emailInvalid)
    .trim()
    .pipe(z.email(messages.emailInvalid).max(254, messages.tooLong(254)));

/** The contact form's rules, its messages in `messages`' language. */
export function contactSchemaIn(messages: FieldMessages) {
  return z.object({
    name: z
      .string(messages.nameRequired)
      .transform((value) => value.replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, messages.nameRequired).max(200, messages.tooLong(200))),
    email: email(messages),
    company: line(200, messages).optional().default(""),
    product: line(100, messages).optional().default(""),
    message: z
      .string(messages.messageRequired)
      .trim()
      .min(1, messages.messageRequired)
      .min(10, messages.messageTooShort)
      .max(CONTACT_MESSAGE_MAX, messages.tooLong(CONTACT_MESSAGE_MAX)),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchemaIn>>;

/**
 * A vulnerability report's rules: only the address is asked for besides the finding (a reporter may
 * stay nameless); the acknowledgment goes to it.
 */
export function securityReportSchemaIn(messages: FieldMessages) {
  return z.object({
    name: line(200, messages).optional().default(""),
    email: email(messages),
    product: line(100, messages).optional().default(""),
    firmwareVersion: line(50, messages).optional().default(""),
    message: z
      .string(REPORT_MESSAGES.messageRequired)
      .trim()
      .min(1, REPORT_MESSAGES.messageRequired)
      .min(30, REPORT_MESSAGES.messageTooShort)
      .max(REPORT_MESSAGE_MAX, messages.tooLong(REPORT_MESSAGE_MAX)),
    credit: line(200, messages).optional().default(""),
  });
}

export type SecurityReportInput = z.infer<ReturnType<typeof securityReportSchemaIn>>;

/**
 * An accessibility barrier's report: the address to answer, and what was met; where, and with what
 * browser and assistive technology, help the team find it, so they are asked but not required.
 */
export function barrierReportSchemaIn(messages: FieldMessages) {
  return z.object({
    name: line(200, messages).optional().default(""),
    email: email(messages),
    pageAddress: line(500, messages).optional().default(""),
    assistiveTechnology: line(200, messages).optional().default(""),
    message: z
      .string(BARRIER_MESSAGES.messageRequired)
      .trim()
      .min(1, BARRIER_MESSAGES.messageRequired)
      .min(10, messages.messageTooShort)
      .max(CONTACT_MESSAGE_MAX, messages.tooLong(CONTACT_MESSAGE_MAX)),
  });
}

export type BarrierReportInput = z.infer<ReturnType<typeof barrierReportSchemaIn>>;
