/**
 * The calendar's days, as pure rules (tested under test/renderer/): which Moscow day and time an event falls
 * on, the month grid (weeks from Monday, as Russian calendars are) and the week, and the period to ask the
 * core for. Moscow is UTC+3 all year since 2014 (no summer time), so a Moscow day is the UTC instant moved by
 * three hours: an event at 22:30 UTC is on the next Moscow day at 01:30. Days are `YYYY-MM-DD` strings.
 */
import type { CalendarEvent } from '../../../src-main/domain/calendar';

const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instant moved to Moscow wall-clock time, read through the UTC getters. */
function moscowClock(iso: string): Date {
  return new Date(Date.parse(iso) + MOSCOW_OFFSET_MS);
}

/** The Moscow calendar day of an instant. */
export function moscowDay(iso: string): string {
  return moscowClock(iso).toISOString().slice(0, 10);
}

/** The Moscow time of an instant, `HH:MM`. */
export function moscowTime(iso: string): string {
  return moscowClock(iso).toISOString().slice(11, 16);
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month `n` months after the month of `day`. */
export function addMonths(day: string, n: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week of `day` (ISO weeks: Monday first). */
export function weekStart(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export interface GridDay {
  day: string;
  /** The day belongs to the month shown (the grid's first and last weeks reach into the months around it). */
  inMonth: boolean;
}

/** The month of `day` as whole weeks, Monday to Sunday. */
export function monthWeeks(day: string): GridDay[][] {
  const month = day.slice(0, 7);
  const last = addDays(addMonths(day, 1), -1);
  const weeks: GridDay[][] = [];
  for (let start = weekStart(`${month}-01`); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)).map((d) => ({ day: d, inMonth: d.slice(0, 7) === month })));
  }
  return weeks;
}

/** The week of `day`, Monday to Sunday. */
export function weekDays(day: string): GridDay[] {
  const start = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => ({ day: addDays(start, i), inMonth: true }));
}

/** The period the core is asked for: from the first day's Moscow midnight to the midnight after the last day. */
export function periodOf(days: readonly GridDay[]): { from: string; to: string } {
  const first = days[0]!.day;
  const last = days[days.length - 1]!.day;
  return { from: `${first}T00:00:00+03:00`, to: `${addDays(last, 1)}T00:00:00+03:00` };
}

/** Events by their Moscow day, each day's in time order. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const day = moscowDay(e.at);
    const list = byDay.get(day);
    if (list) list.push(e);
    else byDay.set(day, [e]);
  }
  return byDay;
}
