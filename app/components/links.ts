/**
 * The router's links, which every page imports from here. The browser gets React Router's own; the
 * server renders the same HTML with `./links.server.tsx` (decision 032), to which the server build and
 * the development server resolve this module (`vite/server-links.ts`).
 */
export { Link, NavLink } from "react-router";
