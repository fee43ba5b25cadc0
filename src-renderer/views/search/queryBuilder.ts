/**
 * The query builder's logic, free of React: the form state an analyst edits, its translation into QUERY
 * criteria (API reference 4.5) with field-level messages in the user's language, the way back (a saved
 * search's criteria into the form), and a one-line summary of criteria for lists of saved searches.
 *
 * The form reads what was typed (amounts, days, ids; items cleaned) and names what cannot be read; the rules on
 * the values (counts, lengths, INN/OGRN checksums, OKPD2 shapes, ranges and their order) are the contract's
 * `tenderCriteriaSchema` alone, whose issues become each field's message here. The main process checks the
 * same schema again; the server has the last word.
 */
import type { z } from 'zod';
import { tenderCriteriaSchema, type Locale, type TenderCriteria } from '../../../src-main/contract/ipc';
import { identifierDigits, innProblemText, ogrnProblemText } from '../../../src-main/domain/identifierProblems';
import { normalizeOkpd2, okpd2ProblemText } from '../../../src-main/domain/okpd2';
import { cleanItems } from '../../components/tokenItems';
import { dateProblem, parseDate } from '../../components/typedDate';
import { criteriaParts, isoToRuDate } from '../../../src-main/i18n/criteriaSummary';

// The one-line summary of criteria lives beside the core's words (an export's «Источник» tells it too).
export { isoToRuDate, onlyStatus, savedSearchName, summarizeCriteria } from '../../../src-main/i18n/criteriaSummary';
// A typed date is read the same way in every form (the price benchmark's too): components/typedDate.ts.
export { dateProblem, parseDate } from '../../components/typedDate';

export type TenderStatus = 'active' | 'completed' | 'cancelled';

/** What the form holds: lists as the user typed their items, numbers and dates as text until validated. */
export interface SearchForm {
  /** OR items; an item of several words is searched as a phrase. */
  keywords: string[];
  /** Minus words: tenders containing any of them are excluded. */
  exceptionKeywords: string[];
  regions: number[];
  platforms: number[];
  placementTypes: number[];
  purchaseTypes: number[];
  /** OKPD2 codes or prefixes at any level: 26, 26.2, 26.20.11.110. */
  okpd2: string[];
  priceFrom: string;
  priceTo: string;
  publishFrom: string;
  publishTo: string;
  startFrom: string;
  startTo: string;
  endFrom: string;
  endTo: string;
  customerInn: string[];
  customerOgrn: string;
  customerName: string;
  status: TenderStatus[];
  /** Internal tender ids. */
  ids: string[];
}

export const emptyForm = (): SearchForm => ({
  keywords: [],
  exceptionKeywords: [],
  regions: [],
  platforms: [],
  placementTypes: [],
  purchaseTypes: [],
  okpd2: [],
  priceFrom: '',
  priceTo: '',
  publishFrom: '',
  publishTo: '',
  startFrom: '',
  startTo: '',
  endFrom: '',
  endTo: '',
  customerInn: [],
  customerOgrn: '',
  customerName: '',
  status: ['active'],
  ids: [],
});

/** Fields that can carry a message; the view shows each next to its input. */
export type FieldKey =
  | 'keywords'
  | 'exceptionKeywords'
  | 'regions'
  | 'platforms'
  | 'placementTypes'
  | 'purchaseTypes'
  | 'okpd2'
  | 'price'
  | 'publishDate'
  | 'startDate'
  | 'endDate'
  | 'customerInn'
  | 'customerOgrn'
  | 'customerName'
  | 'status'
  | 'ids'
  | 'form';

export type FieldErrors = Partial<Record<FieldKey, string>>;

export type BuildResult = { ok: true; criteria: TenderCriteria } | { ok: false; errors: FieldErrors };

const messages = {
  ru: {
    tooMany: (n: number) => `Не больше ${n} значений`,
    tooLong: (item: string, max: number) => `«${short(item)}» длиннее ${max} символов`,
    number: 'Введите число, например 1 500 000,50',
    negative: 'Цена не может быть отрицательной',
    priceOrder: 'Цена «от» больше цены «до»',
    dateOrder: 'Дата «с» позже даты «по»',
    nameLength: 'Название заказчика: от 2 до 300 символов',
    status: 'Выберите хотя бы один статус',
    id: (item: string) => `«${short(item)}» — не номер закупки (нужно целое положительное число)`,
    invalid: 'Проверьте условия поиска',
  },
  en: {
    tooMany: (n: number) => `At most ${n} values`,
    tooLong: (item: string, max: number) => `"${short(item)}" is longer than ${max} characters`,
    number: 'Enter a number, e.g. 1500000.50',
    negative: 'A price cannot be negative',
    priceOrder: 'Price "from" is above price "to"',
    dateOrder: 'Date "from" is after date "to"',
    nameLength: 'Customer name: 2 to 300 characters',
    status: 'Choose at least one status',
    id: (item: string) => `"${short(item)}" is not a tender id (a positive whole number)`,
    invalid: 'Check the search criteria',
  },
};

