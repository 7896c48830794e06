/**
 * What a dashboard action answers, with HTTP 409, when the record changed since its form was opened:
 * the record as it is now, for the form to open again on (see useOpenedRecord, decision 016).
 */
export interface ConflictAnswer<T> {
  status: "conflict";
  current: T;
}

export function isConflictAnswer<T>(answer: unknown): answer is ConflictAnswer<T> {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "status" in answer &&
    answer.status === "conflict" &&
    "current" in answer
  );
}
