import { createHash } from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { extract as tarExtract, pack as tarPack } from "tar-stream";

/** Every entry of a backup archive, in order, with its bytes: for archives of a few megabytes. */
export async function readBackupEntries(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const extract = tarExtract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

/** An entry of an archive a test writes: its bytes, or a size and a piece repeated to fill it. */
export interface CraftedEntry {
  name: string;
  bytes?: Buffer;
  /** With `fill`: an entry of this many bytes, written without holding them. */
  size?: number;
  fill?: number;
  type?: "file" | "symlink" | "directory";
  linkname?: string;
}

/**
 * Writes a gzipped tar of `entries` as a backup is written, and a `checksums.json` at the end that lists
 * each of them truthfully (with `checksums: false`, none): an archive that passes every check a restore
 * makes of checksums, so only what its entries are can be why it is refused.
 */
export async function writeCraftedArchive(
  file: string,
  entries: CraftedEntry[],
  options: { checksums?: boolean } = {},
): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, zlib.createGzip({ level: 1 }), fs.createWriteStream(file));
  written.catch(() => undefined);
  const sums: Record<string, { sha256: string; size: number }> = {};
  for (const entry of entries) {
    if (entry.type && entry.type !== "file") {
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.name, type: entry.type, linkname: entry.linkname }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      continue;
    }
    const hash = createHash("sha256");
    if (entry.bytes) {
      hash.update(entry.bytes);
      sums[entry.name] = { sha256: hash.digest("hex"), size: entry.bytes.byteLength };
      const bytes = entry.bytes;
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.name, size: bytes.byteLength }, bytes, (error) => (error ? reject(error) : resolve())),
      );
      continue;
    }
    const size = entry.size ?? 0;
    const piece = Buffer.alloc(1024 * 1024, entry.fill ?? 0);
    const stream = pack.entry({ name: entry.name, size });
    await pipeline(async function* () {
      for (let left = size; left > 0; left -= piece.byteLength) {
        const chunk = left >= piece.byteLength ? piece : piece.subarray(0, left);
        hash.update(chunk);
        yield chunk;
      }
    }, stream);
    sums[entry.name] = { sha256: hash.digest("hex"), size };
  }
  if (options.checksums !== false) {
    const list = Buffer.from(JSON.stringify({ entries: sums }));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: "checksums.json", size: list.byteLength }, list, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await written;
}
