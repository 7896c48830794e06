import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isImageType, sniffContentType } from "./sniff.server";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("sniffContentType", () => {
  it("recognises real images by their bytes", async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: "#38bdf8" } });
    expect(sniffContentType(await pixel.clone().png().toBuffer())).toBe("image/png");
    expect(sniffContentType(await pixel.clone().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffContentType(await pixel.clone().webp().toBuffer())).toBe("image/webp");
    expect(sniffContentType(await pixel.clone().gif().toBuffer())).toBe("image/gif");
  });

  it("never calls HTML, SVG or text an image, whatever the file is named", () => {
    expect(sniffContentType(bytes("<!doctype html><script>alert(1)</script>"))).toBe("application/octet-stream");
    expect(sniffContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBe(
      "application/octet-stream",
    );
    expect(isImageType(sniffContentType(bytes("GIF8")))).toBe(false);
  });

  it("recognises common download formats", () => {
    expect(sniffContentType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffContentType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe("application/zip");
  });
});
