import { useState } from "react";
import { isConflictAnswer } from "#app/domain/conflict";

/**
 * The record an edit form shows, the dashboard's one way with conflicts (decision 016). The form stays
 * on the version it was opened on whatever live updates bring, so what the admin types is never lost;
 * saving over a newer version is refused with a ConflictAnswer, and the form opens again on the
 * record it carries, saying so. Any other new answer (a save) opens it again on `current`, the page's
 * newest data. Pass the action's or fetcher's answer once it is settled (undefined while it runs), and
 * key the form on the returned record's version.
 */
export function useOpenedRecord<T>(current: T, answer: unknown): { record: T; conflict: boolean } {
  const [opened, setOpened] = useState({ record: current, answer, conflict: false });
  if (answer !== undefined && answer !== opened.answer) {
    const conflict = isConflictAnswer<T>(answer);
    setOpened({ record: conflict ? answer.current : current, answer, conflict });
  }
  return { record: opened.record, conflict: opened.conflict };
}
