/**
 * Plural forms by the language's own rules (Intl.PluralRules, CLDR): «1 закупка, 2 закупки, 5 закупок,
 * 21 закупка, 1,5 закупки» and «1 tender, 2 tenders». A noun is given by its forms; Russian needs one, few and
 * many (other is the fractional form), English one and other.
 */
import type { Locale } from './text';

export type PluralForms = { one: string; few?: string; many?: string; other: string };
/** A countable noun in both languages. */
export type Noun = { ru: PluralForms; en: PluralForms };

const rules: Partial<Record<Locale, Intl.PluralRules>> = {};
const tag = (locale: Locale): string => (locale === 'ru' ? 'ru-RU' : 'en-GB');
const numberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** The form of the noun that goes with `n`. */
export function pluralForm(n: number, forms: PluralForms, locale: Locale): string {
  const rule = (rules[locale] ??= new Intl.PluralRules(tag(locale))).select(Number.isFinite(n) ? n : 0);
  return forms[rule as keyof PluralForms] ?? forms.other;
}

/** `n` with the locale's digit grouping and the right form: «11 986 закупок», «1 tender». */
export function count(n: number, noun: Noun, locale: Locale): string {
  const formatted = (numberFormats[locale] ??= new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 2 })).format(n);
  return `${formatted} ${pluralForm(n, noun[locale], locale)}`;
}

/** Nouns the app counts in several places. */
export const NOUNS = {
  tender: { ru: { one: 'закупка', few: 'закупки', many: 'закупок', other: 'закупки' }, en: { one: 'tender', other: 'tenders' } },
  contract: { ru: { one: 'контракт', few: 'контракта', many: 'контрактов', other: 'контракта' }, en: { one: 'contract', other: 'contracts' } },
  object: { ru: { one: 'объект', few: 'объекта', many: 'объектов', other: 'объекта' }, en: { one: 'item', other: 'items' } },
  customer: { ru: { one: 'заказчик', few: 'заказчика', many: 'заказчиков', other: 'заказчика' }, en: { one: 'customer', other: 'customers' } },
  unit: { ru: { one: 'ед.', other: 'ед.' }, en: { one: 'unit', other: 'units' } },
  day: { ru: { one: 'день', few: 'дня', many: 'дней', other: 'дня' }, en: { one: 'day', other: 'days' } },
  time: { ru: { one: 'раз', few: 'раза', many: 'раз', other: 'раза' }, en: { one: 'time', other: 'times' } },
  repeatCharge: { ru: { one: 'повторное списание', few: 'повторных списания', many: 'повторных списаний', other: 'повторного списания' }, en: { one: 'repeat charge', other: 'repeat charges' } },
  unexplained: { ru: { one: 'необъяснённая', few: 'необъяснённых', many: 'необъяснённых', other: 'необъяснённой' }, en: { one: 'unexplained', other: 'unexplained' } },
  row: { ru: { one: 'строка', few: 'строки', many: 'строк', other: 'строки' }, en: { one: 'row', other: 'rows' } },
  edit: { ru: { one: 'правка', few: 'правки', many: 'правок', other: 'правки' }, en: { one: 'edit', other: 'edits' } },
  search: { ru: { one: 'поиск', few: 'поиска', many: 'поисков', other: 'поиска' }, en: { one: 'search', other: 'searches' } },
  sync: { ru: { one: 'загрузка', few: 'загрузки', many: 'загрузок', other: 'загрузки' }, en: { one: 'sync', other: 'syncs' } },
  document: { ru: { one: 'документ', few: 'документа', many: 'документов', other: 'документа' }, en: { one: 'document', other: 'documents' } },
} satisfies Record<string, Noun>;
