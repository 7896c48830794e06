import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { SECOND_FACTOR_MESSAGES } from "./auth-messages";

// Read on the server through the form library (parseFormSubmission), like every form: an empty field
// arrives as nothing, so each schema says what a missing field means.

/** Sign-in: both fields given. The address is passed as typed; the sign-in itself checks it. */
export const loginSchema = z.object({
  email: z.string(MESSAGES.loginFailed).refine((value) => value.trim() !== "", MESSAGES.loginFailed),
  password: z.string(MESSAGES.loginFailed),
  redirectTo: z.string().optional(),
});

/** The second step of a sign-in with two factors: the first step's address, and a code. */
export const secondFactorSchema = z.object({
  email: z.string().trim().max(320),
  code: z.string(SECOND_FACTOR_MESSAGES.codeRequired).trim().min(1, SECOND_FACTOR_MESSAGES.codeRequired).max(40),
  recovery: z.string().optional(),
  redirectTo: z.string().optional(),
});

export const forgotSchema = z.object({
  email: z.string(MESSAGES.resetFailed).trim().pipe(z.email(MESSAGES.resetFailed)),
});

const passwordTooShort = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

const newPassword = z
  .string(passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
/** The second typing matches the first. */
const typedTwice = [
  (value: { password: string; confirm?: string | undefined }) => value.password === (value.confirm ?? ""),
  { message: "Passwords do not match", path: ["confirm"] },
] satisfies [unknown, { message: string; path: PropertyKey[] }];

/** A new password (a reset, an invitation), typed twice, with the token the link carried. */
export const newPasswordSchema = z
  .object({ token: z.string(), password: newPassword, confirm: z.string().optional() })
  .refine(...typedTwice);

/** A signed-in person's new password, typed twice, after the one they have now. */
export const changePasswordSchema = z
  .object({
    current: z.string("Enter your current password").min(1, "Enter your current password"),
    password: newPassword,
    confirm: z.string().optional(),
  })
  .refine(...typedTwice);
