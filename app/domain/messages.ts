/** Every message a visitor or admin can read, worded as SPEC.md §5 and §8 say. */
export const MESSAGES = {
  loginFailed: "Incorrect email or password",
  resetFailed: "Invalid email",
  resetSent: "Reset link set - check your email",
  tooManyResets: (minutes: number) =>
    `Too many reset requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  tooManySignIns: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  searchResults: (total: number) => (total === 0 ? "Search returned 0 results." : `Search returned ${total} result(s)`),
} as const;

export const UPLOAD_ERRORS = {
  unauthenticated: "Sign in to upload files.",
  tooLarge: "File too large - 20MB maximum file size",
  notAnImage: "Wrong format - images only (jpg, png, gif, etc.)",
  noName: "The file needs a name.",
} as const;
