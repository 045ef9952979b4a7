/**
 * Whether the database answers, as far as the service knows: the one place the API asks before it
 * waits on the database.
 *
 * A frozen or unreachable database makes every query wait (a pooled connection's query for ever, a
 * new connection for the 5 s connect timeout), so every API call used to take the full request
 * deadline before its 503, call after call, for the whole outage. Instead, once something suggests
 * the database is away (a request went over its deadline, a query failed as "unavailable", /ready's
 * check failed), a probe on a fresh connection with a short timeout decides; when it fails the
 * database is marked unreachable, the API answers 503 at once, and the probe runs again every
 * PROBE_INTERVAL_MS in the background until the database answers. While it is reachable nothing
 * is probed, so this costs nothing in normal running.
 */
import postgres from "postgres";
import { within } from "../lib/timeout.ts";

export interface DatabaseHealth {
  /** False from a failed probe until a probe succeeds again. */
  readonly reachable: boolean;
  /**
   * The database may be away (a deadline passed, a query failed as "unavailable"): probe it now,
   * in the background. Cheap to call often: one probe at a time.
   */
  suspect(): void;
  /**
   * The probe in flight, while the database is suspected but not yet known away (at most
   * PROBE_TIMEOUT_MS): a request that arrives meanwhile waits for its verdict instead of queueing on
   * the pool until its own deadline (5 s). Undefined when no probe runs.
   */
  readonly checking: Promise<void> | undefined;
  /** Stops probing (the pools are closing). */
  close(): void;
}

/** A probe that takes longer than this counts as a failure: a healthy server answers in milliseconds. */
export const PROBE_TIMEOUT_MS = 1_000;
/** How often a database marked unreachable is probed again. */
export const PROBE_INTERVAL_MS = 500;

export function databaseHealth(url: string, opts: { onChange?: (reachable: boolean) => void } = {}): DatabaseHealth {
  let reachable = true;
  let probing = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The first probe after a suspicion (not the background ones while it is known away).
  let checking: Promise<void> | undefined;

  const probe = async () => {
    if (probing || closed) return;
    probing = true;
    try {
      const ok = await answers(url);
      if (closed) return;
      if (ok !== reachable) {
        reachable = ok;
        opts.onChange?.(ok);
      }
      // Unreachable: probe again soon; the first success lets the API serve again.
      if (!ok) timer = setTimeout(() => void probe(), PROBE_INTERVAL_MS);
    } finally {
      probing = false;
    }
  };

  return {
    get reachable() {
      return reachable;
    },
    get checking() {
      return checking;
    },
    suspect() {
      if (!reachable || probing || closed) return;
      const p = probe().finally(() => {
        if (checking === p) checking = undefined;
      });
      checking = p;
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * `SELECT 1` on a connection of its own, opened for the probe: the pools' connections may all be
 * stuck in queries on a frozen server, and a probe must not queue behind them.
 */
async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: Math.ceil(PROBE_TIMEOUT_MS / 1000), idle_timeout: 1, onnotice: () => {}, connection: { application_name: "stablepay-health" } });
  try {
    return (await within(PROBE_TIMEOUT_MS, sql`SELECT 1`.then(() => true))) ?? false;
  } finally {
    void sql.end({ timeout: 0 }).catch(() => {});
  }
}
