// Opens the embedded database in the folder given as the first argument, as a second process would.
import { openDatabase } from "#app/server/db/client.server";

try {
  const handle = await openDatabase({ dataDir: process.argv[2] ?? "" });
  await handle.close();
  console.log("opened");
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
  process.exit(3);
}
