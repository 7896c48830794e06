import type { FileView, ImageView } from "#app/domain/catalog-views";
import { files } from "../db/schema";
import { fileUrl, type FileRow } from "./files.server";

/** The columns of a stored file that `imageView` needs, for a query's select list. */
export const imageFileColumns = {
  id: files.id,
  originalName: files.originalName,
  width: files.width,
  height: files.height,
};

export function imageView(file: Pick<FileRow, "id" | "originalName" | "width" | "height">, alt = ""): ImageView {
  return { id: file.id, fileId: file.id, url: fileUrl(file), width: file.width, height: file.height, alt };
}

export function fileView(file: Pick<FileRow, "id" | "originalName" | "size">): FileView {
  return { id: file.id, url: fileUrl(file), name: file.originalName, size: file.size };
}
