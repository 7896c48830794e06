import type { CropRatio } from "#app/domain/images";

/** Where an upload's bytes are stored: spread over 256 folders by the id's first two characters. */
export function originalKey(fileId: string): string {
  return `${fileId.slice(0, 2)}/${fileId}`;
}

/** Every variant of a file lives under this prefix, so deleting the file deletes them all at once. */
export function variantPrefix(fileId: string): string {
  return `variants/${fileId}/`;
}

/** Cropped variants sit in a folder per shape under the file's prefix, so they go with the file too. */
export function variantKey(fileId: string, width: number, crop?: CropRatio): string {
  return crop ? `${variantPrefix(fileId)}${crop}/${width}` : `${variantPrefix(fileId)}${width}`;
}
