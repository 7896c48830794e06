import fs from "node:fs";
import path from "node:path";

/**
 * What the server and the admin command line create is theirs alone: the embedded database's files
 * (from which another user of the machine could read the session secret and forge an owner's
 * session), stored files, the outbox's reset links, temp files, the admin socket. Set as the
 * process's umask at start, so that it holds for what libraries create too (PGlite's files).
 */
export const PRIVATE_UMASK = 0o077;

/** Creates `folder` (and any missing parents) readable by the process's user alone. */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
}

/**
 * Takes back to the owner alone whatever is under `folder`: PGlite sets its files' modes itself (0666
 * and 0644, past the umask) when it makes a database, which the folder's own mode (0700) already
 * keeps from other users; this makes the files say so too, should the folder ever be opened.
 */
export function makePrivateTree(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const at = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(at, 0o700);
    else if (entry.isFile()) fs.chmodSync(at, 0o600);
  }
  fs.chmodSync(folder, 0o700);
}

/**
 * The folders of a data folder that other users of the machine may enter or read: the data folder
 * itself and each folder in it (an install from before they were made private, a copy made with
 * another umask), with their modes.
 */
export function foldersOpenToOthers(folders: string[]): { folder: string; mode: string }[] {
  const open: { folder: string; mode: string }[] = [];
  for (const folder of folders) {
    const candidates = [folder];
    try {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) candidates.push(path.join(folder, entry.name));
      }
    } catch {
      continue;
    }
    for (const candidate of candidates) {
      const mode = fs.statSync(candidate, { throwIfNoEntry: false })?.mode;
      if (mode !== undefined && (mode & 0o077) !== 0) {
        open.push({ folder: candidate, mode: (mode & 0o777).toString(8).padStart(4, "0") });
      }
    }
  }
  return open;
}
