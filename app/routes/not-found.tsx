import { data } from "react-router";

export function loader() {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
export const action = loader;
