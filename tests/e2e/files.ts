import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MAX_UPLOAD_BYTES } from "../../app/domain/limits";

let folder: string | undefined;

/**
 * A file one byte over the upload limit, as a path on disk. Chromium reads a path itself; a buffer
 * would first cross the DevTools protocol as base64, which takes about ten seconds for 20 MB.
 * The file is sparse, so it costs no disk space, and goes away with the test process.
 */
export function oversizedFile(name: string): string {
  if (!folder) {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-e2e-files-"));
    process.once("exit", () => fs.rmSync(made, { recursive: true, force: true }));
    folder = made;
  }
  const file = path.join(folder, name);
  if (!fs.existsSync(file)) {
    fs.closeSync(fs.openSync(file, "w"));
    fs.truncateSync(file, MAX_UPLOAD_BYTES + 1);
  }
  return file;
}
