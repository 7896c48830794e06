import { z } from "zod";
import {
  BARRIER_MESSAGES,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  REPORT_MESSAGE_MAX,
  REPORT_MESSAGES,
} from "../contact";

/** A one-line field: line breaks and runs of spaces become one space (it goes into a mail's subject). */
const line = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, CONTACT_MESSAGES.tooLong(max)));

/** The contact form's rules, shared by the browser (comfort) and the server (the check that counts). */
const email = z
  .string(CONTACT_MESSAGES.emailInvalid)
  .trim()
  .pipe(z.email(CONTACT_MESSAGES.emailInvalid).max(254, CONTACT_MESSAGES.tooLong(254)));

export const contactSchema = z.object({
  name: z
    .string(CONTACT_MESSAGES.nameRequired)
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, CONTACT_MESSAGES.nameRequired).max(200, CONTACT_MESSAGES.tooLong(200))),
  email,
  company: line(200).optional().default(""),
  product: line(100).optional().default(""),
  message: z
    .string(CONTACT_MESSAGES.messageRequired)
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.tooLong(CONTACT_MESSAGE_MAX)),
});

export type ContactInput = z.infer<typeof contactSchema>;

/**
 * A vulnerability report's rules: only the address is asked for besides the finding (a reporter may
 * stay nameless); the acknowledgment goes to it.
 */
export const securityReportSchema = z.object({
  name: line(200).optional().default(""),
  email,
  product: line(100).optional().default(""),
  firmwareVersion: line(50).optional().default(""),
  message: z
    .string(REPORT_MESSAGES.messageRequired)
    .trim()
    .min(1, REPORT_MESSAGES.messageRequired)
    .min(30, REPORT_MESSAGES.messageTooShort)
    .max(REPORT_MESSAGE_MAX, CONTACT_MESSAGES.tooLong(REPORT_MESSAGE_MAX)),
  credit: line(200).optional().default(""),
});

export type SecurityReportInput = z.infer<typeof securityReportSchema>;

/**
 * An accessibility barrier's report: the address to answer, and what was met; where, and with what
 * browser and assistive technology, help the team find it, so they are asked but not required.
 */
export const barrierReportSchema = z.object({
  name: line(200).optional().default(""),
  email,
  pageAddress: line(500).optional().default(""),
  assistiveTechnology: line(200).optional().default(""),
  message: z
    .string(BARRIER_MESSAGES.messageRequired)
    .trim()
    .min(1, BARRIER_MESSAGES.messageRequired)
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.tooLong(CONTACT_MESSAGE_MAX)),
});

export type BarrierReportInput = z.infer<typeof barrierReportSchema>;
