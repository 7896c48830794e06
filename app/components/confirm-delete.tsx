import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Form, useNavigation, type FetcherWithComponents } from "react-router";
import { TabIdInput, VersionInput } from "./forms";
import { Button } from "./ui";
import { useHydrated } from "./use-hydrated";

/**
 * Every dashboard record's Delete button and the confirmation it opens in place (decision 014). The
 * prompt takes focus on Cancel, the least destructive choice; Cancel and Escape close it and give
 * focus back to the Delete button. Confirm Delete posts `intent=delete` with the record's version to
 * the page's own action, or through `fetcher` to `action` where the page stays as it is (the home
 * page's info items).
 */
export function ConfirmDelete({
  label,
  target,
  prompt,
  version,
  refusal,
  mayOpen = () => true,
  note,
  fetcher,
  action,
  fields = {},
  confirmLabel = "Confirm Delete",
  cancelLabel = "Cancel",
  size = "md",
}: {
  /** The Delete button's words, e.g. "Delete category". */
  label: string;
  /** What it deletes, where a page holds several: read after the words ("Delete Banner: Firmware 2.4 is out"). */
  target?: string;
  /** The question, naming the record and what goes with it. */
  prompt: ReactNode;
  /** The record's version, for records that have one (a person has none: removing one is not an edit). */
  version?: number;
  /** The answer of a refused delete: a new one closes the prompt, so its reason shows beside the button. */
  refusal?: unknown;
  /** Asked before the prompt opens; false keeps it closed (the page then says why). */
  mayOpen?: () => boolean;
  /** Shown below the Delete button while the prompt is closed: why a delete was refused. */
  note?: ReactNode;
  /** Posts through this fetcher instead of navigating; `action` then names the route that deletes. */
  fetcher?: FetcherWithComponents<unknown>;
  action?: string;
  /** More hidden fields the action needs, e.g. the record's id when its URL does not name it. */
  fields?: Record<string, string>;
  /** The requirements word the info items' prompt in capitals; the dashboard's pages do not. */
  confirmLabel?: string;
  cancelLabel?: string;
  size?: "sm" | "md";
}) {
  // "closed" is after a prompt was open: focus goes back to the Delete button then, not on first render.
  const [state, setState] = useState<"never-opened" | "open" | "closed">("never-opened");
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  const navigation = useNavigation();
  // Before hydration a click would do nothing (the button only opens the prompt in the browser).
  const hydrated = useHydrated();
  const deleting = fetcher
    ? fetcher.state !== "idle"
    : navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  const [shownRefusal, setShownRefusal] = useState(refusal);
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal && state === "open") setState("closed");
  }

  useEffect(() => {
    if (state === "open") cancelButton.current?.focus();
    else if (state === "closed") deleteButton.current?.focus();
  }, [state]);

  if (state !== "open") {
    return (
      <div className="space-y-3">
        <Button
          ref={deleteButton}
          type="button"
          variant="danger"
          size={size}
          disabled={!hydrated}
          onClick={() => {
            if (mayOpen()) setState("open");
          }}
        >
          {label}
          {target ? <span className="sr-only"> {target}</span> : null}
        </Button>
        {note}
      </div>
    );
  }
  const formProps = {
    method: "post",
    action,
    // Named by its question, the form is a landmark a screen reader announces on the way in.
    "aria-labelledby": promptId,
    className: "space-y-3 rounded-md border border-red-200 bg-red-50 p-4",
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Escape") setState("closed");
    },
  } as const;
  const body = (
    <>
      <TabIdInput />
      {version === undefined ? null : <VersionInput version={version} />}
      <input type="hidden" name="intent" value="delete" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p id={promptId} className="font-medium text-red-900" data-testid="delete-confirmation">
        {prompt}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" size={size} disabled={deleting}>
          {deleting ? "Deleting…" : confirmLabel}
        </Button>
        <Button ref={cancelButton} type="button" variant="secondary" size={size} onClick={() => setState("closed")}>
          {cancelLabel}
        </Button>
      </div>
    </>
  );
  return fetcher ? <fetcher.Form {...formProps}>{body}</fetcher.Form> : <Form {...formProps}>{body}</Form>;
}
