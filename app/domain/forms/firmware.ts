import { z } from "zod";
import { openedVersion } from "./version";
import { FIRMWARE_CHANNELS } from "../firmware";
import { isIsoDay } from "./day";

export const FIRMWARE_NOTES_MAX = 20_000;

export const FIRMWARE_MESSAGES = {
  versionRequired: "Enter the version, such as 2.4.1",
  releasedOnRequired: "Choose the day it was released",
  channelRequired: "Choose the channel: stable or beta",
  productsRequired: "Choose at least one product",
  fileRequired: "Firmware file required (20MB limit)",
  notAnSbom: "The SBOM must be a CycloneDX or SPDX document in JSON",
  tooLong: (max: number) => `At most ${max.toLocaleString("en-US")} characters`,
} as const;

/** A firmware release's form: the browser's comfort and the server's check. */
export function firmwareSchema(mode: "new" | "edit") {
  return z.object({
    releaseVersion: z
      .string(FIRMWARE_MESSAGES.versionRequired)
      .trim()
      .min(1, FIRMWARE_MESSAGES.versionRequired)
      .max(50, FIRMWARE_MESSAGES.tooLong(50)),
    releasedOn: z
      .string(FIRMWARE_MESSAGES.releasedOnRequired)
      .trim()
      .refine(isIsoDay, FIRMWARE_MESSAGES.releasedOnRequired),
    channel: z.enum(FIRMWARE_CHANNELS, FIRMWARE_MESSAGES.channelRequired),
    notes: z.string().max(FIRMWARE_NOTES_MAX, FIRMWARE_MESSAGES.tooLong(FIRMWARE_NOTES_MAX)).optional().default(""),
    fileId:
      mode === "new"
        ? z.string(FIRMWARE_MESSAGES.fileRequired).trim().min(1, FIRMWARE_MESSAGES.fileRequired).max(64)
        : z.string().trim().max(64).optional(),
    /** A newly uploaded SBOM (a staged file), checked by the server to be one. */
    sbomFileId: z.string().trim().max(64).optional(),
    /** An edit's "Remove the SBOM". */
    removeSbom: z.boolean().optional(),
    productIds: z
      .array(z.string().trim().max(64), FIRMWARE_MESSAGES.productsRequired)
      .min(1, FIRMWARE_MESSAGES.productsRequired)
      .max(500),
    version: mode === "edit" ? openedVersion : openedVersion.optional(),
  });
}

export type FirmwareFormValue = z.infer<ReturnType<typeof firmwareSchema>>;
