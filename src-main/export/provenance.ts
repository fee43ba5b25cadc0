/**
 * An export's provenance (domain/provenance.ts): what was exported (named from the cache), when, how fresh and
 * what the rows cost when delivered (counted batch by batch as the rows are written, so memory stays flat),
 * and the app's version. Told in the file itself (the XLSX sheet «Источник», the CSV sidecar
 * `FILE.provenance.json`) and kept in the export history (cache/exportHistory.ts).
 */
import { readFileSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tenderDeliveredCost } from '../cache/deliveredCost';
import type { CacheDb } from '../cache/database';
import { exportHistory } from '../cache/exportHistory';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import type { ExportFormat, ExportSubject, Provenance } from '../domain/provenance';
import { pick, text, type Locale, type Text } from '../i18n/text';
import type { CsvColumn } from './csv';
import { tempPathFor } from './tempFiles';
import type { XlsxSheet } from './xlsx';

let version: string | undefined;

/**
 * The app's version from its package.json, two folders up from this module both in the source tree
 * (src-main/export/) and in the build (out/main/, also inside the packaged asar); "unknown" if unreadable.
 */
export function appVersion(): string {
  if (version === undefined) {
    try {
      const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
      version = typeof parsed.version === 'string' ? parsed.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

/** What a list export holds: the list with its name (its id when the cache no longer has it). */
export function listSubject(cache: CacheDb, listId: string): ExportSubject {
  return { kind: 'list', list_id: listId, name: listStore(cache).getList(listId)?.name ?? listId };
}

/** What a saved search's export holds: its label and the criteria it was saved with. */
export function searchSubject(cache: CacheDb, filterId: string): ExportSubject {
  const search = searchStore(cache).get(filterId);
  const params = search?.params;
  const criteria = params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  return { kind: 'search', filter_id: filterId, label: search?.label ?? null, criteria };
}

/** The freshness and units of tender rows, counted batch by batch as they pass to the writer. */
export interface TenderTally {
  /** The same batches, each counted once it has been handed on. */
  pass<Row extends Record<string, unknown>>(batches: AsyncIterable<readonly Row[]>): AsyncGenerator<readonly Row[]>;
  readonly freshness: string | null;
  readonly units: number;
}

export function tenderTally(cache: CacheDb): TenderTally {
  let freshness: string | null = null;
  let units = 0;
  return {
    async *pass(batches) {
      for await (const batch of batches) {
        const ids: number[] = [];
        for (const row of batch) if (typeof row.id === 'number') ids.push(row.id);
        const cost = tenderDeliveredCost(cache, ids);
        units += cost.units;
        if (cost.newest !== null && (freshness === null || cost.newest > freshness)) freshness = cost.newest;
        yield batch;
      }
    },
    get freshness() {
      return freshness;
    },
    get units() {
      return units;
    },
  };
}

export function provenanceOf(what: ExportSubject, format: ExportFormat, rows: number, tally: { freshness: string | null; units: number }, madeAt = new Date()): Provenance {
  return { what, made_at: madeAt.toISOString(), freshness: tally.freshness, units: tally.units, rows, format, app_version: appVersion() };
}

// ---------------------------------------------------------------------------------------------------------
// Telling it: the «Источник» sheet, the CSV sidecar, the history
// ---------------------------------------------------------------------------------------------------------

const WORDS = {
  sheet: text('Источник', 'Source'),
  field: text('Поле', 'Field'),
  value: text('Значение', 'Value'),
  what: text('Что выгружено', 'Exported'),
  list: text('Список', 'List'),
  search: text('Сохранённый поиск', 'Saved search'),
  customer: text('Досье заказчика', 'Customer dossier'),
  supplier: text('Досье поставщика', 'Supplier dossier'),
  ledger: text('Журнал списаний', 'Ledger'),
  name: text('Название', 'Name'),
  listId: text('ID списка', 'List ID'),
  filterId: text('ID фильтра', 'Filter ID'),
  criteria: text('Критерии поиска', 'Search criteria'),
  inn: text('ИНН', 'INN'),
  madeAt: text('Выгружено', 'Made at'),
  freshness: text('Свежесть данных (последняя доставка)', 'Data as of (newest delivery)'),
  neverDelivered: text('нет доставленных строк', 'no delivered rows'),
  units: text('Стоимость строк при доставке, ед.', 'Units the rows cost when delivered'),
  rows: text('Строк', 'Rows'),
  appVersion: text('Версия приложения', 'App version'),
  noLabel: text('без названия', 'unnamed'),
} satisfies Record<string, Text>;

/** How the history and the sheet name what a file holds, e.g. «Список «ИТ»», «Досье заказчика 7707083893». */
export function subjectTitle(what: ExportSubject, locale: Locale): string {
  const w = (t: Text): string => pick(t, locale);
  switch (what.kind) {
    case 'list':
      return `${w(WORDS.list)} «${what.name}»`;
    case 'search':
      return `${w(WORDS.search)} «${what.label ?? w(WORDS.noLabel)}»`;
    case 'dossier':
      return `${w(what.party === 'customer' ? WORDS.customer : WORDS.supplier)} ${what.inn}${what.name ? ` (${what.name})` : ''}`;
    default:
      return w(WORDS.ledger);
  }
}

interface Line {
  field: string;
  value: unknown;
  /** How the value cell is typed (csv.ts formats). */
  format: 'text' | 'datetime' | 'integer';
}

/** The provenance as field/value lines, in the user's language (the XLSX sheet; the values typed). */
export function provenanceLines(p: Provenance, locale: Locale): Line[] {
  const w = (t: Text): string => pick(t, locale);
  const lines: Line[] = [{ field: w(WORDS.what), value: subjectTitle(p.what, locale), format: 'text' }];
  if (p.what.kind === 'list') {
    lines.push({ field: w(WORDS.name), value: p.what.name, format: 'text' }, { field: w(WORDS.listId), value: p.what.list_id, format: 'text' });
  } else if (p.what.kind === 'search') {
    lines.push(
      { field: w(WORDS.name), value: p.what.label ?? w(WORDS.noLabel), format: 'text' },
      { field: w(WORDS.filterId), value: p.what.filter_id, format: 'text' },
      { field: w(WORDS.criteria), value: JSON.stringify(p.what.criteria), format: 'text' },
    );
  } else if (p.what.kind === 'dossier') {
    lines.push({ field: w(WORDS.inn), value: p.what.inn, format: 'text' });
    if (p.what.name) lines.push({ field: w(WORDS.name), value: p.what.name, format: 'text' });
  }
  lines.push(
    { field: w(WORDS.madeAt), value: p.made_at, format: 'datetime' },
    p.freshness === null
      ? { field: w(WORDS.freshness), value: w(WORDS.neverDelivered), format: 'text' }
      : { field: w(WORDS.freshness), value: p.freshness, format: 'datetime' },
    { field: w(WORDS.units), value: p.units, format: 'integer' },
    { field: w(WORDS.rows), value: p.rows, format: 'integer' },
    { field: w(WORDS.appVersion), value: p.app_version, format: 'text' },
  );
  return lines;
}

/**
 * The «Источник» sheet: field and value, each value typed by its line (a date is a date, a count a number);
 * `made` gives the provenance once the sheets before it are written.
 */
export function provenanceSheet(made: (written: readonly number[]) => Provenance, locale: Locale): XlsxSheet<Line> {
  const columns: CsvColumn<Line>[] = [
    { key: 'field', header: pick(WORDS.field, locale) },
    { key: 'value', header: pick(WORDS.value, locale) },
  ];
  return { name: pick(WORDS.sheet, locale), columns, rows: (written) => provenanceLines(made(written), locale), cellFormat: (line, column) => (column.key === 'value' ? line.format : undefined) };
}

/** The CSV's sidecar: `FILE.provenance.json` beside `FILE`. */
export const sidecarPath = (file: string): string => `${file}.provenance.json`;

/** Writes the sidecar atomically (a temporary beside it, renamed), so a half-written one never appears. */
export async function writeProvenanceSidecar(file: string, p: Provenance): Promise<string> {
  const target = path.resolve(sidecarPath(file));
  const temp = tempPathFor(target);
  try {
    await writeFile(temp, JSON.stringify(p, null, 2) + '\n', { flag: 'wx', mode: 0o644 });
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return target;
}

/** Adds a finished export to the history; answers its id. */
export function recordExport(cache: CacheDb, entry: { fileName: string; path: string | null; provenance: Provenance }): number {
  return exportHistory(cache).record(entry);
}
