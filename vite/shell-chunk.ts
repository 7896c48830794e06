import type { Rollup } from "vite";

/**
 * A `manualChunks` that puts every module the root route imports (statically, at any depth) in one
 * chunk, "root-shell". Every page loads the root, so no page loads more code than before; left alone,
 * Rollup gives each module the root shares with only some pages a chunk of its own, and every page pays
 * each one's request and gzip overhead (about 120 bytes apiece; decision 006's budget).
 *
 * `shared` names modules most public pages import without the root (and what they import): they join
 * the shell too. The few pages without them load a little more, and the pages the budget binds
 * tightest, which have them all, a few hundred bytes less (decision 082).
 */
export function shellModules(
  root: RegExp = /\/app\/root\.tsx(?:\?|$)/,
  shared: readonly RegExp[] = [],
): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const ids = [...getModuleIds()];
      // A module renamed or moved would otherwise leave the shell without it, silently.
      const unmatched = shared.filter((pattern) => !ids.some((moduleId) => pattern.test(moduleId)));
      if (unmatched.length > 0) throw new Error(`No module matches ${unmatched.join(", ")} (shellModules)`);
      const pending = ids.filter((moduleId) => root.test(moduleId) || shared.some((pattern) => pattern.test(moduleId)));
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
