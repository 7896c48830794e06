/** The contact form's honeypot: hidden from people, filled in by the bots that fill in everything. */
export const HONEYPOT_FIELD = "website";

/** Messages one client may send in CONTACT_WINDOW_SECONDS before it is asked to wait. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 60 * 60;

export const CONTACT_MESSAGES = {
  nameRequired: "Enter your name",
  emailInvalid: "Enter an e-mail address such as name@example.com, so we can answer",
  messageRequired: "Write your message",
  messageTooShort: "Write a little more: at least 10 characters",
  tooLong: (max: number) => `At most ${max.toLocaleString("en-US")} characters`,
  checkEachInput: "Please check each input",
  sent: "Thank you: your message has been sent. We answer within one working day.",
  tooMany: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `You have sent several messages in a short time. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or write to us by e-mail.`;
  },
} as const;

export const CONTACT_MESSAGE_MAX = 5000;

/** A message as the dashboard's inbox shows it. */
export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  product: string;
  /** The product named, while it is in the catalog. */
  productId: string | null;
  message: string;
  mailed: boolean;
  read: boolean;
  receivedAt: string;
}
