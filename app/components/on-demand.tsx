import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";

/**
 * A component whose code the browser fetches only when the visitor comes near it (decision 071):
 * until then React keeps the server's HTML of its Suspense boundary as it is, a plain HTML form that
 * works without the code, and the page's first load carries none of it. The server renders the
 * component itself (see `OnDemand`), never this lazy one.
 */
export function onDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let ask: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    ask = resolve;
  });
  return { Component: lazy(() => asked.then(load)), load: () => ask() };
}

/**
 * Where an on-demand component stands: its code is asked for when the place comes within a screen of
 * the viewport or takes focus or a touch, and at once after a client-side navigation (no server HTML
 * to keep then).
 */
export function OnDemand({ load, children }: { load: () => void; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (!element || element.childElementCount === 0 || typeof IntersectionObserver === "undefined") {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    element.addEventListener("focusin", load, { once: true });
    element.addEventListener("pointerdown", load, { once: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerdown", load);
    };
  }, [load]);
  return (
    <div ref={place}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
