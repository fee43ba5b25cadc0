/**
 * Calendar dates as analysts type them and as QUERY bodies carry them, checked against the real calendar, so
 * «31.02.2026» or `2026-02-31` is refused with a sentence about the day that does not exist instead of being
 * sent (a server may roll it over to 3 March or ignore it). Pure: the renderer, the CLI and the core share it.
 */
import type { Bilingual } from './bilingual';

/** Years outside this window are typing slips in procurement data (EIS opened in 2011; 1990 is generous). */
export const MIN_YEAR = 1990;
export const MAX_YEAR = 2100;

export type DateCheck =
  | { ok: true; iso: string }
  | { ok: false; problem: 'format' }
  | { ok: false; problem: 'year'; year: number }
  | { ok: false; problem: 'no_such_month'; year: number; month: number }
  | { ok: false; problem: 'no_such_day'; year: number; month: number; day: number }
  | { ok: false; problem: 'time' };

const RU_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayCheck(year: number, month: number, day: number): DateCheck {
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, problem: 'year', year };
  if (month < 1 || month > 12) return { ok: false, problem: 'no_such_month', year, month };
  if (day < 1 || day > daysInMonth(year, month)) return { ok: false, problem: 'no_such_day', year, month, day };
  return { ok: true, iso: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/**
 * A date typed by a person: `dd.mm.yyyy` (also `d.m.yyyy`, `dd/mm/yyyy`) or ISO `yyyy-mm-dd` → `yyyy-mm-dd`.
 * The shape is checked first, then the calendar, so a wrong day is named as such.
 */
export function checkTypedDate(text: string): DateCheck {
  const s = text.trim();
  const ru = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  if (ru) return dayCheck(Number(ru[3]), Number(ru[2]), Number(ru[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) return dayCheck(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return { ok: false, problem: 'format' };
}

/**
 * A date of a QUERY body (reference: DateRangeFilter, ISO-8601): `yyyy-mm-dd` or a timestamp
 * `yyyy-mm-ddTHH:MM[:SS[.fff]][Z|±hh:mm]`. Answers the value as given when it is a real moment.
 */
export function checkIsoDate(text: string): DateCheck {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/.exec(text);
  if (!m) return { ok: false, problem: 'format' };
  const day = dayCheck(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!day.ok) return day;
  const [hh, mm, ss, oh, om] = [m[4], m[5], m[6], m[7], m[8]].map((x) => (x === undefined ? 0 : Number(x))) as [number, number, number, number, number];
  if (hh > 23 || mm > 59 || ss > 59 || oh > 14 || om > 59) return { ok: false, problem: 'time' };
  return { ok: true, iso: text };
}

/** The sentence for a date that failed (the shape the user should type is named only when the shape is wrong). */
export function dateProblemText(check: Exclude<DateCheck, { ok: true }>): Bilingual {
  switch (check.problem) {
    case 'format':
      return { ru: 'Дата в виде дд.мм.гггг, например 31.01.2026', en: 'A date as dd.mm.yyyy, e.g. 31.01.2026' };
    case 'year':
      return { ru: `${check.year} — год вне допустимых ${MIN_YEAR}–${MAX_YEAR}`, en: `${check.year} is outside the years ${MIN_YEAR}–${MAX_YEAR}` };
    case 'no_such_month':
      return { ru: `Месяца ${check.month} нет: месяцы от 1 до 12`, en: `There is no month ${check.month}: months are 1 to 12` };
    case 'no_such_day':
      return {
        ru: `${check.day} ${RU_GENITIVE[check.month - 1]} ${check.year} года не существует (в этом месяце ${daysInMonth(check.year, check.month)} дн.)`,
        en: `${check.day} ${EN_MONTHS[check.month - 1]} ${check.year} does not exist (the month has ${daysInMonth(check.year, check.month)} days)`,
      };
    case 'time':
      return { ru: 'Время в дате указано неверно (часы 0–23, минуты 0–59)', en: 'The time of day in the date is wrong (hours 0–23, minutes 0–59)' };
  }
}