function short(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/** A price typed the Russian way (`1 500 000,50`, non-breaking spaces, `₽`) or the English way (`1,500,000.50`). */
export function parseAmount(text: string): number | null | 'invalid' {
  let s = text.replace(/[\s\u00a0\u202f₽]|руб\.?/gi, '');
  if (s === '') return null;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else s = s.replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return 'invalid';
  return Number(s);
}

const digitsOnly = identifierDigits;

/** One message for an INN as typed, or null when it is valid (the domain's words, shared with the CLI and the core). */
export function innProblem(raw: string, locale: Locale): string | null {
  return innProblemText(raw)?.[locale] ?? null;
}

/** One message for an OGRN / OGRNIP as typed, or null when it is valid. */
export function ogrnProblem(raw: string, locale: Locale): string | null {
  return ogrnProblemText(raw)?.[locale] ?? null;
}

/** Normalises an OKPD2 item: `26.20.11.110`, also typed with commas or trailing dots. */
export { normalizeOkpd2 };

/** A typed period → the criteria's period; a typed day that does not exist or cannot be read is named here. */
function typedPeriod(fromText: string, toText: string, locale: Locale): { value?: { from?: string; to?: string }; error?: string } {
  const problem = dateProblem(fromText, locale) ?? dateProblem(toText, locale);
  if (problem !== null) return { error: problem };
  const from = parseDate(fromText);
  const to = parseDate(toText);
  if (from === 'invalid' || to === 'invalid' || (from === null && to === null)) return {};
  return { value: { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) } };
}

/**
 * Form → QUERY criteria, or the messages of every field that is wrong. The form only reads what was typed
 * (amounts, days, ids as text; items cleaned); the rules on the values (counts, lengths, checksums, ranges,
 * order) are the contract's `tenderCriteriaSchema`, whose issues become the field's message here.
 */
export function buildCriteria(form: SearchForm, locale: Locale): BuildResult {
  const m = messages[locale];
  const errors: FieldErrors = {};
  const c: TenderCriteria = {};

  const keywords = cleanItems(form.keywords);
  if (keywords.length) c.keywords = keywords;
  const minus = cleanItems(form.exceptionKeywords);
  if (minus.length) c.exception_keywords = minus;

  const codes = (values: number[]): number[] | undefined => {
    const list = [...new Set(values)].sort((a, b) => a - b);
    return list.length ? list : undefined;
  };
  const regions = codes(form.regions);
  if (regions) c.regions = regions;
  const platforms = codes(form.platforms);
  if (platforms) c.platforms = platforms;
  const placement = codes(form.placementTypes);
  if (placement) c.placement_types = placement;
  const purchase = codes(form.purchaseTypes);
  if (purchase) c.purchase_types = purchase;

  const okpd2 = [...new Set(form.okpd2.map(normalizeOkpd2).filter((s) => s !== ''))];
  if (okpd2.length) c.okpd2 = okpd2;

  const from = parseAmount(form.priceFrom);
  const to = parseAmount(form.priceTo);
  if (from === 'invalid' || to === 'invalid') errors.price = m.number;
  else if (from !== null || to !== null) c.price = { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) };

  for (const [key, field, a, b] of [
    ['publishDate', 'publish_date', form.publishFrom, form.publishTo],
    ['startDate', 'start_date', form.startFrom, form.startTo],
    ['endDate', 'end_date', form.endFrom, form.endTo],
  ] as const) {
    const r = typedPeriod(a, b, locale);
    if (r.error) errors[key] = r.error;
    else if (r.value) c[field] = r.value;
  }

  const customer: NonNullable<TenderCriteria['customer']> = {};
  const inns = [...new Set(form.customerInn.map((s) => s.trim()).filter((s) => s !== ''))];
  if (inns.length) customer.inn = inns.map(digitsOnly);
  if (form.customerOgrn.trim() !== '') customer.ogrn = digitsOnly(form.customerOgrn);
  const name = form.customerName.replace(/\s+/g, ' ').trim();
  if (name !== '') customer.name = name;
  if (Object.keys(customer).length) c.customer = customer;

  c.status = (['active', 'completed', 'cancelled'] as const).filter((s) => form.status.includes(s));

  const ids = [...new Set(form.ids.map((s) => s.trim()).filter((s) => s !== ''))];
  const notNumber = ids.find((s) => !/^\d{1,15}$/.test(s));
  if (notNumber !== undefined) errors.ids = m.id(notNumber);
  else if (ids.length) c.ids = ids.map(Number);

  const parsed = tenderCriteriaSchema.safeParse(c);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, criteria: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fieldOfPath(issue.path.map(String));
      errors[key] ??= issueMessage(issue, c, { inns, ogrn: form.customerOgrn, ids }, m, locale);
    }
  }
  return { ok: false, errors };
}

type Issue = z.core.$ZodIssue;

