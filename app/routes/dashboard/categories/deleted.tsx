import { Card, TextLink } from "#app/components/ui";
import { undoableDeletion } from "../history/actions.server";
import { dashboardMeta } from "../meta";
import { UndoDelete } from "../undo-delete";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta("Category deleted");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { deletion: await undoableDeletion(context, "category", params.categoryId) };
}

/** requirements §2: the deletion confirmation after a category delete, with an Undo. */
export default function CategoryDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="Category deleted">
      <div className="space-y-4">
        <p>The category and its features / filters were deleted.</p>
        <UndoDelete deletion={loaderData.deletion} />
        <p>
          <TextLink to="/dashboard/categories/" weight="medium">
            Back to category list
          </TextLink>
        </p>
      </div>
    </Card>
  );
}
