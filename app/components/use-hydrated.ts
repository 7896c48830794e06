import { useSyncExternalStore } from "react";

function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * False in the server's HTML and during hydration, true once this part of the page runs in the
 * browser. A lazily loaded part hydrates later than the page around it, so it needs its own answer.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
