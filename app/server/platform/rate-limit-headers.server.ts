import { data, type HeadersFunction } from "react-router";
import { MESSAGES } from "#app/domain/messages";

/**
 * A route `headers` export for pages whose action may answer 429. Without it React Router keeps only
 * the cookies of an action's headers, and the Retry-After the browser needs is lost.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

/** A sign-in step's answer to a client being slowed down: the words, 429 and when to try again. */
export function tooManySignInsAnswer(retryAfterSeconds: number) {
  return data(
    { error: MESSAGES.tooManySignIns(retryAfterSeconds) },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}
