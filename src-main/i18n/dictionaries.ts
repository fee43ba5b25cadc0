/**
 * The dictionaries behind the QUERY criteria `regions`, `platforms`, `placement_types` and `purchase_types`
 * (docs/api-decisions.md, D-Q-4): the query builder offers them, and the renderer's insight pages and the CLI's
 * readable output (`tenderwb analytics`) name codes by them, so a region or a placement type has one name
 * everywhere. The API reference does not publish them; these are the values our sandbox serves and the
 * decisions file lists. Region names stay Russian in both languages (they are proper names); methods and laws
 * have English names. Pure (the renderer imports it).
 */
import type { CountBy } from '../domain/insights';
import { lawName, tenderStageLabel, tenderStatusName } from './codes';
import { okpd2ClassName, okpd2ClassTitle } from './okpd2Classes';
import type { Locale } from './text';

export interface DictionaryEntry {
  id: number;
  ru: string;
  en: string;
}

export const REGIONS: readonly (readonly [code: number, name: string])[] = [
  [1, 'Республика Адыгея'],
  [2, 'Республика Башкортостан'],
  [3, 'Республика Бурятия'],
  [4, 'Республика Алтай'],
  [5, 'Республика Дагестан'],
  [6, 'Республика Ингушетия'],
  [7, 'Кабардино-Балкарская Республика'],
  [8, 'Республика Калмыкия'],
  [9, 'Карачаево-Черкесская Республика'],
  [10, 'Республика Карелия'],
  [11, 'Республика Коми'],
  [12, 'Республика Марий Эл'],
  [13, 'Республика Мордовия'],
  [14, 'Республика Саха (Якутия)'],
  [15, 'Республика Северная Осетия — Алания'],
  [16, 'Республика Татарстан'],
  [17, 'Республика Тыва'],
  [18, 'Удмуртская Республика'],
  [19, 'Республика Хакасия'],
  [20, 'Чеченская Республика'],
  [21, 'Чувашская Республика — Чувашия'],
  [22, 'Алтайский край'],
  [23, 'Краснодарский край'],
  [24, 'Красноярский край'],
  [25, 'Приморский край'],
  [26, 'Ставропольский край'],
  [27, 'Хабаровский край'],
  [28, 'Амурская область'],
  [29, 'Архангельская область'],
  [30, 'Астраханская область'],
  [31, 'Белгородская область'],
  [32, 'Брянская область'],
  [33, 'Владимирская область'],
  [34, 'Волгоградская область'],
  [35, 'Вологодская область'],
  [36, 'Воронежская область'],
  [37, 'Ивановская область'],
  [38, 'Иркутская область'],
  [39, 'Калининградская область'],
  [40, 'Калужская область'],
  [41, 'Камчатский край'],
  [42, 'Кемеровская область — Кузбасс'],
  [43, 'Кировская область'],
  [44, 'Костромская область'],
  [45, 'Курганская область'],
  [46, 'Курская область'],
  [47, 'Ленинградская область'],
  [48, 'Липецкая область'],
  [49, 'Магаданская область'],
  [50, 'Московская область'],
  [51, 'Мурманская область'],
  [52, 'Нижегородская область'],
  [53, 'Новгородская область'],
  [54, 'Новосибирская область'],
  [55, 'Омская область'],
  [56, 'Оренбургская область'],
  [57, 'Орловская область'],
  [58, 'Пензенская область'],
  [59, 'Пермский край'],
  [60, 'Псковская область'],
  [61, 'Ростовская область'],
  [62, 'Рязанская область'],
  [63, 'Самарская область'],
  [64, 'Саратовская область'],
  [65, 'Сахалинская область'],
  [66, 'Свердловская область'],
  [67, 'Смоленская область'],
  [68, 'Тамбовская область'],
  [69, 'Тверская область'],
  [70, 'Томская область'],
  [71, 'Тульская область'],
  [72, 'Тюменская область'],
  [73, 'Ульяновская область'],
  [74, 'Челябинская область'],
  [75, 'Забайкальский край'],
  [76, 'Ярославская область'],
  [77, 'Москва'],
  [78, 'Санкт-Петербург'],
  [79, 'Еврейская автономная область'],
  [83, 'Ненецкий автономный округ'],
  [86, 'Ханты-Мансийский автономный округ — Югра'],
  [87, 'Чукотский автономный округ'],
  [89, 'Ямало-Ненецкий автономный округ'],
  [90, 'Запорожская область'],
  [91, 'Республика Крым'],
  [92, 'Севастополь'],
  [93, 'Донецкая Народная Республика'],
  [94, 'Луганская Народная Республика'],
  [95, 'Херсонская область'],
  [99, 'Иные территории, включая город и космодром Байконур'],
];

