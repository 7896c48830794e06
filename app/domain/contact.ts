/** The contact form's honeypot: hidden from people, filled in by the bots that fill in everything. */
export const HONEYPOT_FIELD = "website";

/** Messages one client may send in CONTACT_WINDOW_SECONDS before it is asked to wait. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 60 * 60;

/** A client over its allowance: when to try again, in minutes. */
function sentTooMany(what: "messages" | "reports", seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have sent several ${what} in a short time. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or write to us by e-mail.`;
}

export const CONTACT_MESSAGE_MAX = 5000;

/** The inbox's boxes: the contact form's messages, the vulnerability reports, the accessibility barriers. */
export const INBOX_BOXES = ["contact", "security", "accessibility"] as const;
export type InboxBox = (typeof INBOX_BOXES)[number];

export function isInboxBox(value: string | null): value is InboxBox {
  return INBOX_BOXES.some((box) => box === value);
}

/** A box's list in the dashboard; `deleted` says a message of it was just deleted. */
export function inboxPath(box: InboxBox, { deleted = false } = {}): string {
  const params = new URLSearchParams();
  if (box !== "contact") params.set("box", box);
  if (deleted) params.set("deleted", "1");
  const query = params.toString();
  return query ? `/dashboard/inbox?${query}` : "/dashboard/inbox";
}

/** A message as the dashboard's inbox shows it. */
export interface InboxMessage {
  id: string;
  box: InboxBox;
  /** How a report is named in mails and to its reporter: "VR-" and the first eight digits of its id. */
  reference: string;
  name: string;
  email: string;
  company: string;
  product: string;
  /** The product named, while it is in the catalog. */
  productId: string | null;
  firmwareVersion: string;
  credit: string;
  /** Where an accessibility barrier was met, and with what browser and assistive technology. */
  pageAddress: string;
  assistiveTechnology: string;
  message: string;
  mailed: boolean;
  /** A vulnerability report's acknowledgment went out to the reporter. */
  acknowledged: boolean;
  read: boolean;
  receivedAt: string;
}

/** The report form's place on the disclosure policy page (security.txt names it). */
export const REPORT_FORM_ANCHOR = "report";

export const REPORT_MESSAGE_MAX = 10_000;

export const REPORT_MESSAGES = {
  messageRequired: "Describe what you found",
  messageTooShort: "Write a little more: at least 30 characters, with the steps to reproduce it",
  sent: "Thank you: your report has reached our product security team. We acknowledge every report by e-mail and answer within three working days.",
  tooMany: (seconds: number) => sentTooMany("reports", seconds),
} as const;

/** Who sent a message, as the inbox names them: a reporter may give no name. */
export function sender(message: Pick<InboxMessage, "name" | "email">): string {
  return message.name || message.email;
}

/** A report's reference, as its reporter and the team's mails name it. */
export function reportReference(id: string): string {
  return `VR-${id.slice(0, 8).toUpperCase()}`;
}

export const BARRIER_MESSAGES = {
  messageRequired: "Describe the barrier you met",
  sent: "Thank you: your report has reached the team that looks after this site's accessibility. We answer within two working days.",
  tooMany: (seconds: number) => sentTooMany("reports", seconds),
} as const;
