/**
 * Two revisions of the site side by side on pages the cache cannot answer: which one spends less CPU
 * on a page. `npm run bench:compare -- <revision>` (a commit, a branch, a tag) against the working tree.
 *
 * On a shared machine the CPU's speed drifts by a third within minutes (another tenant's load, the
 * hypervisor taking time), so two runs of `bench:uncached` one after the other can differ by more
 * than the change they compare. Here both servers run at once, each on its own copy of one 10,000
 * product catalog, and take turns: a burst of 300 distinct pages of one scenario to one, the same
 * pages to the other, in alternating order, eight times. What the drift does to one it does to the
 * other; the ratio of their CPU per page is what the change did.
 *
 * The revision is checked out into a temporary worktree and built there, with this checkout's
 * node_modules and on a catalog this checkout makes: compare revisions with the same dependencies and
 * database migrations. The working tree is built too unless `--no-build`. The scenarios are those of
 * `bench:uncached` and the about and home pages of `bench:rendered`, each page made distinct by a
 * tracker's parameter that the page does not read (so it is rendered, and never kept by the page cache).
 *
 * `npm run bench:compare -- --languages` compares this tree with itself, English alone against the
 * site with the demo owner's five other languages (decision 086): what they cost a page in English
 * (its alternate addresses, its language switcher).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminEnv } from "../tests/support/http";
import { startServer, type RunningServer } from "../tests/support/server";
import { createRandom } from "../demo/random";
import { generateCatalog } from "./lib/catalog";
import { cpuTimeMs } from "./lib/cpu";
import { buildSite, giveSiteLanguages, root, writeResult } from "./lib/site";
import { percentile, round } from "./lib/stats";
import { askEachOnce, scenarioHeaders, scenarioUrls } from "./uncached";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 8);
const BURST = Number(process.env.BENCH_COMPARE_BURST ?? 300);
const WARM_UP = Number(process.env.BENCH_COMPARE_WARM_UP ?? 600);

interface Tally {
  cpuMs: number;
  requests: number;
  seconds: number;
  p99Ms: number[];
}

export interface ComparedScenario {
  scenario: string;
  /** CPU ms per page of the revision compared against, then of this one. */
  baselineCpuMs: number;
  currentCpuMs: number;
  /** currentCpuMs ÷ baselineCpuMs: below 1, this tree spends less. */
  ratio: number;
  baselineRequestsPerSecond: number;
  currentRequestsPerSecond: number;
  /** The median of the bursts' p99 latencies, ms. */
  baselineP99Ms: number;
  currentP99Ms: number;
}

