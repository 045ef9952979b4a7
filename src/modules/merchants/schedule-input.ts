/** Settlement schedule as given at onboarding: a named schedule or a cron expression with a time zone. */
import { Cron } from "croner";

export type ScheduleInput =
  | { kind: "weekly_monday" | "daily" | "manual" }
  | { kind: "custom"; cron: string; timezone: string };

/** Parses the CLI form: weekly_monday | daily | manual | "cron:<expr>@<IANA zone>". */
export function parseScheduleInput(text: string): ScheduleInput | string {
  if (text === "weekly_monday" || text === "daily" || text === "manual") return { kind: text };
  const m = /^cron:(.+)@([A-Za-z_]+(?:\/[A-Za-z_+-]+)*|UTC)$/.exec(text.trim());
  if (!m) return `settlement schedule "${text}" must be weekly_monday, daily, manual or cron:<expression>@<time zone>`;
  return { kind: "custom", cron: m[1]!.trim(), timezone: m[2]! };
}

export function validateSchedule(s: ScheduleInput): string | undefined {
  if (s.kind !== "custom") return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: s.timezone });
  } catch {
    return `unknown time zone "${s.timezone}"`;
  }
  try {
    new Cron(s.cron, { timezone: s.timezone, paused: true }).stop();
  } catch (e) {
    return `invalid cron expression "${s.cron}": ${(e as Error).message}`;
  }
  return undefined;
}
