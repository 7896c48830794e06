import { z } from "zod";
import { openedVersion } from "./version";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { FileView } from "#app/domain/catalog-views";
import type { PublicationState } from "#app/domain/publication";
import { DOWNLOAD_KIND_VALUES, type DownloadKind } from "#app/domain/download-kinds";

/** Longest description we keep; the support page shows it on one line with the file's name. */
export const DESCRIPTION_MAX = 300;

const description = z
  .string(ADMIN_MESSAGES.descriptionRequired)
  .trim()
  .min(1, ADMIN_MESSAGES.descriptionRequired)
  .max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`);

/**
 * A general download (requirements §5): description required, a file required. The file is staged by the
 * upload endpoint (which enforces the 20,000,000-byte limit) and arrives here as its id.
 */
const kind = z.enum(DOWNLOAD_KIND_VALUES, ADMIN_MESSAGES.downloadKind);

export const newDownloadSchema = z.object({
  description,
  kind: kind.default("other"),
  fileId: z.string(ADMIN_MESSAGES.downloadFileRequired).trim().min(1, ADMIN_MESSAGES.downloadFileRequired),
});

/** Editing one: a new description, optionally a replacement file, and the version it was opened at. */
export const editDownloadSchema = z.object({
  description,
  /** Absent: it keeps its kind. */
  kind: kind.optional(),
  fileId: z.string().trim().optional(),
  version: openedVersion,
});

export type NewDownloadInput = z.infer<typeof newDownloadSchema>;
export type EditDownloadInput = z.infer<typeof editDownloadSchema>;

/** A general download as the dashboard shows and edits it. */
export interface AdminDownload {
  id: string;
  description: string;
  kind: DownloadKind;
  version: number;
  file: FileView;
  publication: PublicationState;
}
