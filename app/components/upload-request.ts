import { UPLOAD_ERRORS } from "#app/domain/admin-messages";

/** A file already stored (in an edit form) or just staged by an upload control. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  url: string;
}

/** How an upload ended: the staged file, or the server's status and message (0: no answer). */
export type UploadOutcome = { file: UploadedFile } | { status: number; message: string };

/**
 * Sends one file to the staging endpoint, telling `onProgress` as the bytes go (XMLHttpRequest: fetch
 * reports no upload progress). `abort` stops it; `done` then never settles.
 */
export function sendUpload(
  file: File,
  kind: "image" | "file",
  onProgress: (loaded: number, total: number) => void,
): { done: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    const query = new URLSearchParams({ name: file.name });
    if (kind === "image") query.set("kind", "image");
    xhr.open("POST", `/uploads?${query.toString()}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    xhr.onload = () => {
      if (xhr.status === 201) return resolve({ file: JSON.parse(xhr.responseText) as UploadedFile });
      let message: string = UPLOAD_ERRORS.failed;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // Not our JSON (a proxy's error page): the general message stands.
      }
      resolve({ status: xhr.status, message });
    };
    xhr.onerror = () => resolve({ status: 0, message: UPLOAD_ERRORS.failed });
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
