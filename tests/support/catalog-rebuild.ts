import { expect } from "vitest";
import { DataWatch } from "#app/server/platform/data-watch.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { CatalogSnapshot } from "#app/server/site/catalog-snapshot.server";

/** Fails unless the catalog the runtime changed in place equals one built afresh from the database. */
export async function expectCatalogAsRebuilt(runtime: Runtime): Promise<void> {
  expect(await runtime.catalogSnapshot.describe()).toEqual(
    await new CatalogSnapshot(runtime.database.db, new DataWatch()).describe(),
  );
}
