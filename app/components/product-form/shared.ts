import { useCallback, useRef, useState } from "react";
import type { ImageView } from "#app/domain/catalog-views";

export const ALT_TEXT_HINT =
  "Say what the picture shows, for visitors who cannot see it. Left empty, the model name stands in.";

export type StoredImage = Pick<ImageView, "id" | "fileId" | "url" | "alt">;

let itemCounter = 0;
/** A key for a row of a list the admin edits (images, downloads): stable while rows move. */
export const newKey = () => `item-${(itemCounter += 1)}`;

/** Says whether one upload control is busy; each reports under its own key. */
export type BusyReporter = (key: string) => (busy: boolean) => void;

/** Holds submit while any upload runs: each control reports under its own key. */
export function useUploadsBusy(): { busy: boolean; reporter: BusyReporter } {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const callbacks = useRef(new Map<string, (value: boolean) => void>());
  const reporter = useCallback((key: string) => {
    let callback = callbacks.current.get(key);
    if (!callback) {
      callback = (value: boolean) =>
        setBusy((current) => {
          if (current.has(key) === value) return current;
          const next = new Set(current);
          if (value) next.add(key);
          else next.delete(key);
          return next;
        });
      callbacks.current.set(key, callback);
    }
    return callback;
  }, []);
  return { busy: busy.size > 0, reporter };
}
