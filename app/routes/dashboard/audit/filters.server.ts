import { isAuditKind } from "#app/domain/audit";
import { knownTimeZone, TIME_ZONE_PARAM, zonedInstant } from "#app/domain/time-zone";
import type { AuditFilters } from "#app/server/admin/audit.server";

/** The calendar day after `date` (YYYY-MM-DD, already checked). */
function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

/** The filters as the form shows them again (strings, as typed). */
export interface AuditFilterFields {
  person: string;
  kind: string;
  record: string;
  from: string;
  to: string;
}

/**
 * The audit log's filters from a URL (the page's GET form, the CSV link). Days are the reader's: the
 * form carries the browser's time zone, and `to` includes its whole day. A day that is not one is
 * named in `invalid` and left out.
 */
export function auditFiltersFrom(url: URL): { filters: AuditFilters; fields: AuditFilterFields; invalid: string[] } {
  const read = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) ?? "";
  const fields = {
    person: read("person"),
    kind: read("kind"),
    record: read("record"),
    from: read("from"),
    to: read("to"),
  };
  const zone = knownTimeZone(url.searchParams.get(TIME_ZONE_PARAM));
  const invalid: string[] = [];
  const day = (name: "from" | "to", value: string) => {
    if (!value) return undefined;
    const start = zonedInstant(value, zone);
    if (!start) invalid.push(name);
    return start;
  };
  const from = day("from", fields.from);
  const toStart = day("to", fields.to);
  // The day after `to`, at midnight in the same zone (a day can be 23 or 25 hours long).
  const until = toStart ? zonedInstant(nextDay(fields.to), zone) : undefined;
  return {
    filters: {
      ...(fields.person ? { person: fields.person } : {}),
      ...(isAuditKind(fields.kind) ? { kind: fields.kind } : {}),
      ...(fields.record ? { record: fields.record } : {}),
      ...(from ? { from } : {}),
      ...(until ? { until } : {}),
    },
    fields,
    invalid,
  };
}