/** The field's message for a contract issue, in the words the form has always used; anything else is named as the contract says. */
function issueMessage(issue: Issue, c: TenderCriteria, typed: { inns: string[]; ogrn: string; ids: string[] }, m: (typeof messages)['ru'], locale: Locale): string {
  const [field, second, third] = issue.path;
  const index = (at: PropertyKey | undefined): number => (typeof at === 'number' ? at : -1);
  const tooMany = issue.code === 'too_big' && issue.origin === 'array';
  switch (field) {
    case 'keywords':
    case 'exception_keywords':
      if (tooMany) return m.tooMany(Number(issue.maximum));
      if (issue.code === 'too_big') return m.tooLong(c[field]?.[index(second)] ?? '', Number(issue.maximum));
      break;
    case 'regions':
    case 'platforms':
    case 'placement_types':
    case 'purchase_types':
      if (tooMany) return m.tooMany(Number(issue.maximum));
      break;
    case 'okpd2':
      if (tooMany) return m.tooMany(Number(issue.maximum));
      if (second !== undefined) return okpd2ProblemText(c.okpd2?.[index(second)] ?? '')[locale];
      break;
    case 'price':
      if (second !== undefined) return m.negative;
      return m.priceOrder;
    case 'publish_date':
    case 'start_date':
    case 'end_date':
      if (second === undefined) return m.dateOrder;
      break;
    case 'customer':
      if (second === 'inn') {
        if (tooMany) return m.tooMany(Number(issue.maximum));
        if (third !== undefined) return innProblem(typed.inns[index(third)] ?? '', locale) ?? `${m.invalid}: ${issue.message}`;
      }
      if (second === 'ogrn') return ogrnProblem(typed.ogrn, locale) ?? `${m.invalid}: ${issue.message}`;
      if (second === 'name') return m.nameLength;
      break;
    case 'status':
      return m.status;
    case 'ids':
      if (tooMany) return m.tooMany(Number(issue.maximum));
      if (second !== undefined) return m.id(typed.ids[index(second)] ?? '');
      break;
  }
  return `${m.invalid}: ${issue.message}`;
}

/** Which form field a path of the criteria (from the contract or the main process) belongs to. */
export function fieldOfPath(path: readonly string[]): FieldKey {
  const p = path[0] === 'criteria' ? path.slice(1) : path;
  switch (p[0]) {
    case 'keywords':
      return 'keywords';
    case 'exception_keywords':
      return 'exceptionKeywords';
    case 'regions':
      return 'regions';
    case 'platforms':
      return 'platforms';
    case 'placement_types':
      return 'placementTypes';
    case 'purchase_types':
      return 'purchaseTypes';
    case 'okpd2':
      return 'okpd2';
    case 'price':
      return 'price';
    case 'publish_date':
      return 'publishDate';
    case 'start_date':
      return 'startDate';
    case 'end_date':
      return 'endDate';
    case 'customer':
      return p[1] === 'ogrn' ? 'customerOgrn' : p[1] === 'name' ? 'customerName' : 'customerInn';
    case 'status':
      return 'status';
    case 'ids':
      return 'ids';
    default:
      return 'form';
  }
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const asNumbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : []);
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const amountText = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v).replace('.', ',') : '');
const dateText = (v: unknown): string => (typeof v === 'string' ? isoToRuDate(v) : '');

/** Criteria (a saved search's, as stored) → form, so a saved search can be opened in the builder. */
export function criteriaToForm(criteria: Record<string, unknown>): SearchForm {
  const price = asObject(criteria.price);
  const pub = asObject(criteria.publish_date);
  const start = asObject(criteria.start_date);
  const end = asObject(criteria.end_date);
  const customer = asObject(criteria.customer);
  const status = asStrings(criteria.status).filter((s): s is TenderStatus => s === 'active' || s === 'completed' || s === 'cancelled');
  return {
    keywords: asStrings(criteria.keywords),
    exceptionKeywords: asStrings(criteria.exception_keywords),
    regions: asNumbers(criteria.regions),
    platforms: asNumbers(criteria.platforms),
    placementTypes: asNumbers(criteria.placement_types),
    purchaseTypes: asNumbers(criteria.purchase_types),
    okpd2: asStrings(criteria.okpd2),
    priceFrom: amountText(price.from),
    priceTo: amountText(price.to),
    publishFrom: dateText(pub.from),
    publishTo: dateText(pub.to),
    startFrom: dateText(start.from),
    startTo: dateText(start.to),
    endFrom: dateText(end.from),
    endTo: dateText(end.to),
    customerInn: asStrings(customer.inn),
    customerOgrn: typeof customer.ogrn === 'string' ? customer.ogrn : '',
    customerName: typeof customer.name === 'string' ? customer.name : '',
    status: criteria.status === undefined ? ['active'] : status,
    ids: asNumbers(criteria.ids).map(String),
  };
}

/** How many criteria the form sets, the status among them: the parts the one summary tells (criteriaParts). */
export function countConditions(c: TenderCriteria): number {
  return criteriaParts(c, 'ru').length;
}
