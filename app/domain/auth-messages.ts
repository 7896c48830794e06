/**
 * What the sign-in pages say, and the rules they show: a module without the schemas' library, so that
 * a page that only shows these words never loads it (auth-schemas.ts holds the schemas).
 */

/** What the second step of a sign-in says when a code is wrong, or its ten minutes are gone. */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Enter the code",
  wrongCode: "That code is not right. Enter the code your authenticator app shows now.",
  wrongRecoveryCode: "That recovery code is not right, or it was used already.",
} as const;

/**
 * A sensitive action (People, the site settings) asks for the password again when the person last
 * gave it (signing in, or confirming) longer ago than this.
 */
export const CONFIRM_AFTER_MINUTES = 15;

export const CONFIRM_MESSAGES = {
  needed: `To do this, confirm it's you: you last entered your password more than ${CONFIRM_AFTER_MINUTES} minutes ago.`,
  wrongPassword: "That password is not right.",
  confirmed: "Confirmed. Do it again to finish: what you entered is still there.",
} as const;

/** What passkeys' pages say (decision 079). */
export const PASSKEY_MESSAGES = {
  signInFailed: "That passkey did not sign you in. Use your password, or try another passkey.",
  notVerified:
    "That passkey did not check it is you (a PIN, a fingerprint or a face): use one that does, or your password.",
  cancelled: "No passkey was used: the browser's request was cancelled or timed out.",
  alreadyHeld: "This device already holds one of your passkeys: it is in the list below.",
  notAdded: "The passkey was not added. Try again.",
  nameTooLong: "A passkey's name is at most 60 characters.",
  gone: "That passkey was already removed.",
  lastSecondFactor:
    "Two-factor authentication is required on this site: add another passkey or set up an authenticator app before removing your last one.",
  confirmFailed: "That passkey is not one of yours, or it did not check it is you.",
} as const;

/** Why a single sign-on with the provider `name` did not sign someone in (decision 080). */
export const SSO_MESSAGES = {
  "not-invited": (name: string) =>
    `Your ${name} account has no access to this site: ask an owner to invite your e-mail address, then sign in with ${name} again.`,
  unverified: (name: string) =>
    `${name} did not confirm your e-mail address, so it cannot sign you in here. Use your password, or ask your IT department.`,
  restart: (name: string) =>
    `That sign-in with ${name} could not be checked (it took too long, or its address was changed): sign in with ${name} again.`,
  failed: (name: string) => `Signing in with ${name} did not work. Try again, or use your password.`,
} as const;

export type SsoRefusal = keyof typeof SSO_MESSAGES;

/** Signing in with a password turned off by the owners (decision 080), in the words of each page. */
export const PASSWORDS_OFF = {
  signIn: (name: string) => `Signing in with a password is turned off on this site: sign in with ${name}.`,
  reset: (name: string) => `Passwords are not used on this site: sign in with ${name} instead.`,
  invitation: (name: string) => `To accept, sign in with ${name} with the address this invitation was sent to.`,
  account: (name: string) =>
    `Passwords are not used on this site: you sign in with ${name} or a passkey, so there is no password to change here, and no authenticator app to set up or turn off.`,
  ownFirst: (name: string) =>
    `Sign in with ${name} yourself first, so that you can come back in without a password; then turn passwords off.`,
} as const;

/** At most this many domains may sign in uninvited. */
export const SSO_DOMAINS_MAX = 50;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The domains an owner typed (separated by commas, spaces or lines; "@example.com" as "example.com"),
 * lower-cased, each once; or the words of what is wrong with them.
 */
export function ssoDomainsOf(typed: string): { domains: string[] } | { error: string } {
  const domains = [
    ...new Set(
      typed
        .split(/[\s,;]+/)
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    ),
  ];
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  if (wrong) return { error: `"${wrong}" is not an e-mail domain such as example.com.` };
  if (domains.length > SSO_DOMAINS_MAX) return { error: `At most ${SSO_DOMAINS_MAX} domains.` };
  return { domains };
}

/** A passkey's name, as its person gives it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
