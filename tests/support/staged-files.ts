import sharp from "sharp";
import type { FileRow } from "#app/server/files/files.server";
import type { Runtime } from "#app/server/runtime/runtime.server";

/** Uploads `bytes` as a file named `name` through the file service, as the upload endpoint does. */
export function stageBytes(runtime: Runtime, name: string, bytes: Uint8Array): Promise<FileRow> {
  return runtime.files.stage({
    body: (async function* () {
      yield bytes;
    })(),
    originalName: name,
    uploadedBy: null,
    requireImage: false,
  });
}

/** Uploads `text` as a plain file named `name`. */
export function stageText(runtime: Runtime, name: string, text: string): Promise<FileRow> {
  return stageBytes(runtime, name, new TextEncoder().encode(text));
}

/** Uploads a small PNG of one `color` named `name`, as the upload endpoint does; returns its id. */
export async function stageImage(runtime: Runtime, name: string, color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 4, height: 3, channels: 3, background: color } })
    .png()
    .toBuffer();
  const row = await runtime.files.stage({
    body: (async function* () {
      yield new Uint8Array(bytes);
    })(),
    originalName: name,
    uploadedBy: null,
    requireImage: true,
  });
  return row.id;
}
