/**
 * Pure table tests of settlement time: schedules across both daylight-saving changes, missed runs,
 * the US federal holiday calendar (observed dates), business-day arithmetic and the sandbox ACH
 * arrival times. No database, no chain.
 */
import { describe, expect, test } from "bun:test";
import { dueInstant, latestRunAtOrBefore, nextRunAfter, scheduleOf, zonedInstant, type Schedule } from "../src/modules/payouts/schedule.ts";
import { addBusinessDays, dateInZone, federalHolidays, isBusinessDay, isFederalHoliday } from "../src/modules/payouts/calendar.ts";
import { defaultBusinessDays, sandboxArrival } from "../src/modules/payouts/providers/sandbox.ts";

const at = (iso: string) => new Date(iso);
const WEEKLY: Schedule = { kind: "weekly_monday" };
const DAILY: Schedule = { kind: "daily" };

describe("weekly_monday: Monday 08:00 America/New_York across daylight saving", () => {
  // 2026: DST starts Sunday March 8, ends Sunday November 1.
  const cases: Array<[string, string, string]> = [
    ["winter, EST (UTC-5)", "2026-02-24T00:00:00.000Z", "2026-03-02T13:00:00.000Z"],
    ["the Monday right after DST starts is 08:00 EDT (UTC-4)", "2026-03-02T13:00:00.000Z", "2026-03-09T12:00:00.000Z"],
    ["from inside the spring-forward Sunday", "2026-03-08T07:30:00.000Z", "2026-03-09T12:00:00.000Z"],
    ["summer, EDT", "2026-07-01T00:00:00.000Z", "2026-07-06T12:00:00.000Z"],
    ["the last EDT Monday", "2026-10-20T00:00:00.000Z", "2026-10-26T12:00:00.000Z"],
    ["the Monday right after DST ends is 08:00 EST again", "2026-10-26T12:00:00.000Z", "2026-11-02T13:00:00.000Z"],
    ["from inside the repeated hour of the fall-back Sunday", "2026-11-01T05:30:00.000Z", "2026-11-02T13:00:00.000Z"],
    ["one millisecond before the instant", "2026-03-09T11:59:59.999Z", "2026-03-09T12:00:00.000Z"],
  ];
  test.each(cases)("%s", (_name, after, expected) => {
    expect(nextRunAfter(WEEKLY, at(after))?.toISOString()).toBe(expected);
  });

  test("consecutive instants over March and November are 7 days apart minus/plus the hour", () => {
    const spring = [at("2026-03-02T13:00:00.000Z")];
    for (let i = 0; i < 2; i++) spring.push(nextRunAfter(WEEKLY, spring.at(-1)!)!);
    expect(spring.map((d) => d.toISOString())).toEqual(["2026-03-02T13:00:00.000Z", "2026-03-09T12:00:00.000Z", "2026-03-16T12:00:00.000Z"]);
    expect(spring[1]!.getTime() - spring[0]!.getTime()).toBe(7 * 86_400_000 - 3_600_000);
    const fall = [at("2026-10-26T12:00:00.000Z")];
    for (let i = 0; i < 2; i++) fall.push(nextRunAfter(WEEKLY, fall.at(-1)!)!);
    expect(fall.map((d) => d.toISOString())).toEqual(["2026-10-26T12:00:00.000Z", "2026-11-02T13:00:00.000Z", "2026-11-09T13:00:00.000Z"]);
    expect(fall[1]!.getTime() - fall[0]!.getTime()).toBe(7 * 86_400_000 + 3_600_000);
  });

  test.each([
    ["exactly at the instant, it is the latest", "2026-03-09T12:00:00.000Z", "2026-03-09T12:00:00.000Z"],
    ["07:59 EDT on the first EDT Monday: still last week's", "2026-03-09T11:59:00.000Z", "2026-03-02T13:00:00.000Z"],
    ["07:30 EST on the first EST Monday: still last week's", "2026-11-02T12:30:00.000Z", "2026-10-26T12:00:00.000Z"],
    ["08:00 EST on the first EST Monday", "2026-11-02T13:00:00.000Z", "2026-11-02T13:00:00.000Z"],
    ["midweek", "2026-11-04T18:00:00.000Z", "2026-11-02T13:00:00.000Z"],
  ])("latest instant: %s", (_name, now, expected) => {
    expect(latestRunAtOrBefore(WEEKLY, at(now))?.toISOString()).toBe(expected);
  });
});

