/**
 * Russian working days (a five-day week), for the deadlines calendar's reminder «one working day before».
 *
 * Sources and limits:
 * - Non-working holidays, Labour Code art. 112 part 1: 1-6 and 8 January (New Year holidays), 7 January
 *   (Christmas), 23 February, 8 March, 1 May, 9 May, 12 June, 4 November.
 * - art. 112 part 2: a holiday other than 1-8 January that falls on a Saturday or Sunday moves the day off to
 *   the next working day; the weekends that 1-8 January take are moved by the government's yearly decree.
 * - The government's yearly transfer decrees, for the years known with certainty (KNOWN_YEARS: 2023-2026).
 *   For those years the table is the whole truth (a decree may also redirect part 2's automatic moves, as
 *   2025's moved 23 February to 8 May and 8 March to 13 June).
 * - Any other year: weekends, the fixed holidays and part 2's automatic move only. A decree of that year
 *   (a moved weekend, a working Saturday) is not known, so a reminder may land a day off a real working day.
 * - Regional holidays (Tatarstan, Bashkortostan…) and shortened pre-holiday days are not counted.
 * Days are Moscow calendar days (UTC+3).
 */
import { MOSCOW_OFFSET_MS } from './calendar';

/** A calendar day: year, month 1-12, day 1-31. */
export interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8],
  [2, 23], [3, 8], [5, 1], [5, 9], [6, 12], [11, 4],
];

/**
 * The production calendars of the years known with certainty: weekdays that are days off (holidays and moved
 * days off) and weekend days that are working days. Each year's count of working days is checked in
 * test/calendar/workingDays.test.ts against the published figure (2023: 247, 2024: 248, 2025: 247, 2026: 247).
 */
const KNOWN_YEARS: Readonly<Record<number, { off: readonly string[]; working: readonly string[] }>> = {
  2023: {
    off: ['01-02', '01-03', '01-04', '01-05', '01-06', '02-23', '02-24', '03-08', '05-01', '05-08', '05-09', '06-12', '11-06'],
    working: [],
  },
  2024: {
    off: ['01-01', '01-02', '01-03', '01-04', '01-05', '01-08', '02-23', '03-08', '04-29', '04-30', '05-01', '05-09', '05-10', '06-12', '11-04', '12-30', '12-31'],
    working: ['04-27', '11-02', '12-28'],
  },
  2025: {
    off: ['01-01', '01-02', '01-03', '01-06', '01-07', '01-08', '05-01', '05-02', '05-08', '05-09', '06-12', '06-13', '11-03', '11-04', '12-31'],
    working: ['11-01'],
  },
  2026: {
    off: ['01-01', '01-02', '01-05', '01-06', '01-07', '01-08', '01-09', '02-23', '03-09', '05-01', '05-11', '06-12', '11-04', '12-31'],
    working: [],
  },
};

export const KNOWN_PRODUCTION_CALENDAR_YEARS: readonly number[] = Object.keys(KNOWN_YEARS).map(Number);

const pad = (n: number): string => String(n).padStart(2, '0');
const weekday = (day: CalendarDay): number => new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();
const isWeekend = (day: CalendarDay): boolean => {
  const w = weekday(day);
  return w === 0 || w === 6;
};
const isFixedHoliday = (day: CalendarDay): boolean => FIXED_HOLIDAYS.some(([m, d]) => m === day.m && d === day.d);
const addDays = (day: CalendarDay, n: number): CalendarDay => {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};

/** Days off of a year without a known decree: the fixed holidays, and part 2's move of those on a weekend. */
function movedDaysOff(year: number): Set<string> {
  const off = new Set<string>();
  for (const [m, d] of FIXED_HOLIDAYS) {
    const holiday = { y: year, m, d };
    if (m === 1 || !isWeekend(holiday)) continue;
    let next = addDays(holiday, 1);
    // The next working day: not a weekend, not a holiday, not a day off already moved here.
    while (isWeekend(next) || isFixedHoliday(next) || off.has(`${pad(next.m)}-${pad(next.d)}`)) next = addDays(next, 1);
    if (next.y === year) off.add(`${pad(next.m)}-${pad(next.d)}`);
  }
  return off;
}

const movedCache = new Map<number, Set<string>>();

/** Whether a Moscow calendar day is a working day (see the limits above). */
export function isWorkingDay(day: CalendarDay): boolean {
  const key = `${pad(day.m)}-${pad(day.d)}`;
  const known = KNOWN_YEARS[day.y];
  if (known) {
    if (known.working.includes(key)) return true;
    return !isWeekend(day) && !known.off.includes(key);
  }
  if (isWeekend(day) || isFixedHoliday(day)) return false;
  let moved = movedCache.get(day.y);
  if (!moved) movedCache.set(day.y, (moved = movedDaysOff(day.y)));
  return !moved.has(key);
}

/** The last working day strictly before this one. */
export function previousWorkingDay(day: CalendarDay): CalendarDay {
  let prev = addDays(day, -1);
  // At most the New Year holidays and two weekends in a row: a bound against a table error looping forever.
  for (let i = 0; i < 60 && !isWorkingDay(prev); i++) prev = addDays(prev, -1);
  return prev;
}

const DAY_MS = 86_400_000;

/**
 * The instant one working day before `ms`: the same Moscow wall-clock time on the last working day before
 * the instant's Moscow day (a Monday 09:00 deadline: the Friday 09:00; after the May holidays, the last day
 * worked before them).
 */
export function oneWorkingDayBefore(ms: number): number {
  const msk = new Date(ms + MOSCOW_OFFSET_MS);
  const day = { y: msk.getUTCFullYear(), m: msk.getUTCMonth() + 1, d: msk.getUTCDate() };
  const prev = previousWorkingDay(day);
  const daysBack = Math.round((Date.UTC(day.y, day.m - 1, day.d) - Date.UTC(prev.y, prev.m - 1, prev.d)) / DAY_MS);
  return ms - daysBack * DAY_MS;
}
