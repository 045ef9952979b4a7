/**
 * Settlement schedules (docs/contributors.md "Settlement"): when a merchant's automatic run is due.
 *
 * - `weekly_monday`: Monday 08:00 America/New_York, following daylight saving (08:00 EST = 13:00Z
 *   in winter, 08:00 EDT = 12:00Z in summer).
 * - `daily`: every day at 08:00 America/New_York (our choice: the same hour as the weekly run,
 *   weekends and holidays included: the on-chain withdrawal happens then, the ACH leg waits for the
 *   next business day on the provider's side).
 * - `manual`: never automatic (cash-out by the operator CLI / the dashboard, or the sandbox helper).
 * - `custom`: the merchant's cron expression (croner syntax, 5 or 6 fields) in its IANA time zone.
 *
 * All cron and time-zone arithmetic is croner's (a maintained library); nothing here adds hours.
 *
 * Which instant is due: the latest scheduled instant at or before `now` that is not before the
 * merchant existed. A run is keyed by (merchant, instant) in app.settlement_runs, so it happens
 * once per instant however many settlers run; an instant missed while no settler ran is the latest
 * one when a settler starts again, so it runs then. When several instants were missed only the
 * latest runs: a run takes the whole available balance, so one run settles what all would have.
 */
import { Cron } from "croner";
import type { merchants } from "../../db/schema/core.ts";

export const NEW_YORK = "America/New_York";

export type Schedule =
  | { kind: "weekly_monday" }
  | { kind: "daily" }
  | { kind: "manual" }
  | { kind: "custom"; cron: string; timezone: string };

/** croner patterns (seconds first) of the named schedules. */
export const NAMED_SCHEDULES = {
  weekly_monday: { pattern: "0 0 8 * * MON", timezone: NEW_YORK },
  daily: { pattern: "0 0 8 * * *", timezone: NEW_YORK },
} as const;

type MerchantScheduleFields = Pick<typeof merchants.$inferSelect, "settlementSchedule" | "settlementCron" | "settlementTimezone">;

export function scheduleOf(m: MerchantScheduleFields): Schedule {
  switch (m.settlementSchedule) {
    case "weekly_monday":
    case "daily":
    case "manual":
      return { kind: m.settlementSchedule };
    case "custom":
      if (!m.settlementCron || !m.settlementTimezone) return { kind: "manual" };
      return { kind: "custom", cron: m.settlementCron, timezone: m.settlementTimezone };
  }
}

const cronCache = new Map<string, Cron | null>();

/** The croner job of a schedule (paused: only used to compute instants); null for manual or invalid. */
export function cronOf(s: Schedule): Cron | null {
  if (s.kind === "manual") return null;
  const { pattern, timezone } = s.kind === "custom" ? { pattern: s.cron, timezone: s.timezone } : NAMED_SCHEDULES[s.kind];
  const key = `${timezone}\u0000${pattern}`;
  if (cronCache.has(key)) return cronCache.get(key) ?? null;
  let job: Cron | null;
  try {
    job = new Cron(pattern, { timezone, paused: true });
  } catch {
    job = null; // validated at onboarding; an invalid one is treated as manual (never automatic)
  }
  if (cronCache.size > 10_000) cronCache.clear();
  cronCache.set(key, job);
  return job;
}

/** The first scheduled instant strictly after `after`; null for manual schedules. */
export function nextRunAfter(s: Schedule, after: Date): Date | null {
  return cronOf(s)?.nextRun(after) ?? null;
}

/** The latest scheduled instant at or before `now`; null for manual schedules (or none exists). */
export function latestRunAtOrBefore(s: Schedule, now: Date): Date | null {
  const job = cronOf(s);
  if (!job) return null;
  // croner's previousRuns excludes the reference itself: ask from 1 ms later.
  const [prev] = job.previousRuns(1, new Date(now.getTime() + 1));
  return prev ?? null;
}

/**
 * The instant a run is due for, or null: the latest instant <= now, if it is not before
 * `notBefore` (the merchant's creation) and later than the last instant already run.
 */
export function dueInstant(s: Schedule, now: Date, opts: { notBefore: Date; lastRun: Date | null }): Date | null {
  const at = latestRunAtOrBefore(s, now);
  if (!at) return null;
  if (at.getTime() < opts.notBefore.getTime()) return null;
  if (opts.lastRun && at.getTime() <= opts.lastRun.getTime()) return null;
  return at;
}

/**
 * The instant of a wall-clock time on a calendar date in a time zone (e.g. 09:00 New York on
 * 2026-03-09), through croner: a pattern for that day and time, searched from two days before.
 * On a daylight-saving gap the next existing time is returned (croner's rule).
 */
export function zonedInstant(date: string, hour: number, minute: number, timezone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const job = new Cron(`0 ${minute} ${hour} ${d} ${mo} *`, { timezone, paused: true });
  const from = new Date(Date.UTC(y, mo - 1, d) - 2 * 86_400_000);
  const at = job.nextRun(from);
  if (!at) throw new RangeError(`no ${hour}:${minute} on ${date} in ${timezone}`);
  return at;
}
