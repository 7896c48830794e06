import type { ServerBuild } from "react-router";

/** The React Router build bundled beside this module. */
export async function loadBuild(): Promise<ServerBuild> {
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}
