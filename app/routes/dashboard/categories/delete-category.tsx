import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { TabIdInput, VersionInput } from "#app/components/forms";
import { Alert, Button } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { CategoryProduct } from "#app/server/admin/categories.server";
import type { DeleteRefusal } from "./actions.server";
import { dashboardProductPath } from "#app/domain/paths";

/**
 * The Delete button with its inline confirmation (button, confirm prompt, deleted screen). Focus
 * moves to "Confirm Delete" when the prompt opens and back to "Delete category" when it closes.
 * While products use the category (as this page last loaded them), the button says so at once
 * instead of asking first; the server still refuses one added since.
 */
export function DeleteCategory({
  name,
  version,
  products,
  refusal,
}: {
  name: string;
  version: number;
  products: CategoryProduct[];
  refusal: DeleteRefusal | undefined;
}) {
  // "closed" is after a prompt was open: focus goes back to the Delete button then, not on first render.
  const [prompt, setPrompt] = useState<"none" | "open" | "closed">("none");
  const confirming = prompt === "open";
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  // A refused delete closes the prompt; its reason shows below the button.
  const [shownRefusal, setShownRefusal] = useState(refusal);
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) setPrompt("closed");
  }
  const [blockedShown, setBlockedShown] = useState(false);
  const blocked: DeleteRefusal | undefined =
    blockedShown && products.length > 0
      ? { message: ADMIN_MESSAGES.categoryDeleteBlocked(products.length), products }
      : undefined;
  const reason = refusal ?? blocked;

  useEffect(() => {
    if (prompt === "open") confirmButton.current?.focus();
    else if (prompt === "closed") deleteButton.current?.focus();
  }, [prompt]);

  function cancel() {
    setPrompt("closed");
  }

  return (
    <div className="space-y-3">
      {confirming ? (
        <Form
          method="post"
          role="group"
          aria-labelledby={promptId}
          className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4"
          onKeyDown={(event) => {
            if (event.key === "Escape") cancel();
          }}
        >
          <TabIdInput />
          <VersionInput version={version} />
          <input type="hidden" name="intent" value="delete" />
          <p id={promptId} className="text-sm text-red-900">
            Are you sure you want to delete {name}? This cannot be undone!
          </p>
          <div className="flex gap-3">
            <Button ref={confirmButton} type="submit" variant="danger" disabled={deleting}>
              Confirm Delete
            </Button>
            <Button type="button" onClick={cancel} variant="secondary">
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <Button
          ref={deleteButton}
          type="button"
          variant="danger"
          onClick={() => (products.length > 0 ? setBlockedShown(true) : setPrompt("open"))}
        >
          Delete category
        </Button>
      )}
      {reason && !confirming ? (
        <Alert tone="error">
          <p>{reason.message}</p>
          {reason.products.length ? (
            <ul className="mt-2 list-disc pl-5" aria-label="Products in this category">
              {reason.products.map((product) => (
                <li key={product.id}>
                  <Link to={dashboardProductPath(product.id)} className="underline">
                    {product.model}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * React Router skips loaders after a 4xx action; after a 409 (a conflict, or a delete refused because
 * products use the category) the page must show the newer data and version, so it reloads them.
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
