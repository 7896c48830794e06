import { useState } from "react";
import { isConflictAnswer } from "#app/domain/conflict";

function isSaved(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && "status" in answer && answer.status === "saved";
}

/**
 * The record an edit form shows, the dashboard's one way with conflicts (decision 016). The form stays
 * on the version it was opened on whatever live updates bring, so what the admin types is never lost;
 * saving over a newer version is refused with a ConflictAnswer, and the form opens again on the
 * record it carries, saying so. A save (`status: "saved"`) opens it again on `current`, the page's
 * newest data; any other answer leaves it on the version it holds. Pass the action's or fetcher's
 * answer once it is settled (undefined while it runs), and key the form on the returned record's
 * version.
 */
export function useOpenedRecord<T>(
  current: T,
  answer: unknown,
): { record: T; conflict: boolean; typed: Record<string, unknown> | null } {
  const [opened, setOpened] = useState<{
    record: T;
    answer: unknown;
    conflict: boolean;
    typed: Record<string, unknown> | null;
  }>({ record: current, answer, conflict: false, typed: null });
  if (answer !== undefined && answer !== opened.answer) {
    const conflict = isConflictAnswer<T>(answer);
    // A refusal of the input (invalid, failed) keeps the version the admin is editing: reopening it
    // on newer data would let the next save overwrite someone else's change unseen.
    const record = conflict ? answer.current : isSaved(answer) ? current : opened.record;
    // What they typed stays beside the fields until a save goes through (TypedBeforeConflict).
    const typed = conflict ? answer.yours : isSaved(answer) ? null : opened.typed;
    setOpened({ record, answer, conflict, typed });
  }
  return { record: opened.record, conflict: opened.conflict, typed: opened.typed };
}
