import type { ConflictAnswer } from "#app/domain/conflict";
import type { Refusal } from "#app/domain/conflict";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { openedVersion } from "./version";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { ImageView } from "#app/domain/catalog-views";
import { altTextField } from "./alt-text";
import type { Publication, PublicationState } from "#app/domain/publication";
import { isIsoDay } from "./day";
import { INFO_ITEM_PLACES, type InfoItemPlace } from "../info-item-places";

export const INFO_ITEM_TYPES = ["banner", "card", "image", "slide"] as const;
export type InfoItemKind = (typeof INFO_ITEM_TYPES)[number];

const required = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, `At most ${max} characters`);
/** A staged upload's id (FileUpload's hidden input); an empty input arrives as undefined. */
const upload = (message: string) => z.uuid(message);

export const INFO_LINK_MAX = 500;

/**
 * Where an item's "Read more" may lead: a path of this site ("/catalog/products/vnt-d4m", not
 * "//elsewhere", which a browser reads as another site) or a web address.
 */
export function isInfoItemLink(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value);
}

/**
 * What every kind of item has: an optional link, the day it is dated (left empty, a new item is
 * dated today and an edited one keeps its day) and where it shows (absent, as from a form without
 * the choice, a new item goes on the home page and an edited one stays where it was).
 */
const newsFields = {
  link: z
    .string()
    .trim()
    .max(INFO_LINK_MAX, `At most ${INFO_LINK_MAX} characters`)
    .refine(isInfoItemLink, ADMIN_MESSAGES.infoLink)
    .optional(),
  datedOn: z.string(ADMIN_MESSAGES.infoDate).trim().refine(isIsoDay, ADMIN_MESSAGES.infoDate).optional(),
  shownOn: z.enum(INFO_ITEM_PLACES).optional(),
};

/**
 * requirements §5's rules for a banner, card or image: one schema per type, shared by the browser (conform)
 * and the server. In an edit form the image may stay as it is, so an image item's upload is optional.
 */
export function infoItemSchema(type: InfoItemKind, mode: "create" | "edit") {
  // Only in an edit form: a save without it is taken for one over a newer version.
  const version = openedVersion.optional();
  switch (type) {
    case "banner":
      return z.object({ content: required(ADMIN_MESSAGES.contentRequiredBanner, 2000), ...newsFields, version });
    case "image":
      return z.object({
        imageFileId:
          mode === "create"
            ? upload(ADMIN_MESSAGES.imageRequiredInfo)
            : upload(ADMIN_MESSAGES.imageRequiredInfo).optional(),
        imageAlt: altTextField,
        ...newsFields,
        version,
      });
    case "card":
      return z.object({
        heading: required(ADMIN_MESSAGES.headingRequired, 200),
        content: required(ADMIN_MESSAGES.contentRequired, 5000),
        imageFileId: upload(ADMIN_MESSAGES.cardImage).optional(),
        imageAlt: altTextField,
        // Edit only: drop the card's current picture (a new upload replaces it anyway).
        removeImage: z.literal("on").optional(),
        ...newsFields,
        version,
      });
    case "slide":
      // A slide of the home page's carousel: not news, so no day and no place, and its link is its button.
      return z.object({
        eyebrow: z.string().trim().max(60, "At most 60 characters").optional(),
        heading: required(ADMIN_MESSAGES.headingRequired, 120),
        content: required(ADMIN_MESSAGES.contentRequired, 300),
        imageFileId:
          mode === "create"
            ? upload(ADMIN_MESSAGES.imageRequiredInfo)
            : upload(ADMIN_MESSAGES.imageRequiredInfo).optional(),
        imageAlt: altTextField,
        linkLabel: required(ADMIN_MESSAGES.slideLabelRequired, 40),
        link: z
          .string(ADMIN_MESSAGES.slideLinkRequired)
          .trim()
          .max(INFO_LINK_MAX, `At most ${INFO_LINK_MAX} characters`)
          .refine(isInfoItemLink, ADMIN_MESSAGES.infoLink),
        version,
      });
  }
}

export type InfoItemInput = {
  heading?: string;
  content?: string;
  imageFileId?: string;
  imageAlt?: string;
  removeImage?: "on";
  /** Absent: none. */
  link?: string;
  /** A slide's button's words and the short line above its heading. */
  linkLabel?: string;
  eyebrow?: string;
  /** Absent: a new item is dated today, an edited one keeps its day. */
  datedOn?: string;
  /** Absent: a new item goes on the home page, an edited one stays where it was. */
  shownOn?: InfoItemPlace;
  /** Absent: an edit keeps what the item has, a new item is published. */
  publication?: Publication;
};

/** How the dashboard names each kind of item. */
export const INFO_ITEM_TYPE_NAMES: Record<InfoItemKind, string> = {
  banner: "Banner",
  card: "Card",
  image: "Image",
  slide: "Slide",
};

/** How the audit log names an item: its heading, else the start of its text, else its kind. */
export function infoItemLabel(
  type: InfoItemKind,
  heading: string | null | undefined,
  content: string | null | undefined,
): string {
  const words = (heading || content || "").replace(/\s+/g, " ").trim();
  const kind = INFO_ITEM_TYPE_NAMES[type];
  return words ? `${kind}: ${words.length > 80 ? `${words.slice(0, 79)}…` : words}` : kind;
}

export function isInfoItemType(value: unknown): value is InfoItemKind {
  return typeof value === "string" && (INFO_ITEM_TYPES as readonly string[]).includes(value);
}

/** A info item as pages show it. */
export interface InfoItemView {
  id: string;
  type: InfoItemKind;
  heading: string | null;
  content: string | null;
  /** `alt` is the image's description as stored, "" for none. */
  image: Omit<ImageView, "id"> | null;
  /** Where "Read more" (a slide's button) leads, if anywhere: a path of this site or a web address. */
  link: string | null;
  /** A slide's button's words and the short line above its heading; null for other kinds. */
  linkLabel: string | null;
  eyebrow: string | null;
  /** The day it is dated (YYYY-MM-DD): News lists items by it. */
  datedOn: string;
  /** Off the home page, it is on News alone. */
  onHomePage: boolean;
  /** Where the item stands: when it was added or last moved to the top. */
  sortAt: string;
  createdAt: string;
  /** The last edit of its text or picture (moving it is not one). */
  updatedAt: string;
  /** The home page shows published items only; the dashboard shows every one with its status. */
  publication: PublicationState;
}

/** An item with the version an edit form was opened on (optimistic concurrency). */
export type InfoItemRecord = InfoItemView & { version: number };

/** The answer of the home page's admin action, read by the home-admin tools. */
export type InfoActionResult =
  | { status: "invalid" | "saved"; result: SubmissionResult<string[]> }
  | ConflictAnswer<InfoItemRecord>
  | { status: "done" }
  | Refusal;
