/**
 * How the CLI writes a moment in a sentence (not `2026-12-06T20:57:29.094Z`): Moscow time, as the app
 * writes it — «06.12.2026, 20:57 МСК» (English: «06/12/2026, 20:57 MSK») — and a calendar day as «06.12.2026».
 * A value that is not a moment is written as it came, since hiding it would hide information.
 */
import type { Locale } from '../i18n/text';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** Milliseconds of an API or cache timestamp; one without an offset is Moscow time (the API's times are). */
function instant(iso: string): number {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return Date.parse(dateOnly ? `${iso}T00:00:00+03:00` : hasZone || !iso.includes('T') ? iso : `${iso}+03:00`);
}

/** «06.12.2026, 20:57 МСК». */
export function moscowMomentText(iso: string, locale: Locale): string {
  const ms = instant(iso);
  if (Number.isNaN(ms)) return iso;
  return `${format(locale, true).format(ms)} ${locale === 'en' ? 'MSK' : 'МСК'}`;
}

/** «06.12.2026»: the Moscow calendar day of a moment. */
export function moscowDateText(iso: string, locale: Locale): string {
  const ms = instant(iso);
  return Number.isNaN(ms) ? iso : format(locale, false).format(ms);
}

/** A moment or «—» when there is none. */
export const momentOrDash = (iso: string | null | undefined, locale: Locale): string => (iso ? moscowMomentText(iso, locale) : '—');
