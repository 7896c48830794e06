import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

window.reactIslandRoots = { createRoot, hydrateRoot };

// A link clicked while the previous page's data is still arriving cancels that fetch. React Router's
// data decoder (7.18) then leaves two promises rejected with the AbortError and unobserved; the
// browser would report them as uncaught errors although nothing failed. A cancellation is never a
// failure, so it is not reported; every other rejection still is.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