/** Asks `side` for each path once, 20 at a time, with `headers`, and adds what it cost to `tally`. */
async function burst(side: RunningServer, paths: string[], tally?: Tally, headers: Record<string, string> = {}) {
  const cpuBefore = cpuTimeMs(side.pid);
  const { result } = await askEachOnce(side, paths, { requestHeaders: headers });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${side.url}: ${failed} of ${paths.length} requests failed`);
  if (!tally) return;
  tally.cpuMs += cpuTimeMs(side.pid) - cpuBefore;
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.p99Ms.push(result.latency.p99);
}

/**
 * `count` pages from `paths`, from `start` on (round again if they run out), each made distinct for
 * `round` by a tracker's parameter, which the site renders and never caches.
 */
function tracked(paths: string[], start: number, count: number, round: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const page = paths[(start + index) % paths.length] ?? "/";
    return `${page}${page.includes("?") ? "&" : "?"}utm_source=compare&utm_id=${round}.${index}`;
  });
}

/** A worktree of `revision`, built; removed by the returned function. */
function builtWorktree(revision: string): { checkout: string; remove: () => void } {
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-compare-"));
  execFileSync("git", ["worktree", "add", "--detach", checkout, revision], { cwd: root, stdio: "ignore" });
  const remove = () => {
    execFileSync("git", ["worktree", "remove", "--force", checkout], { cwd: root, stdio: "ignore" });
    fs.rmSync(checkout, { recursive: true, force: true });
  };
  try {
    fs.symlinkSync(path.join(root, "node_modules"), path.join(checkout, "node_modules"));
    const built = spawnSync(process.execPath, [path.join(checkout, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: checkout,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (built.status !== 0) throw new Error(`${revision} did not build`);
    return { checkout, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * This tree against `revision`, or, with `languages`, this tree with English alone against itself
 * with five other languages.
 */
export async function compareWith(revision: string, languages = false): Promise<ComparedScenario[]> {
  const baseline: { checkout?: string; remove: () => void } = languages
    ? { remove: () => undefined }
    : builtWorktree(revision);
  const dataDirs: string[] = [];
  const sides: RunningServer[] = [];
  try {
    const catalog = await generateCatalog(PRODUCTS);
    dataDirs.push(catalog);
    for (const name of ["baseline", "current"]) {
      dataDirs.push(`${catalog}-${name}`);
      fs.cpSync(catalog, `${catalog}-${name}`, { recursive: true });
    }
    // Each serves its copy, which it leaves in place when it stops: the `finally` removes them.
    sides.push(
      await startServer(
        { ...adminEnv(), DATA_DIR: dataDirs[1] ?? "" },
        baseline.checkout ? { checkout: baseline.checkout } : {},
      ),
    );
    sides.push(await startServer({ ...adminEnv(), DATA_DIR: dataDirs[2] ?? "" }));
    if (languages) await giveSiteLanguages(sides[1] as RunningServer);
    const urls: Record<string, string[]> = {
      ...(await scenarioUrls(sides[1] as RunningServer, createRandom(20_261_127).next, ROUNDS * BURST)),
      // The pages `bench:rendered` measures, each asked for with distinct parameters.
      "about page": ["/about"],
      "home page": ["/"],
    };
    // Both servers first render pages of every kind, none of them measured: their code compiled.
    const warmUp = Object.values(urls).flatMap((paths) => tracked(paths, 0, WARM_UP, -1));
    for (const side of sides) await burst(side, warmUp);

    const compared: ComparedScenario[] = [];
    for (const [scenario, paths] of Object.entries(urls)) {
      const tallies: Tally[] = sides.map(() => ({ cpuMs: 0, requests: 0, seconds: 0, p99Ms: [] }));
      for (let round = 0; round < ROUNDS; round += 1) {
        const pages = tracked(paths, round * BURST, BURST, round);
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const index of order) {
          await burst(sides[index] as RunningServer, pages, tallies[index], scenarioHeaders(scenario));
        }
      }
      const [before, after] = tallies as [Tally, Tally];
      const cpu = (tally: Tally) => tally.cpuMs / Math.max(1, tally.requests);
      compared.push({
        scenario,
        baselineCpuMs: round(cpu(before)),
        currentCpuMs: round(cpu(after)),
        ratio: round(cpu(after) / cpu(before), 3),
        baselineRequestsPerSecond: Math.round(before.requests / before.seconds),
        currentRequestsPerSecond: Math.round(after.requests / after.seconds),
        baselineP99Ms: percentile(before.p99Ms, 0.5),
        currentP99Ms: percentile(after.p99Ms, 0.5),
      });
      console.log(`${revision} → working tree · ${JSON.stringify(compared.at(-1))}`);
    }
    return compared;
  } finally {
    await Promise.all(sides.map((side) => side.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    baseline.remove();
  }
}

if (import.meta.filename === process.argv[1]) {
  const languages = process.argv.includes("--languages");
  const revision = languages ? "English alone" : process.argv.slice(2).find((argument) => !argument.startsWith("--"));
  if (!revision) throw new Error("Usage: npm run bench:compare -- <revision> | --languages [--no-build]");
  if (!process.argv.includes("--no-build")) buildSite();
  writeResult("compare", {
    revision,
    products: PRODUCTS,
    rounds: ROUNDS,
    burst: BURST,
    scenarios: await compareWith(revision, languages),
  });
}
