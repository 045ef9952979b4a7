/**
 * US banking calendar for ACH arrival dates: weekends and US federal holidays are not business
 * days. Holidays are computed by rule (5 U.S.C. 6103), with their observed dates: a holiday on a
 * Saturday is observed the Friday before, one on a Sunday the Monday after (so New Year's Day
 * 2022, a Saturday, is observed on Friday 2021-12-31).
 *
 * Dates here are calendar dates ("YYYY-MM-DD"), not instants: the arithmetic is on plain day
 * numbers (no time zone). Which date an instant falls on is `dateInZone` (ICU via Intl).
 *
 * Note: the Federal Reserve's ACH calendar differs on one point: when a holiday falls on a
 * Saturday the Fed stays open the Friday before. The sandbox follows the federal (OPM) observed
 * dates named in the brief; a real payout provider reports its own arrival dates.
 */

export type IsoDate = string; // YYYY-MM-DD

const DAY_MS = 86_400_000;

function toDay(date: IsoDate): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

function fromDay(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function ymd(year: number, month: number, day: number): IsoDate {
  return fromDay(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return new Date(toDay(date) * DAY_MS).getUTCDay();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDay(toDay(date) + days);
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, dow: number, n: number): IsoDate {
  const first = ymd(year, month, 1);
  const offset = (dow - weekday(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, dow: number): IsoDate {
  const last = addDays(ymd(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
  const back = (weekday(last) - dow + 7) % 7;
  return addDays(last, -back);
}

/** Saturday -> the Friday before, Sunday -> the Monday after, else the date itself. */
function observed(date: IsoDate): IsoDate {
  const d = weekday(date);
  return d === 6 ? addDays(date, -1) : d === 0 ? addDays(date, 1) : date;
}

export interface Holiday {
  name: string;
  /** The legal date. */
  date: IsoDate;
  /** The day it is observed (differs when the date is a weekend day). */
  observed: IsoDate;
}

/** The federal holidays of `year` by their legal date (their observed date may fall in year - 1). */
export function federalHolidays(year: number): Holiday[] {
  const MON = 1;
  const THU = 4;
  const fixed = (name: string, month: number, day: number): Holiday => {
    const date = ymd(year, month, day);
    return { name, date, observed: observed(date) };
  };
  const floating = (name: string, date: IsoDate): Holiday => ({ name, date, observed: date });
  const list: Holiday[] = [
    fixed("New Year's Day", 1, 1),
    floating("Birthday of Martin Luther King, Jr.", nthWeekday(year, 1, MON, 3)),
    floating("Washington's Birthday", nthWeekday(year, 2, MON, 3)),
    floating("Memorial Day", lastWeekday(year, 5, MON)),
    ...(year >= 2021 ? [fixed("Juneteenth National Independence Day", 6, 19)] : []),
    fixed("Independence Day", 7, 4),
    floating("Labor Day", nthWeekday(year, 9, MON, 1)),
    floating("Columbus Day", nthWeekday(year, 10, MON, 2)),
    fixed("Veterans Day", 11, 11),
    floating("Thanksgiving Day", nthWeekday(year, 11, THU, 4)),
    fixed("Christmas Day", 12, 25),
  ];
  return list;
}

const observedCache = new Map<number, Set<IsoDate>>();

/** Observed holiday dates falling in `year` (including next year's New Year's Day observed on Dec 31). */
function observedIn(year: number): Set<IsoDate> {
  let set = observedCache.get(year);
  if (!set) {
    set = new Set<IsoDate>();
    for (const y of [year - 1, year, year + 1]) for (const h of federalHolidays(y)) if (h.observed.startsWith(`${year}-`)) set.add(h.observed);
    observedCache.set(year, set);
  }
  return set;
}

export function isFederalHoliday(date: IsoDate): boolean {
  return observedIn(Number(date.slice(0, 4))).has(date);
}

export function isBusinessDay(date: IsoDate): boolean {
  const d = weekday(date);
  return d !== 0 && d !== 6 && !isFederalHoliday(date);
}

/** The n-th business day after `date` (n >= 1; `date` itself never counts). */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 1) throw new RangeError("n must be a positive integer");
  let d = date;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** The calendar date of an instant in a time zone (ICU data through Intl). */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}
