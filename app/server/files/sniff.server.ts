/** How many leading bytes `sniffContentType` needs to see. */
export const SNIFF_BYTES = 32;

const signatures: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/jpeg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/gif", test: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { type: "image/webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  {
    type: "image/avif",
    test: (b) => ascii(b, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(b, 8, 12)),
  },
  { type: "image/bmp", test: (b) => ascii(b, 0, 2) === "BM" && b.length >= 14 },
  {
    type: "image/tiff",
    test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { type: "application/pdf", test: (b) => ascii(b, 0, 5) === "%PDF-" },
  { type: "application/zip", test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  {
    type: "application/x-ole-storage",
    test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  { type: "application/gzip", test: (b) => startsWith(b, [0x1f, 0x8b]) },
];

/**
 * The content type the bytes prove, never the one a client claims. SVG is deliberately not an
 * image here: it can carry script, so it is only ever served as a download.
 */
export function sniffContentType(head: Uint8Array): string {
  return signatures.find((signature) => signature.test(head))?.type ?? "application/octet-stream";
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith("image/");
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((value, index) => bytes[index] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
