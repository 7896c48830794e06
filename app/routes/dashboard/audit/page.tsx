import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { INPUT_CLASS } from "#app/components/forms";
import { LocalTime, TimeZoneInput } from "#app/components/local-time";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import { AUDIT_KINDS } from "#app/domain/audit";
import { recordTypeName } from "#app/domain/record-kinds";
import { countNoun } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { ownersOnly } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { auditFiltersFrom } from "./filters.server";
import type { Route } from "./+types/page";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

/** For owners alone, after the dashboard's guard. */
export const middleware = [ownersOnly];

export const handle: PageHandle = { live: ["*"] };

export function meta() {
  return dashboardMeta("Audit log");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { filters, fields, invalid } = auditFiltersFrom(url);
  const { auditLog } = context.get(servicesContext);
  const [entries, people] = await Promise.all([auditLog.list(filters, requestedPage(url)), auditLog.people()]);
  return { entries, pagination: paginationView(entries, DASHBOARD_LANGUAGES), people, fields, invalid };
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

function DayField({ name, label, value, invalid }: { name: string; label: string; value: string; invalid: boolean }) {
  const id = `audit-${name}`;
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={invalid || undefined}
        className={INPUT_CLASS}
      />
    </FilterField>
  );
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, people, fields, invalid } = loaderData;
  const { search } = useLocation();
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete("page");
  const filtered = Object.values(fields).some(Boolean);
  return (
    <Card title="Audit log">
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          Every change made in the dashboard and every sign-in, newest first. Entries cannot be changed or deleted.
        </p>
        <Form method="get" role="search" aria-label="Filter the audit log" className="space-y-4">
          <TimeZoneInput />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FilterField id="audit-person" label="Person">
              <select id="audit-person" name="person" defaultValue={fields.person} className={INPUT_CLASS}>
                <option value="">Everyone</option>
                {people.map((person) => (
                  <option key={person} value={person}>
                    {person}
                  </option>
                ))}
              </select>
            </FilterField>
            <FilterField id="audit-kind" label="Action">
              <select id="audit-kind" name="kind" defaultValue={fields.kind} className={INPUT_CLASS}>
                <option value="">Any action</option>
                {Object.entries(AUDIT_KINDS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
            </FilterField>
            <FilterField id="audit-record" label="Record (name or id)">
              <input
                id="audit-record"
                name="record"
                type="search"
                defaultValue={fields.record}
                autoComplete="off"
                className={INPUT_CLASS}
              />
            </FilterField>
            <DayField name="from" label="From (day)" value={fields.from} invalid={invalid.includes("from")} />
            <DayField name="to" label="To (day, included)" value={fields.to} invalid={invalid.includes("to")} />
          </div>
          {invalid.length ? <Alert tone="error">A day is written as YYYY-MM-DD: that one was left out.</Alert> : null}
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit">Filter</Button>
            {filtered ? <TextLink to="/dashboard/audit">Clear filters</TextLink> : null}
            <a
              href={`/dashboard/audit.csv${exportQuery.size ? `?${exportQuery.toString()}` : ""}`}
              download
              className="font-semibold text-brand-700 underline hover:text-brand-900"
            >
              Export CSV
            </a>
          </div>
        </Form>

        <p className="text-sm text-slate-700" role="status">
          {countNoun(entries.total, "entry", "entries")}
          {filtered ? " match" : ""}
        </p>
        {entries.items.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Person
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Record
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Client address
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.items.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-4">
                      <LocalTime iso={entry.at} />
                    </td>
                    <td className="py-2 pr-4 wrap-anywhere">{entry.person}</td>
                    <td className="py-2 pr-4">{entry.kindLabel}</td>
                    <td className="py-2 pr-4 wrap-anywhere">
                      {entry.recordType ? (
                        <>
                          <span className="text-slate-600">{recordTypeName(entry.recordType)}:</span>{" "}
                          <Link
                            to={`/dashboard/audit?record=${encodeURIComponent(entry.recordId)}`}
                            className="text-brand-700 underline hover:text-brand-900"
                          >
                            {entry.recordLabel || entry.recordId}
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4">{entry.clientAddress}</td>
                    <td className="py-2 wrap-anywhere text-slate-700">{entry.details}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-slate-600">No entries match these filters.</p>
        )}
        <Pagination {...loaderData.pagination} />
      </div>
    </Card>
  );
}
