import type { HeadersFunction } from "react-router";

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
