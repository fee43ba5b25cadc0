/**
 * A red flag's evidence (the objects and numbers behind it) in words, for the renderer's flags page
 * and the CLI's `tenderwb flags`: the engine (src-main/insights/flags) gives a JSON object with snake_case keys;
 * each known key has a name in both languages and a kind (rubles, percent, Moscow time, law, day unit), so
 * neither `deadline_at` nor `2026-03-01T09:00:00.000Z` reaches a person. A key we do not know yet is shown with
 * its words spaced out rather than hidden: hiding it would hide evidence. The fields a flag could not be checked
 * without (FlagGap.field, the catalogue's needs) are named here too. How money, percentages, counts and moments
 * are written is the caller's (`EvidenceFormats`: the renderer's formatters, the CLI's). Pure.
 */
import { lawName } from './codes';
import { okpd2ClassName } from './okpd2Classes';
import type { Locale } from './text';

/** How the caller writes numbers and moments (each surface has its own formatters). */
export interface EvidenceFormats {
  rub(value: number, locale: Locale): string;
  pct(value: number, locale: Locale): string;
  int(value: number, locale: Locale): string;
  /** An ISO moment, in Moscow time. */
  moment(iso: string, locale: Locale): string;
}

type Kind = 'rub' | 'pct' | 'moment' | 'law' | 'dayUnit' | 'okpd2Class' | 'int' | 'text';
const KEYS: Record<string, { ru: string; en: string; kind: Kind }> = {
  notice: { ru: 'Номер извещения', en: 'Notice number', kind: 'text' },
  reestr_number: { ru: 'Реестровый номер', en: 'Registry number', kind: 'text' },
  law: { ru: 'Закон', en: 'Law', kind: 'law' },
  placement: { ru: 'Способ определения поставщика', en: 'Placement type', kind: 'text' },
  initial_price: { ru: 'НМЦК', en: 'Initial price', kind: 'rub' },
  tender_price: { ru: 'НМЦК', en: 'Initial price', kind: 'rub' },
  contract_price: { ru: 'Цена контракта', en: 'Contract price', kind: 'rub' },
  price: { ru: 'Цена', en: 'Price', kind: 'rub' },
  first_price: { ru: 'Первоначальная цена', en: 'First price', kind: 'rub' },
  last_price: { ru: 'Последняя цена', en: 'Last price', kind: 'rub' },
  threshold: { ru: 'Порог', en: 'Threshold', kind: 'rub' },
  total_price: { ru: 'Сумма контрактов', en: 'Contract value', kind: 'rub' },
  published_at: { ru: 'Опубликовано', en: 'Published', kind: 'moment' },
  deadline_at: { ru: 'Окончание подачи заявок', en: 'Submission deadline', kind: 'moment' },
  signed_at: { ru: 'Подписан', en: 'Signed', kind: 'moment' },
  period_days: { ru: 'Срок подачи заявок, дней', en: 'Submission period, days', kind: 'int' },
  minimum_days: { ru: 'Минимум по закону, дней', en: 'Legal minimum, days', kind: 'int' },
  day_unit: { ru: 'Дни', en: 'Days', kind: 'dayUnit' },
  article: { ru: 'Статья', en: 'Article', kind: 'text' },
  minimum_confirmed: { ru: 'Минимум сверен с текстом закона', en: 'Minimum checked against the law', kind: 'text' },
  customer_inn: { ru: 'ИНН заказчика', en: 'Customer INN', kind: 'text' },
  supplier_inn: { ru: 'ИНН поставщика', en: 'Supplier INN', kind: 'text' },
  ratio_pct: { ru: 'Цена контракта от НМЦК', en: 'Contract price of the initial price', kind: 'pct' },
  rise_pct: { ru: 'Рост цены', en: 'Price rise', kind: 'pct' },
  max_rise_pct: { ru: 'Допустимый рост', en: 'Allowed rise', kind: 'pct' },
  share_pct: { ru: 'Доля', en: 'Share', kind: 'pct' },
  peer_percentile_pct: { ru: 'Порог по другим заказчикам (90-й процентиль)', en: 'Peers’ line (90th percentile)', kind: 'pct' },
  floor_pct: { ru: 'Нижняя граница', en: 'Floor', kind: 'pct' },
  known: { ru: 'Закупок с известным способом', en: 'Tenders of known placement', kind: 'int' },
  single: { ru: 'Из них у единственного поставщика', en: 'Of which single-supplier', kind: 'int' },
  peers: { ru: 'Заказчиков для сравнения', en: 'Peer customers', kind: 'int' },
  hhi: { ru: 'HHI', en: 'HHI', kind: 'int' },
  okpd2_class: { ru: 'Класс ОКПД2', en: 'OKPD2 class', kind: 'okpd2Class' },
  contracts: { ru: 'Контрактов', en: 'Contracts', kind: 'int' },
  versions: { ru: 'Версий', en: 'Versions', kind: 'int' },
  tender_id: { ru: 'Закупка (ID)', en: 'Tender (ID)', kind: 'text' },
  contract_id: { ru: 'Контракт (ID)', en: 'Contract (ID)', kind: 'text' },
  below_by: { ru: 'Ниже порога на', en: 'Below the threshold by', kind: 'rub' },
  band_from: { ru: 'Зона «чуть ниже порога» от', en: 'The “just below” band from', kind: 'rub' },
  first_version: { ru: 'Первая версия', en: 'First version', kind: 'int' },
  top_version: { ru: 'Версия с наибольшей ценой', en: 'Version with the highest price', kind: 'int' },
  top_price: { ru: 'Наибольшая цена', en: 'Highest price', kind: 'rub' },
  limit_pct: { ru: 'Допустимо по закону', en: 'Allowed by the law', kind: 'pct' },
  peer_percentile: { ru: 'Процентиль других заказчиков', en: 'Peers’ percentile', kind: 'int' },
  peer_threshold_pct: { ru: 'Доля на этом процентиле', en: 'Share at that percentile', kind: 'pct' },
  hhi_above: { ru: 'Порог HHI', en: 'HHI threshold', kind: 'int' },
  classes: { ru: 'Классы ОКПД2', en: 'OKPD2 classes', kind: 'okpd2Class' },
  suppliers: { ru: 'Поставщики', en: 'Suppliers', kind: 'text' },
  steps: { ru: 'Цена по версиям', en: 'Price by version', kind: 'text' },
  version: { ru: 'Версия', en: 'Version', kind: 'int' },
  inn: { ru: 'ИНН', en: 'INN', kind: 'text' },
  name: { ru: 'Наименование', en: 'Name', kind: 'text' },
};

