import type { DayView } from "#app/domain/format";

/**
 * A day as its page's loader wrote it in the reader's language (`dayView`), marked with it: it may
 * stand in content marked as another.
 */
export function DayTime({ day, className }: { day: DayView; className?: string }) {
  return (
    <time dateTime={day.iso} lang={day.lang} className={className}>
      {day.text}
    </time>
  );
}