export const REGION_NAMES: ReadonlyMap<number, string> = new Map(REGIONS);

export const PURCHASE_TYPES: readonly DictionaryEntry[] = [
  { id: 1, ru: '44-ФЗ', en: '44-FZ' },
  { id: 2, ru: '223-ФЗ', en: '223-FZ' },
  { id: 3, ru: 'Коммерческая закупка', en: 'Commercial' },
];

/** Placement methods with the law they belong to (purchase type id). */
export const PLACEMENT_TYPES: readonly (DictionaryEntry & { law: number })[] = [
  { id: 1, law: 1, ru: 'Электронный аукцион', en: 'Electronic auction' },
  { id: 2, law: 1, ru: 'Открытый конкурс в электронной форме', en: 'Open competition (e-form)' },
  { id: 3, law: 1, ru: 'Запрос котировок в электронной форме', en: 'Request for quotations (e-form)' },
  { id: 4, law: 1, ru: 'Запрос предложений в электронной форме', en: 'Request for proposals (e-form)' },
  { id: 5, law: 1, ru: 'Закупка у единственного поставщика', en: 'Single supplier' },
  { id: 6, law: 2, ru: 'Конкурс', en: 'Competition' },
  { id: 7, law: 2, ru: 'Аукцион', en: 'Auction' },
  { id: 8, law: 2, ru: 'Запрос котировок', en: 'Request for quotations' },
  { id: 9, law: 2, ru: 'Запрос предложений', en: 'Request for proposals' },
  { id: 10, law: 2, ru: 'Иной способ, установленный положением о закупке', en: "Other method under the customer's rules" },
  { id: 11, law: 3, ru: 'Коммерческий запрос предложений', en: 'Commercial request for proposals' },
];

export const PLATFORMS: readonly DictionaryEntry[] = [
  { id: 1, ru: 'ЕИС (zakupki.gov.ru)', en: 'EIS (zakupki.gov.ru)' },
  { id: 2, ru: 'Сбербанк-АСТ', en: 'Sberbank-AST' },
  { id: 3, ru: 'РТС-тендер', en: 'RTS-tender' },
  { id: 4, ru: 'ЭТП ГПБ', en: 'ETP GPB' },
  { id: 5, ru: 'Росэлторг', en: 'Roseltorg' },
  { id: 6, ru: 'АГЗ РТ', en: 'AGZ RT' },
  { id: 7, ru: 'ТЭК-Торг', en: 'TEK-Torg' },
  { id: 8, ru: 'Национальная электронная площадка', en: 'National Electronic Platform' },
  { id: 9, ru: 'Фабрикант', en: 'Fabrikant' },
  { id: 10, ru: 'B2B-Center', en: 'B2B-Center' },
  { id: 11, ru: 'Lot-Online (РАД)', en: 'Lot-Online (RAD)' },
];

/** The QUERY's tender statuses (4.5), named by codes.ts: one name per status everywhere. */
export const STATUSES = (['active', 'completed', 'cancelled'] as const).map((code) => ({ code, ru: tenderStatusName(code, 'ru'), en: tenderStatusName(code, 'en') }));

export function entryName(list: readonly DictionaryEntry[], id: number, locale: Locale): string {
  const e = list.find((x) => x.id === id);
  return e ? e[locale] : `#${id}`;
}

export function regionName(code: number): string {
  return REGION_NAMES.get(code) ?? String(code).padStart(2, '0');
}

/** What a count-by breaks down by. */
export type Dimension = 'status' | 'law' | 'placement' | 'region' | 'okpd2';

const UNKNOWN = { ru: 'Не указано', en: 'Not stated' } as const;

/** A row of a breakdown by its human name; the answer's own label (a placement's or class's name) first. */
export function countByName(dimension: Dimension, row: CountBy, locale: Locale): string {
  if (row.key === 'unknown' || row.key === '') return UNKNOWN[locale];
  switch (dimension) {
    case 'status':
      // A dossier breaks its tenders down by stage (domain/tenderStage.ts), named as every surface names it.
      return tenderStageLabel(row.key, locale);
    case 'law':
      return lawName(row.key, locale);
    case 'placement':
      return row.label ?? (/^\d+$/.test(row.key) ? entryName(PLACEMENT_TYPES, Number(row.key), locale) : row.key);
    case 'region':
      return row.label ?? (/^\d+$/.test(row.key) ? regionName(Number(row.key)) : row.key);
    case 'okpd2':
      // An OKPD2 class is the analyst's own vocabulary: the code stays, with its name (the classifier's first).
      return okpd2ClassTitle(row.key, locale) !== null ? okpd2ClassName(row.key, locale) : row.label ? `${row.key} — ${row.label}` : row.key;
  }
}
