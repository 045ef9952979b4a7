/**
 * CPU time spent by this process and by a Postgres server, for "CPU per request" next to a
 * throughput figure. On a shared VM throughput swings by a fifth from one run to the next while the
 * CPU a request costs moves much less, so a change of a few microseconds per request shows here
 * first. Linux only (/proc); elsewhere the Postgres figure is undefined.
 */
import { readdirSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/** utime + stime of a process, and of its reaped children when `children` (fields 14-17 of /proc/<pid>/stat). */
function ticksOf(pid: number, children: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is the state (field 3), so field N is fields[N - 3].
    const own = Number(fields[11]) + Number(fields[12]);
    return children ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0; // exited between the listing and the read
  }
}

function parentOf(pid: number): number | undefined {
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  } catch {
    return undefined;
  }
}

/** The postmaster (its pid from postmaster.pid) and every backend it started, in microseconds; backends that exited count through the postmaster's reaped children. */
export function postgresCpuMicros(dataDir: string): number | undefined {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
  let ticks = ticksOf(postmaster, true);
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== postmaster && parentOf(pid) === postmaster) ticks += ticksOf(pid, false);
  }
  return (ticks * 1e6) / TICKS_PER_SECOND;
}

/** This process's CPU (user + system) in microseconds. */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Busy CPU time of the whole machine (every core; /proc/stat: all but idle and iowait), in microseconds. */
export function machineBusyMicros(): number | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const busy = fields.slice(0, 8).reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!;
    return (busy * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * The sandbox's chain nodes started by this process (anvil, a descendant of it), in microseconds:
 * on a machine the benchmark saturates they take their CPU from the service and Postgres.
 */
export function chainNodesCpuMicros(): number {
  const parents = new Map<number, number>();
  const anvils: number[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) parents.set(pid, parent);
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "anvil") anvils.push(pid);
    } catch {
      // exited
    }
  }
  const descends = (pid: number) => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  const ticks = anvils.filter(descends).reduce((sum, pid) => sum + ticksOf(pid, false), 0);
  return (ticks * 1e6) / TICKS_PER_SECOND;
}
