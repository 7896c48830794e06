import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TabIdInput, VersionInput } from "./forms";
import { Button } from "./ui";

/**
 * Every dashboard record's Delete button and the confirmation it opens in place (decision 014). The
 * prompt takes focus on Cancel, the least destructive choice; Cancel and Escape close it and give
 * focus back to the Delete button. Confirm Delete posts `intent=delete` with the record's version to
 * the page's own action.
 */
export function ConfirmDelete({
  label,
  prompt,
  version,
  refusal,
  mayOpen = () => true,
  note,
}: {
  /** The Delete button's words, e.g. "Delete category". */
  label: string;
  /** The question, naming the record and what goes with it. */
  prompt: ReactNode;
  version: number;
  /** The answer of a refused delete: a new one closes the prompt, so its reason shows beside the button. */
  refusal?: unknown;
  /** Asked before the prompt opens; false keeps it closed (the page then says why). */
  mayOpen?: () => boolean;
  /** Shown below the Delete button while the prompt is closed: why a delete was refused. */
  note?: ReactNode;
}) {
  // "closed" is after a prompt was open: focus goes back to the Delete button then, not on first render.
  const [state, setState] = useState<"never-opened" | "open" | "closed">("never-opened");
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

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
          onClick={() => {
            if (mayOpen()) setState("open");
          }}
        >
          {label}
        </Button>
        {note}
      </div>
    );
  }
  return (
    <Form
      method="post"
      role="group"
      aria-labelledby={promptId}
      className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4"
      onKeyDown={(event) => {
        if (event.key === "Escape") setState("closed");
      }}
    >
      <TabIdInput />
      <VersionInput version={version} />
      <input type="hidden" name="intent" value="delete" />
      <p id={promptId} className="font-medium text-red-900" data-testid="delete-confirmation">
        {prompt}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={deleting}>
          {deleting ? "Deleting…" : "Confirm Delete"}
        </Button>
        <Button ref={cancelButton} type="button" variant="secondary" onClick={() => setState("closed")}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
