/**
 * How an export's provenance (domain/provenance.ts) is told to a person, in Russian and English: the field
 * names of the XLSX sheet «Источник» and how the export history names what a file holds. Pure, so the core
 * (export/provenance.ts) and the renderer's export history say it the same way.
 */
import type { ExportSubject, Provenance } from '../domain/provenance';
import { savedSearchName, summarizeCriteria } from './criteriaSummary';
import { pick, text, type Locale, type Text } from './text';

export const PROVENANCE_WORDS = {
  sheet: text('Источник', 'Source'),
  field: text('Поле', 'Field'),
  value: text('Значение', 'Value'),
  what: text('Что выгружено', 'Exported'),
  list: text('Список', 'List'),
  search: text('Сохранённый поиск', 'Saved search'),
  customer: text('Досье заказчика', 'Customer dossier'),
  supplier: text('Досье поставщика', 'Supplier dossier'),
  ledger: text('Журнал списаний', 'Ledger'),
  earlierFilter: text('Фильтр (прежнее поколение API)', 'Filter (earlier API generation)'),
  earlierFavorites: text('Избранное (прежнее поколение API)', 'Favorites (earlier API generation)'),
  priceBenchmark: text('Цены по коду', 'Prices by code'),
  calendar: text('Календарь сроков', 'Deadlines calendar'),
  name: text('Название', 'Name'),
  /** The id, kept last as a technical line: the name and the criteria in words come first. */
  listId: text('Служебный номер списка', 'List id (technical)'),
  filterId: text('Служебный номер поиска', 'Search id (technical)'),
  criteria: text('Критерии поиска', 'Search criteria'),
  inn: text('ИНН', 'INN'),
  madeAt: text('Выгружено', 'Made at'),
  freshness: text('Свежесть данных (последняя доставка)', 'Data as of (newest delivery)'),
  neverDelivered: text('нет доставленных строк', 'no delivered rows'),
  units: text('Стоимость строк при доставке, ед.', 'Units the rows cost when delivered'),
  rows: text('Строк', 'Rows'),
  appVersion: text('Версия приложения', 'App version'),
} satisfies Record<string, Text>;

/** How the history and the sheet name what a file holds, e.g. «Список «ИТ»», «Досье заказчика 7707083893». */
export function subjectTitle(what: ExportSubject, locale: Locale): string {
  const w = (t: Text): string => pick(t, locale);
  switch (what.kind) {
    case 'list':
      return `${w(PROVENANCE_WORDS.list)} «${what.name}»`;
    case 'search':
      return `${w(PROVENANCE_WORDS.search)} «${savedSearchName(what, locale)}»`;
    case 'dossier':
      return `${w(what.party === 'customer' ? PROVENANCE_WORDS.customer : PROVENANCE_WORDS.supplier)} ${what.inn}${what.name ? ` (${what.name})` : ''}`;
    case 'earlier_filter':
      return `${w(PROVENANCE_WORDS.earlierFilter)} «${what.name ?? what.filter_id}»`;
    case 'earlier_favorites':
      return w(PROVENANCE_WORDS.earlierFavorites);
    case 'price_benchmark':
      return `${w(PROVENANCE_WORDS.priceBenchmark)} ${what.query.code}`;
    case 'calendar':
      return `${w(PROVENANCE_WORDS.calendar)}: ${what.name}`;
    default:
      return w(PROVENANCE_WORDS.ledger);
  }
}

export interface ProvenanceLine {
  field: string;
  value: unknown;
  /** How the value cell is typed (csv.ts formats). */
  format: 'text' | 'datetime' | 'integer';
}

/** The provenance as field/value lines, in the user's language (the XLSX sheet; the values typed). */
export function provenanceLines(p: Provenance, locale: Locale): ProvenanceLine[] {
  const w = (t: Text): string => pick(t, locale);
  const lines: ProvenanceLine[] = [{ field: w(PROVENANCE_WORDS.what), value: subjectTitle(p.what, locale), format: 'text' }];
  if (p.what.kind === 'list') {
    lines.push({ field: w(PROVENANCE_WORDS.name), value: p.what.name, format: 'text' });
  } else if (p.what.kind === 'search') {
    lines.push(
      { field: w(PROVENANCE_WORDS.name), value: savedSearchName(p.what, locale), format: 'text' },
      { field: w(PROVENANCE_WORDS.criteria), value: summarizeCriteria(p.what.criteria, locale), format: 'text' },
    );
  } else if (p.what.kind === 'dossier') {
    lines.push({ field: w(PROVENANCE_WORDS.inn), value: p.what.inn, format: 'text' });
    if (p.what.name) lines.push({ field: w(PROVENANCE_WORDS.name), value: p.what.name, format: 'text' });
  }
  lines.push(
    { field: w(PROVENANCE_WORDS.madeAt), value: p.made_at, format: 'datetime' },
    p.freshness === null
      ? { field: w(PROVENANCE_WORDS.freshness), value: w(PROVENANCE_WORDS.neverDelivered), format: 'text' }
      : { field: w(PROVENANCE_WORDS.freshness), value: p.freshness, format: 'datetime' },
    { field: w(PROVENANCE_WORDS.units), value: p.units, format: 'integer' },
    { field: w(PROVENANCE_WORDS.rows), value: p.rows, format: 'integer' },
    { field: w(PROVENANCE_WORDS.appVersion), value: p.app_version, format: 'text' },
  );
  if (p.what.kind === 'list') lines.push({ field: w(PROVENANCE_WORDS.listId), value: p.what.list_id, format: 'text' });
  if (p.what.kind === 'search') lines.push({ field: w(PROVENANCE_WORDS.filterId), value: p.what.filter_id, format: 'text' });
  return lines;
}
