import type { Runtime } from "../runtime.server";

/** Fills an empty database with the demo catalog. Returns whether it loaded anything. */
export async function loadDemoCatalogIfEmpty(_runtime: Runtime): Promise<boolean> {
  return false;
}
