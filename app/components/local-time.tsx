import { formatDateTime, TIME_ZONE_PARAM } from "#app/domain/time-zone";
import { useHydrated } from "./use-hydrated";

/** The browser's time zone, or UTC before the page's scripts run (the server does not know it). */
export function useTimeZone(): string {
  return useHydrated() ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
}

/**
 * A moment as the reader's clock shows it: UTC in the server's HTML (marked so), the browser's own
 * time zone once the page runs. The machine-readable instant is always there.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const zone = useTimeZone();
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso, zone)}
      {hydrated ? null : " UTC"}
    </time>
  );
}

/** A form's hidden field carrying the browser's time zone, so dates typed in it mean the reader's days. */
export function TimeZoneInput() {
  const zone = useTimeZone();
  return <input type="hidden" name={TIME_ZONE_PARAM} value={zone} />;
}
