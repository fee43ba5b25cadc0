/**
 * How numbers, money and dates look: rubles with the locale's grouping, dates and times in Moscow time
 * (the procurement world's clock, whatever the user's machine says). Pure functions over a locale.
 */
import type { Locale } from '../../src-main/contract/ipc';

const MOSCOW = 'Europe/Moscow';
const tag = (locale: Locale): string => (locale === 'ru' ? 'ru-RU' : 'en-GB');

/**
 * One formatter per locale and style, made on first use: building an Intl formatter costs far more than
 * formatting with it, and a scrolled table formats three cells a row for every row it renders (the profile of
 * bench/rendererScale.ts had these constructors at a third of the scroll's busy time).
 */
function kept<F>(make: (locale: Locale) => F): (locale: Locale) => F {
  const made = new Map<Locale, F>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) {
      f = make(locale);
      made.set(locale, f);
    }
    return f;
  };
}

const intFormat = kept((locale) => new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 }));
const rubFormat = kept((locale) => new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const dateFormat = kept((locale) => new Intl.DateTimeFormat(tag(locale), { timeZone: MOSCOW, year: 'numeric', month: '2-digit', day: '2-digit' }));
const dateTimeFormat = kept(
  (locale) => new Intl.DateTimeFormat(tag(locale), { timeZone: MOSCOW, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
);

const oneDecimalFormat = kept((locale) => new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 1, minimumFractionDigits: 1 }));

/** Bytes as KB/MB/GB (binary multiples), with the locale's decimal separator. */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = locale === 'ru' ? ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'] : ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  const text = (digits === 0 ? intFormat(locale) : oneDecimalFormat(locale)).format(v);
  return `${text}\u00a0${units[i]}`;
}

export function formatInt(n: number | null | undefined, locale: Locale): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return intFormat(locale).format(n);
}

export function formatRub(n: number | null | undefined, locale: Locale): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return rubFormat(locale).format(n);
}

/** A date (or timestamp) as the Moscow calendar day. */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00+03:00` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateFormat(locale).format(d);
}

/** A moment in Moscow time, with the zone said, since analysts compare it with deadlines in MSK. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = dateTimeFormat(locale).format(d);
  return `${text} ${locale === 'ru' ? 'МСК' : 'MSK'}`;
}

/**
 * An amount as the analyst types it, its whole part grouped by threes («1 500 000,5»), so a price field reads
 * like the prices in the tables. Only a plain amount is regrouped (digits, one decimal comma or point, up to two
 * decimals); anything else is left as typed, for the form's check to point at. Spaces are what parseAmount
 * (views/search/queryBuilder.ts) skips, so the grouped text means the same number.
 */
export function groupAmountInput(text: string): string {
  const bare = text.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d*)([.,]\d{0,2})?$/.exec(bare);
  if (!m || bare === '') return text;
  const whole = (m[1] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, RU_GROUP);
  return whole + (m[2] ?? '');
}

/**
 * The group separator of the Russian numbers in the tables (Intl's, a no-break space: U+00A0 in today's ICU,
 * U+202F where CLDR has moved to the narrow one), so a typed amount is grouped exactly as the tables show it.
 */
export const RU_GROUP: string = new Intl.NumberFormat('ru-RU').formatToParts(1000).find((p) => p.type === 'group')?.value ?? '\u00a0';

/** Where the caret goes in the grouped text: after as many digits as stood before it in the typed text. */
export function caretAfterGrouping(typed: string, caret: number, grouped: string): number {
  const digitsBefore = typed.slice(0, caret).replace(/[\s\u00a0\u202f]/g, '').length;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (seen === digitsBefore) return i;
    if (!/[\s\u00a0\u202f]/.test(grouped[i]!)) seen++;
  }
  return grouped.length;
}
