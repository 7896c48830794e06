import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const appFolder = path.dirname(here);

/** The folders in the order README.md's table gives them, top first. */
function layers(): string[] {
  const readme = readFileSync(path.join(here, "README.md"), "utf8");
  return [...readme.matchAll(/^\| `([\w-]+)\/` +\|/gm)].map((match) => match[1] ?? "");
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder of app/server a module specifier names from `file`, if it names one. */
function folderNamed(specifier: string, file: string): string | undefined {
  const target = specifier.startsWith("#app/")
    ? path.join(appFolder, specifier.slice("#app/".length))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(file), specifier)
      : undefined;
  if (!target) return undefined;
  const inside = path.relative(here, target);
  return inside.startsWith("..") || !inside.includes(path.sep) ? undefined : inside.split(path.sep)[0];
}

describe("app/server's folders", () => {
  it("each import only from the folders below them in README.md", () => {
    const order = layers();
    const folders = readdirSync(here, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((folder) => folder.name).sort()).toEqual([...order].sort());
    const upward: string[] = [];
    for (const folder of order) {
      for (const file of sourceFiles(path.join(here, folder))) {
        for (const match of readFileSync(file, "utf8").matchAll(
          /\bfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']/g,
        )) {
          const named = folderNamed(match[1] ?? match[2] ?? "", file);
          if (named && named !== folder && order.indexOf(named) < order.indexOf(folder)) {
            upward.push(`${path.relative(here, file)} imports ${named}/`);
          }
        }
      }
    }
    expect(upward).toEqual([]);
  });
});
