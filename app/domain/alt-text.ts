/**
 * Descriptions of images for people who cannot see them (the `alt` attribute). Screen readers read
 * them out in one go, so they are kept to a sentence or two.
 */
export const MAX_ALT_TEXT_LENGTH = 250;

export const ALT_TEXT_LABEL = "Image description (alt text)";

export const ALT_TEXT_TOO_LONG = `At most ${MAX_ALT_TEXT_LENGTH} characters`;

/** As stored: trimmed, and any run of white space (a pasted line break) one space; empty for none. */
export function normalizeAltText(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}
