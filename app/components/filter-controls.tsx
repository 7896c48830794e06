import { useState, type ComponentProps } from "react";

/**
 * State that starts as `value` and follows it whenever it changes (Back, a link), changed by the
 * visitor in between: what lets a filter's control stay one element all along, so that focus stays
 * on it when a change to it brings a new page of results.
 */
export function useStateFollowing<T>(value: T): [T, (next: T) => void] {
  const [state, setState] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setState(value);
  }
  return [state, setState];
}

/** A filter's box, ticked as the page's address says (see `useStateFollowing`). */
export function FilterBox({
  checked,
  ...props
}: Omit<ComponentProps<"input">, "type" | "checked" | "defaultChecked" | "onChange"> & { checked: boolean }) {
  const [ticked, setTicked] = useStateFollowing(checked);
  return <input {...props} type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />;
}
