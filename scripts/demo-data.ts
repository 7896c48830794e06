// `npm run demo`: loads the demo catalog into an empty database (the one DATA_DIR or DATABASE_URL names).
import { DatabaseInUseError } from "#app/server/db/client.server";
import { DEMO_CATALOG } from "../demo/demo-catalog";
import { loadDemoCatalogIfEmpty } from "../demo/load";
import { EnvError, getEnv } from "#app/server/platform/env.server";
import { createLogger } from "#app/server/platform/logger.server";
import { startRuntime } from "#app/server/runtime/runtime.server";

async function main(): Promise<void> {
  const env = getEnv();
  const runtime = await startRuntime(env, createLogger("warn"));
  try {
    const startedAt = performance.now();
    const loaded = await loadDemoCatalogIfEmpty(runtime);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    if (loaded) {
      const { categories, products, generalDownloads, infoItems } = DEMO_CATALOG;
      console.log(
        `Loaded the demo catalog in ${seconds} s: ${categories.length} categories, ${products.length} products, ` +
          `${generalDownloads.length} general downloads, ${infoItems.length} home-page items.`,
      );
    } else {
      console.log("The database already has data, so the demo catalog was not loaded.");
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DatabaseInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
