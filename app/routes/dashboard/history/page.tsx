import { data, Form, useNavigation } from "react-router";
import { TabIdInput } from "#app/components/forms";
import { LocalTime } from "#app/components/local-time";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { AUDIT_KINDS } from "#app/domain/audit";
import { dashboardRecordPath, isOwnersOnlyType, isRevisionedType, recordTypeName } from "#app/domain/record-kinds";
import type { PageHandle } from "#app/domain/live";
import type { RevisionChange } from "#app/domain/revisions";
import { servicesContext } from "#app/server/runtime/context.server";
import { ownersOnlyWhen, readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { restoreRevisionFromForm } from "./actions.server";
import type { Route } from "./+types/page";

/** A kind of record's history is for whoever may change it: the site settings' and search synonyms' for owners alone. */
export const middleware = [ownersOnlyWhen((params) => isOwnersOnlyType(params.recordType ?? ""))];

export const handle: PageHandle = { live: ["*"] };

export function meta({ data: loaded }: Route.MetaArgs) {
  return dashboardMeta(loaded ? `History of ${loaded.label}` : "History");
}

function recordType(params: Route.LoaderArgs["params"]) {
  if (!isRevisionedType(params.recordType)) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return params.recordType;
}

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const type = recordType(params);
  const { revisions } = context.get(servicesContext);
  const current = await revisions.current(type, params.recordId);
  if (!current) throw data("Not Found", { status: 404, statusText: "Not Found" });
  const entries = await revisions.history(type, params.recordId);
  const restored = Number(url.searchParams.get("restored"));
  return {
    type,
    typeName: recordTypeName(type),
    label: current.label,
    version: current.version,
    back: dashboardRecordPath(type, params.recordId),
    entries,
    restored: Number.isInteger(restored) && restored > 0 ? restored : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const type = recordType(params);
  const posted = await readAdminForm(request, context);
  if (posted.form.get("intent") !== "restore") throw data("Bad Request", { status: 400, statusText: "Bad Request" });
  return restoreRevisionFromForm(context, type, params.recordId, posted);
}

function Change({ change }: { change: RevisionChange }) {
  switch (change.kind) {
    case "changed":
      return (
        <li>
          <span className="font-medium">{change.label}</span>:{" "}
          {change.before ? <del className="text-red-800">{change.before}</del> : <i>empty</i>} →{" "}
          {change.after ? <ins className="text-green-800 no-underline">{change.after}</ins> : <i>empty</i>}
        </li>
      );
    case "added":
    case "removed":
      return (
        <li>
          <span className="font-medium">
            {change.label} {change.kind}
          </span>
          : {change.items.join("; ")}
        </li>
      );
    case "table":
      return (
        <li>
          <span className="font-medium">Specifications table rows changed</span>
          {change.added.length ? <>: added {change.added.join("; ")}</> : null}
          {change.removed.length ? (
            <>
              {change.added.length ? ";" : ":"} removed {change.removed.join("; ")}
            </>
          ) : null}
        </li>
      );
  }
}

export default function HistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const newest = loaderData.entries[0]?.number;
  return (
    <Card title={`History of ${loaderData.label}`}>
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          {loaderData.typeName}: every save, newest first, with what it changed. Restoring a version saves it again as
          the newest; nothing is lost. <TextLink to={loaderData.back}>Back to {loaderData.label}</TextLink>
        </p>
        {loaderData.restored && !actionData && !busy ? (
          <Alert tone="success">Revision {loaderData.restored} restored: it is now the newest revision.</Alert>
        ) : null}
        {actionData && !busy ? <Alert tone="error">{actionData.message}</Alert> : null}
        {loaderData.entries.length === 0 ? (
          <p className="text-slate-700">No revisions yet: the first save of this record starts its history.</p>
        ) : (
          <ol className="space-y-4" aria-label="Revisions, newest first">
            {loaderData.entries.map((entry) => (
              <li key={entry.id} className="rounded-md border border-slate-200 p-4">
                <h2 className="font-semibold text-slate-900">
                  Revision {entry.number}: {AUDIT_KINDS[entry.kind]}
                  {entry.person
                    ? ` by ${entry.person}`
                    : entry.number === 1
                      ? " (as it was before history was kept)"
                      : ""}
                </h2>
                <p className="text-sm text-slate-600">
                  <LocalTime iso={entry.at} />
                </p>
                {entry.changes.length ? (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800 wrap-anywhere">
                    {entry.changes.map((change, index) => (
                      <Change key={index} change={change} />
                    ))}
                  </ul>
                ) : entry.kind === "deleted" ? null : (
                  <p className="mt-2 text-sm text-slate-600">Saved without changes.</p>
                )}
                {entry.number !== newest && entry.kind !== "deleted" ? (
                  <Form method="post" className="mt-3">
                    <TabIdInput />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revision" value={entry.id} />
                    <input type="hidden" name="version" value={loaderData.version} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Restore revision {entry.number}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
