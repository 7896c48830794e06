import { useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { Alert } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { formatCount } from "#app/domain/format";
import type { Paged } from "#app/domain/paging";
import type { CategoryProduct } from "#app/domain/forms/category";
import type { DeleteRefusal } from "./actions.server";
import { ProductLinks } from "./product-links";

/**
 * The category's Delete button and confirmation. While products use the category (as this page last
 * loaded them), the button says so at once instead of asking first; the server still refuses one
 * added since, and its reason shows below the button.
 */
export function DeleteCategory({
  name,
  version,
  products,
  refusal,
}: {
  name: string;
  version: number;
  /** The first page of the category's products. */
  products: Paged<CategoryProduct>;
  refusal: DeleteRefusal | undefined;
}) {
  const [blockedShown, setBlockedShown] = useState(false);
  const blocked: DeleteRefusal | undefined =
    blockedShown && products.total > 0
      ? { status: "refused", message: ADMIN_MESSAGES.categoryDeleteBlocked(products.total), products }
      : undefined;
  const reason = refusal ?? blocked;

  return (
    <ConfirmDelete
      label="Delete category"
      prompt={ADMIN_MESSAGES.confirmCategoryDelete(name)}
      version={version}
      refusal={refusal}
      mayOpen={() => {
        setBlockedShown(products.total > 0);
        return products.total === 0;
      }}
      note={
        reason ? (
          <Alert tone="error">
            <p>{reason.message}</p>
            {reason.products.total ? (
              <div className="mt-2">
                <ProductLinks products={reason.products.items} label="Products in this category" />
                {reason.products.total > reason.products.items.length ? (
                  <p className="mt-1">…and {formatCount(reason.products.total - reason.products.items.length)} more.</p>
                ) : null}
              </div>
            ) : null}
          </Alert>
        ) : null
      }
    />
  );
}

/**
 * React Router skips loaders after a 4xx action; after a 409 (a conflict, or a delete refused because
 * products use the category) the page must show the newer data and version, so it reloads them.
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