describe("daily: 08:00 America/New_York every day", () => {
  test("across the spring-forward weekend", () => {
    const runs = [nextRunAfter(DAILY, at("2026-03-06T14:00:00.000Z"))!];
    for (let i = 0; i < 3; i++) runs.push(nextRunAfter(DAILY, runs.at(-1)!)!);
    expect(runs.map((d) => d.toISOString())).toEqual([
      "2026-03-07T13:00:00.000Z", // Saturday, EST
      "2026-03-08T12:00:00.000Z", // Sunday: DST started at 02:00, 08:00 is EDT
      "2026-03-09T12:00:00.000Z",
      "2026-03-10T12:00:00.000Z",
    ]);
  });
  test("across the fall-back weekend", () => {
    const runs = [nextRunAfter(DAILY, at("2026-10-30T14:00:00.000Z"))!];
    for (let i = 0; i < 2; i++) runs.push(nextRunAfter(DAILY, runs.at(-1)!)!);
    expect(runs.map((d) => d.toISOString())).toEqual(["2026-10-31T12:00:00.000Z", "2026-11-01T13:00:00.000Z", "2026-11-02T13:00:00.000Z"]);
  });
  test("holidays are run days too (the ACH leg waits for a business day)", () => {
    expect(nextRunAfter(DAILY, at("2026-12-24T14:00:00.000Z"))?.toISOString()).toBe("2026-12-25T13:00:00.000Z");
    expect(nextRunAfter(WEEKLY, at("2026-05-20T00:00:00.000Z"))?.toISOString()).toBe("2026-05-25T12:00:00.000Z"); // Memorial Day
  });
});

