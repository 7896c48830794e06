import fs from "node:fs";

/** Linux counts CPU time in USER_HZ ticks, 100 a second on every architecture it runs on. */
const TICKS_PER_MS = 100 / 1000;

interface ProcessStat {
  parentPid: number;
  cpuTicks: number;
}

function processStat(pid: number): ProcessStat | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { parentPid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * The CPU time, user and system, that a process and its child processes (nginx's worker, say) have
 * used so far, in milliseconds: every thread of a process counts, as the kernel sums them.
 */
export function cpuTimeMs(pid: number): number {
  let ticks = processStat(pid)?.cpuTicks ?? 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const child = processStat(Number(entry));
    if (child?.parentPid === pid) ticks += child.cpuTicks;
  }
  return ticks / TICKS_PER_MS;
}

/** CPU milliseconds a request, to two decimals, of `cpuMs` spent on `requests` requests. */
export function cpuMsPerRequest(cpuMs: number, requests: number): number {
  return Math.round((cpuMs / Math.max(1, requests)) * 100) / 100;
}
