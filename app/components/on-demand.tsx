import { useEffect, useRef, useState, type ComponentType } from "react";
import type { createRoot, hydrateRoot, Root } from "react-dom/client";

/**
 * A component whose code the browser fetches only when the visitor comes near it (decision 071): an
 * island, its own React root in a place the page's React leaves alone. The server renders the
 * component's HTML (`html`, from a loader) into the place; the browser keeps it (a plain form that
 * works without the code) until the visitor comes within a screen of it, focuses or touches it, and
 * then the code hydrates it. Its own root, because a part of the page's tree left waiting to hydrate would hold
 * every update of the page (React hydrates such a part before a change of context reaches it, and
 * the router's contexts change at every navigation and fetch). After a client-side navigation there
 * is no server HTML: the code is fetched at once and renders the place.
 */
export function OnDemand<Props extends object>({
  load,
  props,
  html,
}: {
  /** A module-level function, the same at every render. */
  load: () => Promise<{ default: ComponentType<Props> }>;
  props: Props;
  /** The component's HTML as the server rendered it with `props` (`renderFragment`). */
  html: string;
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

  // The same HTML on the server and in the browser: the page's React hydrates the place as it is and,
  // while `html` stays the same (a new one is a new place: its key), never writes into it again.
  return <div ref={place} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The component's code and React's roots, once fetched. */
interface Loaded<Props extends object> {
  Component: ComponentType<Props>;
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}