describe("custom cron with a time zone", () => {
  test("a time inside the spring-forward gap runs once, at the next existing time", () => {
    const s: Schedule = { kind: "custom", cron: "30 2 * * *", timezone: "America/New_York" };
    const runs = [nextRunAfter(s, at("2026-03-07T00:00:00.000Z"))!];
    for (let i = 0; i < 2; i++) runs.push(nextRunAfter(s, runs.at(-1)!)!);
    expect(runs.map((d) => d.toISOString())).toEqual(["2026-03-07T07:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"]);
  });
  test("a time inside the repeated fall-back hour runs once", () => {
    const s: Schedule = { kind: "custom", cron: "30 1 * * *", timezone: "America/New_York" };
    const runs = [nextRunAfter(s, at("2026-10-31T00:00:00.000Z"))!];
    for (let i = 0; i < 2; i++) runs.push(nextRunAfter(s, runs.at(-1)!)!);
    expect(runs.map((d) => d.toISOString())).toEqual(["2026-10-31T05:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });
  test("another zone and its own DST dates (Europe/Berlin, last Sunday of March)", () => {
    const s: Schedule = { kind: "custom", cron: "0 9 * * 1-5", timezone: "Europe/Berlin" };
    expect(nextRunAfter(s, at("2026-03-27T09:00:00.000Z"))?.toISOString()).toBe("2026-03-30T07:00:00.000Z"); // CEST
    expect(nextRunAfter(s, at("2026-03-26T09:00:00.000Z"))?.toISOString()).toBe("2026-03-27T08:00:00.000Z"); // CET
  });
  test("manual never runs; an invalid custom schedule is treated as manual", () => {
    expect(nextRunAfter({ kind: "manual" }, at("2026-03-01T00:00:00.000Z"))).toBeNull();
    expect(latestRunAtOrBefore({ kind: "manual" }, at("2026-03-01T00:00:00.000Z"))).toBeNull();
    expect(nextRunAfter({ kind: "custom", cron: "not a cron", timezone: "America/New_York" }, at("2026-03-01T00:00:00.000Z"))).toBeNull();
  });
  test("scheduleOf reads the merchant columns", () => {
    expect(scheduleOf({ settlementSchedule: "weekly_monday", settlementCron: null, settlementTimezone: null })).toEqual({ kind: "weekly_monday" });
    expect(scheduleOf({ settlementSchedule: "custom", settlementCron: "0 12 * * *", settlementTimezone: "UTC" })).toEqual({ kind: "custom", cron: "0 12 * * *", timezone: "UTC" });
  });
});

describe("which instant is due", () => {
  const created = at("2026-02-20T00:00:00.000Z");
  test.each([
    ["before the first instant after creation: none", "2026-02-22T00:00:00.000Z", null, null],
    ["right at it", "2026-02-23T13:00:00.000Z", null, "2026-02-23T13:00:00.000Z"],
    ["already run", "2026-02-24T00:00:00.000Z", "2026-02-23T13:00:00.000Z", null],
    ["missed during downtime: the next start runs it", "2026-02-25T10:00:00.000Z", null, "2026-02-23T13:00:00.000Z"],
    ["two missed: only the latest runs (it takes the whole balance)", "2026-03-04T10:00:00.000Z", null, "2026-03-02T13:00:00.000Z"],
    ["the last run was an earlier instant", "2026-03-09T12:00:00.000Z", "2026-03-02T13:00:00.000Z", "2026-03-09T12:00:00.000Z"],
  ])("%s", (_name, now, lastRun, expected) => {
    const due = dueInstant(WEEKLY, at(now), { notBefore: created, lastRun: lastRun ? at(lastRun) : null });
    expect(due?.toISOString() ?? null).toBe(expected);
  });
  test("an instant before the merchant existed is never due", () => {
    expect(dueInstant(WEEKLY, at("2026-02-24T00:00:00.000Z"), { notBefore: at("2026-02-23T14:00:00.000Z"), lastRun: null })).toBeNull();
  });
});

describe("US federal holidays by rule, with observed dates", () => {
  test("2026", () => {
    expect(federalHolidays(2026).map((h) => `${h.observed} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      "2026-01-19 Birthday of Martin Luther King, Jr.",
      "2026-02-16 Washington's Birthday",
      "2026-05-25 Memorial Day",
      "2026-06-19 Juneteenth National Independence Day",
      "2026-07-03 Independence Day", // July 4 is a Saturday
      "2026-09-07 Labor Day",
      "2026-10-12 Columbus Day",
      "2026-11-11 Veterans Day",
      "2026-11-26 Thanksgiving Day",
      "2026-12-25 Christmas Day",
    ]);
  });
  test.each([
    ["2026-07-03", true, "Independence Day observed on Friday"],
    ["2026-07-04", false, "the Saturday itself is a weekend day, not a holiday date"],
    ["2027-07-05", true, "July 4 2027 is a Sunday: observed Monday"],
    ["2027-12-24", true, "Christmas 2027 is a Saturday: observed Friday"],
    ["2027-12-31", true, "New Year's Day 2028 is a Saturday: observed Friday Dec 31 of the year before"],
    ["2021-12-31", true, "New Year's Day 2022 observed"],
    ["2028-11-23", true, "Thanksgiving 2028: fourth Thursday"],
    ["2020-06-19", false, "Juneteenth is a federal holiday from 2021"],
    ["2023-06-19", true, "Juneteenth 2023"],
    ["2026-03-09", false, "an ordinary Monday"],
  ])("%s -> %p (%s)", (date, expected) => {
    expect(isFederalHoliday(date)).toBe(expected);
  });
  test("business days", () => {
    expect(isBusinessDay("2026-03-07")).toBe(false); // Saturday
    expect(isBusinessDay("2026-05-25")).toBe(false); // Memorial Day
    expect(isBusinessDay("2026-05-26")).toBe(true);
  });
  test.each([
    ["2026-03-09", 1, "2026-03-10", "Monday + 1"],
    ["2026-03-06", 1, "2026-03-09", "Friday + 1 skips the weekend"],
    ["2026-03-07", 1, "2026-03-09", "initiated on a Saturday"],
    ["2026-01-16", 1, "2026-01-20", "Friday before MLK Day + 1: skips the weekend and the holiday Monday"],
    ["2026-05-22", 3, "2026-05-28", "Friday before Memorial Day + 3"],
    ["2026-07-02", 1, "2026-07-06", "before the observed Independence Day (Friday July 3)"],
    ["2026-11-25", 2, "2026-11-30", "Wednesday before Thanksgiving + 2"],
    ["2027-12-30", 1, "2028-01-03", "across the New Year's Day observed on Dec 31"],
    ["2026-12-24", 3, "2026-12-30", "Christmas Eve + 3"],
  ])("%s + %d business days = %s (%s)", (from, n, expected) => {
    expect(addBusinessDays(from, n)).toBe(expected);
  });
});

describe("sandbox ACH arrival", () => {
  test("the New York date of an instant", () => {
    expect(dateInZone(at("2026-03-10T03:00:00.000Z"), "America/New_York")).toBe("2026-03-09");
    expect(dateInZone(at("2026-03-10T05:00:00.000Z"), "America/New_York")).toBe("2026-03-10");
  });
  test("09:00 New York on the arrival date, in EST and in EDT", () => {
    expect(zonedInstant("2026-03-06", 9, 0, "America/New_York").toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(zonedInstant("2026-03-09", 9, 0, "America/New_York").toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(zonedInstant("2027-01-01", 9, 0, "America/New_York").toISOString()).toBe("2027-01-01T14:00:00.000Z");
  });
  test.each([
    ["weekly run on Memorial Day (a holiday Monday), 1 day", "2026-05-25T12:00:00.000Z", 1, "2026-05-26", "2026-05-26T13:00:00.000Z"],
    ["Friday 08:00 EST before the spring-forward weekend, 1 day", "2026-03-06T13:00:00.000Z", 1, "2026-03-09", "2026-03-09T13:00:00.000Z"],
    ["Friday before MLK Day, 3 days", "2026-01-16T13:00:00.000Z", 3, "2026-01-22", "2026-01-22T14:00:00.000Z"],
    ["late Sunday evening New York time, already Monday in UTC: counts from Sunday", "2026-03-09T03:00:00.000Z", 1, "2026-03-09", "2026-03-09T13:00:00.000Z"],
    ["Wednesday before Thanksgiving, 2 days", "2026-11-25T13:00:00.000Z", 2, "2026-11-30", "2026-11-30T14:00:00.000Z"],
  ])("%s", (_name, initiated, days, date, completesAt) => {
    const r = sandboxArrival(at(initiated), days);
    expect(r.date).toBe(date);
    expect(r.completesAt.toISOString()).toBe(completesAt);
  });
  test("the default number of business days is 1 to 3 and fixed per key", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const d = defaultBusinessDays(`stl_${i}`);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(3);
      expect(defaultBusinessDays(`stl_${i}`)).toBe(d);
      seen.add(d);
    }
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
});
