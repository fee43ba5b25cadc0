/**
 * Names for what the insight answers carry as codes, so the screen says «Завершена», «44-ФЗ»,
 * «Электронный аукцион», «Республика Татарстан», «март 2024» instead of `completed`, `44-FZ`, `3`, `16`,
 * `2024-03`. The names of statuses and laws are the core's (src-main/i18n/codes), those of placement types and
 * regions the query builder's dictionaries (src-main/i18n/dictionaries): one name per code everywhere. Pure.
 */
import type { Locale } from '../../../src-main/contract/ipc';

export { countByName, type Dimension } from '../../../src-main/i18n/dictionaries';

const monthFormat = new Map<Locale, Intl.DateTimeFormat>();
/** `2024-03` as «март 2024» / «Mar 2024» (the month itself, no time zone shift: mid-month UTC). */
export function monthName(month: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (m === null) return month;
  let f = monthFormat.get(locale);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormat.set(locale, f);
  }
  return f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15))).replace(/\s*г\.$/, '').replace('.', '');
}

const compactFormat = new Map<Locale, Intl.NumberFormat>();
/** Money on a chart’s axis: «1,2 млн ₽», one decimal at most. */
export function compactRub(value: number, locale: Locale): string {
  let f = compactFormat.get(locale);
  if (f === undefined) {
    f = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 });
    compactFormat.set(locale, f);
  }
  return `${f.format(value)} ₽`;
}

/** A percentage with one decimal in the locale's way: «12,5 %» / «12.5%»; a dash when unknown. */
export function percent(value: number | null | undefined, locale: Locale, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return locale === 'ru' ? `${text} %` : `${text}%`;
}

/**
 * The HHI's reading, by the thresholds competition authorities use (US DOJ/FTC 2010 guidelines, which the
 * domain's definition follows): below 1 500 unconcentrated, 1 500–2 500 moderately, above 2 500 highly.
 */
export function hhiLevel(hhi: number | null): 'low' | 'moderate' | 'high' | null {
  if (hhi === null || !Number.isFinite(hhi)) return null;
  if (hhi > 2500) return 'high';
  if (hhi >= 1500) return 'moderate';
  return 'low';
}
