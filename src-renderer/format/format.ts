/**
 * How numbers, money and dates look: rubles with the locale's grouping, dates and times in Moscow time
 * (the procurement world's clock, whatever the user's machine says). Pure functions over a locale.
 */
import type { Locale } from '../../src-main/contract/ipc';

const MOSCOW = 'Europe/Moscow';
const tag = (locale: Locale): string => (locale === 'ru' ? 'ru-RU' : 'en-GB');

export function formatInt(n: number | null | undefined, locale: Locale): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 }).format(n);
}

export function formatRub(n: number | null | undefined, locale: Locale): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** A date (or timestamp) as the Moscow calendar day. */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00+03:00` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(tag(locale), { timeZone: MOSCOW, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** A moment in Moscow time, with the zone said, since analysts compare it with deadlines in MSK. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = new Intl.DateTimeFormat(tag(locale), { timeZone: MOSCOW, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(d);
  return `${text} ${locale === 'ru' ? 'МСК' : 'MSK'}`;
}
