/**
 * Dates an admin types mean days in their own time zone, which the browser knows and the server does
 * not: forms carry it (TimeZoneInput), and without scripts the day is UTC's.
 */
export const TIME_ZONE_PARAM = "tz";

/** The IANA zone name if this runtime knows it, else UTC. */
export function knownTimeZone(name: string | null | undefined): string {
  if (!name || name.length > 64) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `zone`'s clock shows `date` (YYYY-MM-DD) at `time` (HH:MM); undefined for a date that is
 * not one. Corrected twice, so a day whose offset changes (summer time) lands right.
 */
export function zonedInstant(date: string, zone: string, time = "00:00"): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const asUtc = Date.UTC(year, month - 1, day, Number(clock[1]), Number(clock[2]));
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  let instant = asUtc - zoneOffset(asUtc, zone);
  instant = asUtc - zoneOffset(instant, zone);
  return new Date(instant);
}

/** "26 Nov 2026, 16:31" in `zone`. */
export function formatDateTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}