/** The fields a flag needs or could not be checked without (the catalogue's and FlagGap's API names), in words. */
const GAP_FIELDS: Record<string, { ru: string; en: string }> = {
  'contract.price': { ru: 'цена контракта', en: 'contract price' },
  'contract.law': { ru: 'закон контракта', en: 'contract’s law' },
  'contract.customer.inn': { ru: 'ИНН заказчика контракта', en: 'the contract’s customer INN' },
  'tender.price': { ru: 'НМЦК закупки', en: 'tender’s initial price' },
  'tender.law': { ru: 'закон закупки', en: 'tender’s law' },
  'tender.placement_type': { ru: 'способ определения поставщика', en: 'placement type' },
  'tender.publish_date': { ru: 'дата публикации', en: 'publication date' },
  'tender.end_date': { ru: 'срок подачи заявок', en: 'submission deadline' },
  'tender (not cached)': { ru: 'закупка контракта (нет в кэше)', en: 'the contract’s tender (not cached)' },
  peers: { ru: 'достаточно других заказчиков для сравнения', en: 'enough peer customers to compare with' },
  // As the catalogue names what a flag needs.
  'tender.placement_type (card only)': { ru: 'способ определения поставщика (только в карточке)', en: 'placement type (card only)' },
  'contract.tender_id': { ru: 'закупка контракта', en: 'the contract’s tender' },
  'contract.suppliers': { ru: 'поставщики контракта', en: 'the contract’s suppliers' },
  'contract.customer.inn (or its tender)': { ru: 'ИНН заказчика контракта (или его закупка)', en: 'the contract’s customer INN (or its tender)' },
  'tender.okpd2': { ru: 'коды ОКПД2 закупки', en: 'the tender’s OKPD2 codes' },
  'contract.law (or a 19-digit reestr_number)': { ru: 'закон контракта (или 19-значный реестровый номер)', en: 'the contract’s law (or a 19-digit registry number)' },
  'tender.law (or a 19/11-digit etp_id)': { ru: 'закон закупки (или 19- либо 11-значный номер извещения)', en: 'the tender’s law (or a 19- or 11-digit notice number)' },
  'contract.price (in every version)': { ru: 'цена контракта (в каждой версии)', en: 'contract price (in every version)' },
};

export function fieldName(field: string, locale: Locale): string {
  return GAP_FIELDS[field]?.[locale] ?? field;
}

const YES_NO = { ru: ['да', 'нет'], en: ['yes', 'no'] } as const;
const DAY_UNITS: Record<string, { ru: string; en: string }> = {
  calendar: { ru: 'календарные', en: 'calendar' },
  working: { ru: 'рабочие', en: 'working' },
};

function isBilingual(v: unknown): v is { ru: string; en: string } {
  return typeof v === 'object' && v !== null && typeof (v as { ru?: unknown }).ru === 'string' && typeof (v as { en?: unknown }).en === 'string';
}

export function evidenceValue(key: string, value: unknown, locale: Locale, formats: EvidenceFormats): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isBilingual(value)) return value[locale];
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (Array.isArray(value)) return value.map((v) => evidenceValue(key, v, locale, formats)).join('; ');
  if (typeof value === 'object') {
    // A nested object (a supplier, a version step): its fields as «name: value».
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${evidenceName(k, locale)}: ${evidenceValue(k, v, locale, formats)}`)
      .join(', ');
  }
  const kind = KEYS[key]?.kind ?? (/_at$/.test(key) ? 'moment' : /_pct$/.test(key) ? 'pct' : /(^|_)price$|amount$/.test(key) ? 'rub' : 'text');
  switch (kind) {
    case 'rub':
      return typeof value === 'number' ? formats.rub(value, locale) : String(value);
    case 'pct':
      return typeof value === 'number' ? formats.pct(value, locale) : String(value);
    case 'int':
      return typeof value === 'number' ? formats.int(value, locale) : String(value);
    case 'moment':
      return typeof value === 'string' ? formats.moment(value, locale) : typeof value === 'number' ? formats.moment(new Date(value * 1000).toISOString(), locale) : String(value);
    case 'law':
      return lawName(String(value), locale);
    case 'dayUnit':
      return DAY_UNITS[String(value)]?.[locale] ?? String(value);
    case 'okpd2Class':
      return okpd2ClassName(String(value), locale);
    default:
      return String(value);
  }
}

export function evidenceName(key: string, locale: Locale): string {
  const known = KEYS[key];
  if (known) return known[locale];
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The evidence as lines (the key, its name, the value in words), in the engine's order. */
export function evidenceLines(evidence: Record<string, unknown>, locale: Locale, formats: EvidenceFormats): [key: string, name: string, value: string][] {
  return Object.entries(evidence).map(([k, v]) => [k, evidenceName(k, locale), evidenceValue(k, v, locale, formats)]);
}
