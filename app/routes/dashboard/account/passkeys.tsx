import { useEffect, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { ConfirmIdentity } from "#app/components/confirm-identity";
import { LocalTime } from "#app/components/local-time";
import { makePasskey, postPasskeyStep, usePasskeySupport } from "#app/components/passkey-browser";
import { Alert, Button } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { PASSKEY_NAME_MAX_LENGTH } from "#app/domain/auth-messages";

export interface PasskeyRow {
  id: string;
  name: string;
  addedAt: string | null;
  lastUsedAt: string | null;
}

/** What the account page's action answered about a passkey (renamed, removed, or why not). */
export type PasskeyAnswer =
  | { step: "passkey-renamed" }
  | { step: "passkey-removed" }
  | { step: "passkey-refused"; error: string }
  | { step: "passkey-confirm"; answeredAt: number };

/** Focus on the field a button just showed: one function for all renders, so it runs once, when shown. */
function focusWhenShown(input: HTMLInputElement | null) {
  input?.focus();
}

/** Where adding a passkey stands: what the page says after each try. */
type Adding =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "added"; name: string }
  | { state: "error"; message: string }
  | { state: "confirm"; at: number };

/**
 * The signed-in person's passkeys (decision 079): each named, when it was added and last used, to
 * rename or remove; and a new one made by this browser's authenticator (a phone, a security key, the
 * computer's own), which signs in without the password and a code.
 */
export function Passkeys({ passkeys, answer }: { passkeys: PasskeyRow[]; answer: PasskeyAnswer | undefined }) {
  const supported = usePasskeySupport();
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState<Adding>({ state: "idle" });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [name, setName] = useState("");
  const said = useRef<HTMLDivElement>(null);
  const show = (next: Adding) => setAdding(next);
  // What happened, where a screen reader and the keyboard are.
  useEffect(() => said.current?.focus(), [adding]);
  const add = async () => {
    setAdding({ state: "busy" });
    const started = await postPasskeyStep<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      "/dashboard/account/passkey",
      { intent: "options" },
    );
    if ("confirm" in started) return show({ state: "confirm", at: Date.now() });
    if (!("options" in started)) return show({ state: "error", message: started.error });
    const made = await makePasskey(started.options);
    if ("error" in made) return show({ state: "error", message: made.error });
    const kept = await postPasskeyStep<{ added: string }>("/dashboard/account/passkey", {
      intent: "add",
      name,
      response: made.response,
    });
    if ("confirm" in kept) return show({ state: "confirm", at: Date.now() });
    if (!("added" in kept)) return show({ state: "error", message: kept.error });
    setName("");
    await revalidator.revalidate();
    show({ state: "added", name: kept.added });
  };
  return (
    <section aria-labelledby="passkeys" className="mt-6 space-y-3">
      <h2 id="passkeys" className="text-lg font-semibold text-slate-900">
        Passkeys
      </h2>
      <p className="text-sm text-slate-700">
        A passkey signs you in without your password or a code: your phone, security key or computer keeps it and checks
        it is you with a PIN, a fingerprint or your face.
      </p>
      {answer?.step === "passkey-renamed" ? <Alert tone="success">Passkey renamed.</Alert> : null}
      {answer?.step === "passkey-removed" ? <Alert tone="success">Passkey removed.</Alert> : null}
      {answer?.step === "passkey-refused" ? <Alert tone="error">{answer.error}</Alert> : null}
      {answer?.step === "passkey-confirm" ? <ConfirmIdentity key={answer.answeredAt} /> : null}
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">You have no passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 border-y border-slate-200" aria-label="Your passkeys">
          {passkeys.map((row) => (
            <li key={row.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="space-y-1">
                <p className="font-medium text-slate-900">{row.name}</p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
                  <div className="flex gap-1">
                    <dt className="text-slate-600">Added</dt>
                    <dd>{row.addedAt ? <LocalTime iso={row.addedAt} /> : "Unknown"}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-slate-600">Last used</dt>
                    <dd>{row.lastUsedAt ? <LocalTime iso={row.lastUsedAt} /> : "Never"}</dd>
                  </div>
                </dl>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {renaming === row.id ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2" onSubmit={() => setRenaming(null)}>
                    <input type="hidden" name="intent" value="passkey-rename" />
                    <input type="hidden" name="id" value={row.id} />
                    <TextField
                      id={`passkey-name-${row.id}`}
                      name="name"
                      label={`New name for ${row.name}`}
                      defaultValue={row.name}
                      maxLength={PASSKEY_NAME_MAX_LENGTH}
                      required
                      ref={focusWhenShown}
                    />
                    <Button type="submit" variant="secondary" size="sm">
                      Save name
                    </Button>
                    <Button type="button" variant="secondary" size="sm" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </Form>
                ) : (
                  <Button type="button" variant="secondary" size="sm" onClick={() => setRenaming(row.id)}>
                    Rename<span className="sr-only"> {row.name}</span>
                  </Button>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="passkey-remove" />
                  <input type="hidden" name="id" value={row.id} />
                  <Button type="submit" variant="danger" size="sm">
                    Remove<span className="sr-only"> {row.name}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding.state === "added" ? (
        <Alert tone="success" ref={said}>
          Passkey {adding.name} added.
        </Alert>
      ) : null}
      {adding.state === "error" ? (
        <Alert tone="error" ref={said}>
          {adding.message}
        </Alert>
      ) : null}
      {adding.state === "confirm" ? <ConfirmIdentity key={adding.at} /> : null}
      {supported === false ? (
        <p className="text-sm text-slate-600">This browser cannot make passkeys: add one from a browser that can.</p>
      ) : null}
      {supported ? (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Add a passkey"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextField
            id="new-passkey-name"
            name="name"
            label="Name of the new passkey"
            placeholder="For example, Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
          />
          <Button type="submit" disabled={adding.state === "busy"}>
            Add a passkey
          </Button>
        </form>
      ) : null}
    </section>
  );
}
