// The dashboard's words, apart from the public pages' (messages.ts): public pages load only those.
import { RECENTLY_DELETED_DAYS } from "./revisions";

/**
 * What a delete confirmation says of where the record goes: Recently deleted, for as long as it keeps
 * records, and what goes with it. The original's "This cannot be undone!" stopped being true with it.
 */
const goesToRecentlyDeleted = (withWhat?: string) =>
  `It goes to Recently deleted${withWhat ? ` with ${withWhat}` : ""}, where it can be restored for ${RECENTLY_DELETED_DAYS} days.`;

/** The dashboard's messages, worded as requirements §5 and §8 say (beyond-the-original ones marked). */
export const ADMIN_MESSAGES = {
  checkEachInput: "Something went wrong - check each input",
  nameRequired: "Name required",
  categoryExists: (name: string) => `Category "${name}" already exists`,
  noEmptyFeatures: "No empty features / filters",
  categorySubmitFailed: "Error submitting to database",
  categoryDeleteBlocked: (count: number) =>
    `Cannot delete category: contains ${count} product(s). Products are listed for removal`,
  descriptionRequired: "Description required",
  downloadKind: "Choose what the file is: a datasheet, a manual, a certificate, …",
  downloadFileRequired: "File required (20MB limit)",
  downloadUploadFailed: "Error uploading file",
  downloadCreated: "New download ... created successfully.",
  downloadEdited: "Download edited successfully.",
  fileDeleteFailed: "Error deleting file",
  editFailed: "Error submitting edit to database",
  nothingToTranslate: "The English text is empty: there is nothing to translate",
  translationsSaved: "Translations saved.",
  contentRequiredBanner: "Content Required",
  imageRequiredInfo: "Image required (20MB maximum)",
  headingRequired: "Heading required",
  contentRequired: "Content required",
  cardImage: "Must be an image (20MB maximum)",
  infoLink: "A page of this site starting with /, or a web address starting with https://",
  slideLinkRequired: "Where the button leads: a page of this site starting with /, or a web address",
  slideLabelRequired: "Button label required",
  infoDate: "Choose the day the item is dated",
  categoryRequired: "Category required",
  modelRequired: "Model required",
  modelExists: (model: string) => `Product model ${model} already in database`,
  productImageRequired: "Image required (20MB limit)",
  additionalImages: "Check each image (20MB limit)",
  productDownloads: "Check all downloads - each one needs a file (20MB max)",
  excelOnly: "Wrong file type - excel only (*.xls or *.xlsx)",
  imagesOnly: "Wrong format - images only (jpg, png, gif, etc.)",
  imageTooLarge: "Image too large - 20MB maximum file size",
  confirmInfoDelete: `Are you sure? ${goesToRecentlyDeleted()}`,
  productCreated: "created successfully.",
  productDeletedTitle: "Product Deleted",
  productDeleted: "Delete successful.",
  noOtherProducts: "No other products in catalog. Add some!",
  confirmProductDelete: (model: string, hasDownloads: boolean) =>
    `Are you sure you want to delete ${model}? ${goesToRecentlyDeleted(hasDownloads ? "its pictures and download files" : "its pictures")}`,
  confirmCategoryDelete: (name: string) =>
    `Are you sure you want to delete ${name}? ${goesToRecentlyDeleted("its features / filters")}`,
  confirmDownloadDelete: (description: string) =>
    `Are you sure you want to delete ${description}? ${goesToRecentlyDeleted("its file")}`,
  confirmAttributeDelete: (name: string) =>
    `Are you sure you want to delete the attribute ${name}? ${goesToRecentlyDeleted()}`,
  confirmFirmwareDelete: (releaseVersion: string) =>
    `Are you sure you want to delete firmware ${releaseVersion}? ${goesToRecentlyDeleted("its file")}`,
  /** On the screen after a delete, beside its Undo. */
  deletedInto: `It is in Recently deleted for ${RECENTLY_DELETED_DAYS} days.`,
  deletedGone: "It is no longer in Recently deleted: it was restored or purged meanwhile.",
  // Beyond the original: optimistic concurrency (decision 002) and a record deleted meanwhile.
  conflict:
    "Someone else saved a change to this while you were editing. The form now shows their version, and what you typed is kept beside each field it differs in: choose, then save again.",
  gone: "This was deleted by someone else in the meantime.",
  // Beyond the original: the accessory picker searches the catalog as the admin types.
  noAccessoriesChosen: "No accessories chosen.",
  accessoryMatches: (listed: number, total: number) =>
    total === 0
      ? "No product model matches."
      : listed < total
        ? `${total} products match; the first ${listed} are listed. Type more of the model to narrow them.`
        : `${total} ${total === 1 ? "product matches" : "products match"}.`,
  accessoryAdded: (model: string) => `${model} added to the accessories.`,
  accessoryRemoved: (model: string) => `${model} removed from the accessories.`,
} as const;

export const UPLOAD_ERRORS = {
  unauthenticated: "Sign in to upload files.",
  tooLarge: "File too large - 20MB maximum file size",
  notAnImage: "Wrong format - images only (jpg, png, gif, etc.)",
  noName: "The file needs a name.",
  failed: "The upload failed. Check the connection and try again.",
  storageFailed: "The file could not be stored just now. Try again in a few minutes.",
} as const;
