import type { createRoot, hydrateRoot } from "react-dom/client";

declare global {
  interface Window {
    /**
     * React's roots for islands (app/components/on-demand.tsx), set by entry.client, which has them
     * anyway. A global and not an import: a module shared by entry.client and a page's code is split
     * into a file of its own that every page then loads (decision 071).
     */
    reactIslandRoots?: { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot };
  }
}

export {};
