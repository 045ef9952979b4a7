/**
 * When each worker loop of this process last finished a round. A loop wedged inside a round (a
 * statement waiting on a lock for ever, a promise that never settles) logs nothing and fails
 * nothing: only the absence of finished rounds shows it. /health reads `stalledLoops()` (a process
 * manager restarts what it says is dead) and /metrics the time of each role's last round (an alert
 * names the role).
 */
import { processMetrics } from "./metrics.ts";

export interface Heartbeat {
  /** The round finished (whether it succeeded or threw: a failing loop is alive and says why in its logs). */
  beat(outcome: "ok" | "error"): void;
  /** The loop ended (its role stopped): it is no longer watched. */
  end(): void;
}

interface Watched {
  role: string;
  stallAfterMs: number;
  lastRoundAt: number;
}

const watched = new Set<Watched>();

const lastRound = processMetrics.gauge(
  "stablepay_worker_last_round_timestamp_seconds",
  "Unix time at which a worker loop of this process last finished a round, by role (the oldest of the role's loops: the matcher runs one per chain).",
  ["role"],
);
const rounds = processMetrics.counter("stablepay_worker_rounds_total", "Rounds finished by the worker loops of this process, by role and outcome (ok, error).", ["role", "outcome"]);

/** Watches one loop from now on (its start counts as a beat: a loop is given its full allowance for its first round). */
export function watchLoop(role: string, stallAfterMs: number, now: () => number = Date.now): Heartbeat {
  const w: Watched = { role, stallAfterMs, lastRoundAt: now() };
  watched.add(w);
  return {
    beat: (outcome) => {
      w.lastRoundAt = now();
      rounds.inc({ role, outcome });
    },
    end: () => void watched.delete(w),
  };
}

/** The loops of this process that have not finished a round within their allowance. */
export function stalledLoops(now: number = Date.now()): Array<{ role: string; sinceMs: number }> {
  return [...watched].filter((w) => now - w.lastRoundAt > w.stallAfterMs).map((w) => ({ role: w.role, sinceMs: now - w.lastRoundAt }));
}

processMetrics.collector(() => {
  const oldest = new Map<string, number>();
  for (const w of watched) oldest.set(w.role, Math.min(oldest.get(w.role) ?? Infinity, w.lastRoundAt));
  lastRound.reset();
  for (const [role, at] of oldest) lastRound.set({ role }, at / 1000);
});
