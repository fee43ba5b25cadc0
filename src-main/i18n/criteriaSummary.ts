/**
 * Search criteria (API reference 4.5, as a saved search keeps them) told in words, one line: keywords, minus
 * words, regions and dictionaries by name, statuses by name, price range and periods. Pure, so the renderer's
 * lists of saved searches and the core's exports (the «Источник» sheet, a file's default name) say it alike.
 * One function tells the parts (`criteriaParts`), and everything that counts or summarises criteria reads it:
 * the status choice is a criterion like any other («Условия не заданы… все закупки» was shown while
 * «Подача заявок» was checked, because the status was not counted).
 */
import { PLACEMENT_TYPES, PLATFORMS, PURCHASE_TYPES, entryName, regionName } from './dictionaries';
import type { Locale } from './text';

const tag = (locale: Locale): string => (locale === 'ru' ? 'ru-RU' : 'en-GB');
const formatInt = (n: number, locale: Locale): string => new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 }).format(n);
const formatRub = (n: number, locale: Locale): string =>
  Number.isFinite(n) ? new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n) : '—';

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const asNumbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : []);
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
type TenderStatus = 'active' | 'completed' | 'cancelled';

/** `yyyy-mm-dd` (or a timestamp) → `dd.mm.yyyy` as the form shows it. */
export function isoToRuDate(iso: string | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

const summaryWords = {
  ru: {
    or: ' или ',
    minus: 'кроме',
    regions: 'регионы',
    platforms: 'площадки',
    placement: 'способ',
    law: 'закон',
    okpd2: 'ОКПД2',
    price: 'цена',
    from: 'от',
    to: 'до',
    published: 'опубл.',
    start: 'начало',
    end: 'окончание',
    customer: 'заказчик',
    inn: 'ИНН',
    ogrn: 'ОГРН',
    status: { active: 'подача заявок и работа комиссии', completed: 'завершены', cancelled: 'отменены' },
    ids: (n: string) => `номера закупок: ${n}`,
    list: 'список',
    filter: 'фильтр',
    all: 'все закупки',
    more: (n: number) => ` и ещё ${n}`,
  },
  en: {
    or: ' or ',
    minus: 'except',
    regions: 'regions',
    platforms: 'platforms',
    placement: 'method',
    law: 'law',
    okpd2: 'OKPD2',
    price: 'price',
    from: 'from',
    to: 'to',
    published: 'published',
    start: 'starts',
    end: 'ends',
    customer: 'customer',
    inn: 'INN',
    ogrn: 'OGRN',
    status: { active: 'accepting bids or under review', completed: 'completed', cancelled: 'cancelled' },
    ids: (n: string) => `tender ids: ${n}`,
    list: 'list',
    filter: 'filter',
    all: 'all tenders',
    more: (n: number) => ` and ${n} more`,
  },
};

function firstFew(items: string[], locale: Locale, max = 4): string {
  return items.slice(0, max).join(', ') + (items.length > max ? summaryWords[locale].more(items.length - max) : '');
}

function rangeText(r: Record<string, unknown>, locale: Locale, fmt: (v: unknown) => string): string {
  const w = summaryWords[locale];
  const parts: string[] = [];
  if (r.from !== undefined) parts.push(`${w.from} ${fmt(r.from)}`);
  if (r.to !== undefined) parts.push(`${w.to} ${fmt(r.to)}`);
  return parts.join(' ');
}

/**
 * The one name of a saved search wherever it is shown (lists of searches, results' titles, the palette, the
 * calendar and insights pickers, the export history and the «Источник» sheet): its label, else its criteria in
 * words. An unnamed search once had three names («Без названия», «без названия», its criteria).
 */
export function savedSearchName(search: { label: string | null; criteria: Record<string, unknown> }, locale: Locale): string {
  return search.label ?? summarizeCriteria(search.criteria, locale);
}

/** The same name for a saved search as the cache holds it (its `params` are the criteria it was saved with). */
export function savedSearchNameOf(search: { label: string | null; params: unknown }, locale: Locale): string {
  const p = search.params;
  return savedSearchName({ label: search.label, criteria: p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {} }, locale);
}

/** One criterion in words; `key` says which (the status is `status`). */
export interface CriteriaPart {
  key: string;
  text: string;
}

/**
 * Every criterion the set is narrowed by, in words, in a fixed order. The status counts too: absent, it is the
 * API's default (`active`, «подача заявок»), as the form shows it checked. A set given by a list or a filter
 * (reference 4.5 rule 1: one way per request) has no status of its own, nor has a contract QUERY (4.7: `status`
 * is absent there): `contracts` leaves it out.
 */
export function criteriaParts(criteria: Record<string, unknown>, locale: Locale, opts: { contracts?: boolean } = {}): CriteriaPart[] {
  const w = summaryWords[locale];
  const parts: CriteriaPart[] = [];
  const add = (key: string, text: string): void => {
    parts.push({ key, text });
  };
  const quote = (s: string) => (s.includes(' ') ? (locale === 'ru' ? `«${s}»` : `"${s}"`) : s);
  const kw = asStrings(criteria.keywords);
  if (kw.length) add('keywords', kw.slice(0, 5).map(quote).join(w.or) + (kw.length > 5 ? w.more(kw.length - 5) : ''));
  const minus = asStrings(criteria.exception_keywords);
  if (minus.length) add('exception_keywords', `${w.minus} ${firstFew(minus.map(quote), locale)}`);
  const regions = asNumbers(criteria.regions);
  if (regions.length) add('regions', `${w.regions}: ${firstFew(regions.map(regionName), locale, 3)}`);
  const purchase = asNumbers(criteria.purchase_types);
  if (purchase.length) add('purchase_types', `${w.law}: ${firstFew(purchase.map((id) => entryName(PURCHASE_TYPES, id, locale)), locale)}`);
  const placement = asNumbers(criteria.placement_types);
  if (placement.length) add('placement_types', `${w.placement}: ${firstFew(placement.map((id) => entryName(PLACEMENT_TYPES, id, locale)), locale, 2)}`);
  const platforms = asNumbers(criteria.platforms);
  if (platforms.length) add('platforms', `${w.platforms}: ${firstFew(platforms.map((id) => entryName(PLATFORMS, id, locale)), locale, 3)}`);
  const okpd2 = asStrings(criteria.okpd2);
  if (okpd2.length) add('okpd2', `${w.okpd2} ${firstFew(okpd2, locale)}`);
  const price = asObject(criteria.price);
  if (price.from !== undefined || price.to !== undefined) add('price', `${w.price} ${rangeText(price, locale, (v) => formatRub(Number(v), locale))}`);
  const dateFmt = (v: unknown) => (typeof v === 'string' ? isoToRuDate(v) : String(v));
  for (const [key, word] of [
    ['publish_date', w.published],
    ['start_date', w.start],
    ['end_date', w.end],
  ] as const) {
    const r = asObject(criteria[key]);
    if (r.from !== undefined || r.to !== undefined) add(key, `${word} ${rangeText(r, locale, dateFmt)}`);
  }
  const customer = asObject(criteria.customer);
  const who: string[] = [];
  const inns = asStrings(customer.inn);
  if (inns.length) who.push(`${w.inn} ${firstFew(inns, locale, 2)}`);
  if (typeof customer.ogrn === 'string') who.push(`${w.ogrn} ${customer.ogrn}`);
  if (typeof customer.name === 'string') who.push(quote(customer.name));
  if (who.length) add('customer', `${w.customer}: ${who.join(', ')}`);
  const byReference = typeof criteria.list_id === 'string' || typeof criteria.filter_id === 'string';
  if (!byReference && opts.contracts !== true) add('status', statusText(criteria, locale));
  const ids = asNumbers(criteria.ids);
  if (ids.length) add('ids', w.ids(ids.length > 3 ? formatInt(ids.length, locale) : ids.join(', ')));
  if (typeof criteria.list_id === 'string') add('list_id', `${w.list} ${criteria.list_id}`);
  if (typeof criteria.filter_id === 'string') add('filter_id', `${w.filter} ${criteria.filter_id}`);
  return parts;
}

/** The statuses chosen, by name («подача заявок»; «завершены, отменены»); none given is the API's default, active. */
function statusText(criteria: Record<string, unknown>, locale: Locale): string {
  const w = summaryWords[locale];
  const status = criteria.status === undefined ? ['active'] : asStrings(criteria.status);
  return status.map((s) => w.status[s as TenderStatus] ?? s).join(', ');
}

/**
 * The statuses in words when they are the only criterion (every tender of those statuses the server has will
 * match), else null: what a search «without conditions» warns of, named as the form shows it checked.
 */
export function onlyStatus(criteria: Record<string, unknown>, locale: Locale): string | null {
  const parts = criteriaParts(criteria, locale);
  return parts.length === 1 && parts[0]!.key === 'status' ? parts[0]!.text : null;
}

/**
 * One line that tells saved searches apart: «"поставка компьютеров" или ноутбук · кроме ремонт · регионы:
 * Москва · подача заявок»; the status alone reads «все закупки · подача заявок».
 */
export function summarizeCriteria(criteria: Record<string, unknown>, locale: Locale, opts: { contracts?: boolean } = {}): string {
  const parts = criteriaParts(criteria, locale, opts).map((p) => p.text);
  if (parts.length === 0) return summaryWords[locale].all;
  return onlyStatus(criteria, locale) !== null ? `${summaryWords[locale].all} · ${parts[0]}` : parts.join(' · ');
}
