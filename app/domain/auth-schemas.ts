import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { MESSAGES } from "./messages";

export const forgotSchema = z.object({ email: z.email(MESSAGES.resetFailed) });

export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, { message: "Passwords do not match", path: ["confirm"] });

/** A posted new password (a reset, an invitation): the values, or each field's message. */
export function parseNewPassword(
  form: FormData,
): { ok: true; value: z.infer<typeof newPasswordSchema> } | { ok: false; errors: Record<string, string> } {
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
  };
}
