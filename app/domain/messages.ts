/** A wait as people say it: seconds under a minute, else whole minutes rounded up. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The public pages' messages, worded as requirements §5 and §8 say (the dashboard's are in admin-messages.ts). */
export const MESSAGES = {
  loginFailed: "Incorrect email or password",
  resetFailed: "Invalid email",
  resetSent: "Reset link sent - check your email",
  tooManyResets: (seconds: number) => `Too many reset requests. Try again in ${waitPhrase(seconds)}.`,
  tooManySignIns: (seconds: number) => `Too many sign-in attempts. Try again in ${waitPhrase(seconds)}.`,
} as const;
