import { Card, TextLink } from "#app/components/ui";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta("Category deleted");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin(url, context);
  return null;
}

/** requirements §2: the deletion confirmation after a category delete. */
export default function CategoryDeleted() {
  return (
    <Card title="Category deleted">
      <p>The category and its features / filters were deleted.</p>
      <p className="mt-4">
        <TextLink to="/dashboard/categories/" weight="medium">
          Back to category list
        </TextLink>
      </p>
    </Card>
  );
}
