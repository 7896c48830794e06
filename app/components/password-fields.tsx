import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import { TextField } from "./text-field";

/**
 * A new password (through a mailed link, or a signed-in person's change): typed twice, the rules of
 * newPasswordSchema, each field's message beside it.
 */
export function NewPasswordFields({
  token,
  labels,
  errors,
}: {
  /** The mailed link's token; none when the person is signed in. */
  token?: string;
  labels: { password: string; confirm: string };
  errors?: Record<string, string>;
}) {
  return (
    <>
      {token === undefined ? null : <input type="hidden" name="token" value={token} />}
      <TextField
        id="password"
        name="password"
        type="password"
        label={labels.password}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        error={errors?.password}
      />
      <TextField
        id="confirm"
        name="confirm"
        type="password"
        label={labels.confirm}
        autoComplete="new-password"
        required
        error={errors?.confirm}
      />
    </>
  );
}

/**
 * The person's present password, as a password manager fills it: signing in, confirming it is them,
 * and the account page's changes. `name` is "password" unless a form also holds a new one.
 */
export function CurrentPasswordField({
  id,
  label = "Password",
  name = "password",
  error,
}: {
  id: string;
  label?: string;
  name?: string;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      name={name}
      type="password"
      label={label}
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

/** A code of the person's authenticator app (RFC 6238), as the phone offers to fill it. */
export function AuthenticationCodeField({ id, error }: { id: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="code"
      label="Authentication code"
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      error={error}
    />
  );
}
