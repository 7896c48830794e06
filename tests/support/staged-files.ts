import type { FileRow } from "#app/server/files.server";
import type { Runtime } from "#app/server/runtime.server";

/** Uploads `text` as a plain file named `name` through the file service, as the upload endpoint does. */
export function stageText(runtime: Runtime, name: string, text: string): Promise<FileRow> {
  return runtime.files.stage({
    body: (async function* () {
      yield new TextEncoder().encode(text);
    })(),
    originalName: name,
    uploadedBy: null,
    requireImage: false,
  });
}
