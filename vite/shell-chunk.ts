import type { Rollup } from "vite";

/**
 * A `manualChunks` that puts every module the root route imports (statically, at any depth) in one
 * chunk, "root-shell". Every page loads the root, so no page loads more code than before; left alone,
 * Rollup gives each module the root shares with only some pages a chunk of its own, and every page pays
 * each one's request and gzip overhead (about 120 bytes apiece; decision 006's budget).
 */
export function shellModules(root: RegExp = /\/app\/root\.tsx(?:\?|$)/): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const pending = [...getModuleIds()].filter((moduleId) => root.test(moduleId));
      while (pending.length) {
        const moduleId = pending.pop() ?? "";
        if (shell.has(moduleId)) continue;
        shell.add(moduleId);
        pending.push(...(getModuleInfo(moduleId)?.importedIds ?? []));
      }
    }
    return shell.has(id) && !root.test(id) ? "root-shell" : undefined;
  };
}
