import { useEffect, useRef, useState, type ComponentType } from "react";
import type { createRoot, hydrateRoot, Root } from "react-dom/client";

/**
 * A component whose code the browser fetches only when the visitor comes near it (decision 071): an
 * island, its own React root in a place the page's React leaves alone. The server renders the
 * component in the place; the browser keeps that HTML (a plain form that works without the code)
 * until the visitor comes within a screen of it, focuses or touches it, and then the code hydrates it. Its own root, because a part of the page's tree left waiting to hydrate would hold
 * every update of the page (React hydrates such a part before a change of context reaches it, and
 * the router's contexts change at every navigation and fetch). After a client-side navigation there
 * is no server HTML: the code is fetched at once and renders the place.
 */
export function OnDemand<Props extends object>({
  load,
  server,
  props,
}: {
  /** A module-level function, the same at every render. */
  load: () => Promise<{ default: ComponentType<Props> }>;
  /** The component itself, on the server only (where it is rendered in place). */
  server: ComponentType<Props> | undefined;
  props: Props;
}) {
  const place = useRef<HTMLDivElement>(null);
  const island = useRef<Root | null>(null);
  /** The props the island was last given: hydrating, it must not be given others before it is done. */
  const shown = useRef(props);
  const [loaded, setLoaded] = useState<Loaded<Props> | null>(null);

  useEffect(() => {
    const element = place.current;
    if (!element) return;
    let asked = false;
    const ask = () => {
      if (asked) return;
      asked = true;
      void load().then((module) => {
        // React's roots, as entry.client hands them over (app/island-roots.d.ts).
        const roots = window.reactIslandRoots;
        if (roots) setLoaded({ Component: module.default, ...roots });
      });
    };
    if (!element.firstElementChild || typeof IntersectionObserver === "undefined") {
      ask();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) ask();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    element.addEventListener("focusin", ask, { once: true });
    element.addEventListener("pointerdown", ask, { once: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", ask);
      element.removeEventListener("pointerdown", ask);
    };
  }, [load]);

  useEffect(() => {
    const element = place.current;
    if (!loaded || !element) return;
    const { Component, createRoot, hydrateRoot } = loaded;
    const rendered = <Component {...shown.current} />;
    let root: Root;
    if (element.firstElementChild) root = hydrateRoot(element, rendered);
    else {
      root = createRoot(element);
      root.render(rendered);
    }
    island.current = root;
    return () => {
      island.current = null;
      // Not while the page's React is committing: a root is unmounted after it.
      setTimeout(() => root.unmount());
    };
  }, [loaded]);

  useEffect(() => {
    if (!loaded || !island.current || shown.current === props) return;
    shown.current = props;
    const { Component } = loaded;
    island.current.render(<Component {...props} />);
  }, [loaded, props]);

  if (server) {
    const Server = server;
    return (
      <div ref={place}>
        <Server {...props} />
      </div>
    );
  }
  // The page's React takes the place as the server wrote it and never writes into it: what it holds
  // is the island's (an empty inner HTML is left alone in hydrating, and never set again after).
  return <div ref={place} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}

/** The component's code and React's roots, once fetched. */
interface Loaded<Props extends object> {
  Component: ComponentType<Props>;
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}
