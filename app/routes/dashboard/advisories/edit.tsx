import { isRefusal } from "#app/domain/conflict";
import { data, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { Alert, Card, TextLink } from "#app/components/ui";
import { TypedBeforeConflict } from "#app/components/forms";
import { useOpenedRecord } from "#app/components/use-opened-record";
import type { PageHandle } from "#app/domain/live";
import { DASHBOARD_ADVISORIES_PATH, dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { deleteFromForm, editedAdvisory, saveFromForm } from "./actions.server";
import { AdvisoryForm } from "./advisory-form";

export const handle: PageHandle = { live: ["advisories", "firmware", "products"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? loaderData.advisory.trackingId : "Not Found");

export async function loader({ context, params }: Route.LoaderArgs) {
  const opened = await editedAdvisory(context, params.advisoryId);
  if (!opened) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return opened;
}

/** After a conflict (409) the newer data must be read, although an error status skips that by default. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  return posted.form.get("intent") === "delete"
    ? deleteFromForm(context, params.advisoryId, posted)
    : saveFromForm(context, posted, params.advisoryId);
}

export default function EditAdvisory({ loaderData, actionData }: Route.ComponentProps) {
  const idle = useNavigation().state === "idle";
  const [searchParams] = useSearchParams();
  const refused = isRefusal(actionData) ? actionData : undefined;
  const answer = idle && actionData && !isRefusal(actionData) ? actionData : undefined;
  const { record, conflict, typed } = useOpenedRecord(loaderData, answer);
  const { advisory, products, releases } = record;
  return (
    <Card title={`${advisory.trackingId}: ${advisory.title}`}>
      <div className="space-y-5">
        {answer?.status === "saved" ? <Alert tone="success">Security advisory saved.</Alert> : null}
        {searchParams.has("restored") && !answer ? <Alert tone="success">Security advisory restored.</Alert> : null}
        {refused ? <Alert tone="error">{refused.message}</Alert> : null}
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <TextLink to={DASHBOARD_ADVISORIES_PATH} weight="semibold">
            Back to security advisories
          </TextLink>
          <TextLink to={dashboardHistoryPath("advisory", advisory.id)} weight="semibold">
            History
          </TextLink>
        </p>
        {advisory.revisions.length ? (
          <section aria-label="Published revisions" className="text-sm text-slate-700">
            <h2 className="font-semibold text-slate-900">Published revisions</h2>
            <ol className="mt-1 list-inside list-decimal">
              {advisory.revisions.map((revision) => (
                <li key={revision.number}>
                  <time dateTime={revision.publishedAt}>{revision.publishedAt.slice(0, 10)}</time>: {revision.note}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <TypedBeforeConflict value={typed}>
          <AdvisoryForm
            key={advisory.version}
            advisory={advisory}
            products={products}
            releases={releases}
            result={answer && answer.status !== "conflict" && "result" in answer ? answer.result : null}
            conflict={conflict}
          />
        </TypedBeforeConflict>
        <ConfirmDelete
          label="Delete advisory"
          prompt={`Delete ${advisory.trackingId}? It leaves the site and its feeds; Recently deleted can bring it back.`}
          version={advisory.version}
          refusal={refused}
        />
      </div>
    </Card>
  );
}
