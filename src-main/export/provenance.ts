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
import { deliveredCost, tenderDeliveredCost } from '../cache/deliveredCost';
import type { CacheDb } from '../cache/database';
import { exportHistory } from '../cache/exportHistory';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import type { ExportSubject, Provenance, ProvenanceFormat } from '../domain/provenance';
import { provenanceLines, PROVENANCE_WORDS, subjectTitle, type ProvenanceLine } from '../i18n/provenanceText';
import { pick, type Locale } from '../i18n/text';
import type { CsvColumn } from './csv';
import { tempPathFor } from './tempFiles';
import type { XlsxSheet } from './xlsx';
import type { WorkbookProperties } from './xlsxPackage';

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

/** The freshness and units of these tenders' and contracts' newest held versions, asked a thousand ids at a time. */
export function objectsCost(cache: CacheDb, ids: { tender?: readonly number[]; contract?: readonly number[] }): { freshness: string | null; units: number } {
  let freshness: string | null = null;
  let units = 0;
  for (const kind of ['tender', 'contract'] as const) {
    const all = ids[kind] ?? [];
    for (let i = 0; i < all.length; i += 1000) {
      const cost = deliveredCost(cache, all.slice(i, i + 1000), kind);
      units += cost.units;
      if (cost.newest !== null && (freshness === null || cost.newest > freshness)) freshness = cost.newest;
    }
  }
  return { freshness, units };
}

export function provenanceOf(what: ExportSubject, format: ProvenanceFormat, rows: number, tally: { freshness: string | null; units: number }, madeAt = new Date()): Provenance {
  return { what, made_at: madeAt.toISOString(), freshness: tally.freshness, units: tally.units, rows, format, app_version: appVersion() };
}

// ---------------------------------------------------------------------------------------------------------
// Telling it: the «Источник» sheet (its words: i18n/provenanceText.ts), the CSV sidecar, the history
// ---------------------------------------------------------------------------------------------------------

/**
 * The «Источник» sheet: field and value, each value typed by its line (a date is a date, a count a number);
 * `made` gives the provenance once the sheets before it are written.
 */
export function provenanceSheet(made: (written: readonly number[]) => Provenance, locale: Locale): XlsxSheet<ProvenanceLine> {
  const columns: CsvColumn<ProvenanceLine>[] = [
    { key: 'field', header: pick(PROVENANCE_WORDS.field, locale) },
    { key: 'value', header: pick(PROVENANCE_WORDS.value, locale) },
  ];
  return { name: pick(PROVENANCE_WORDS.sheet, locale), columns, rows: (written) => provenanceLines(made(written), locale), cellFormat: (line, column) => (column.key === 'value' ? line.format : undefined) };
}

/**
 * A workbook's document properties from its provenance, so they say what its «Источник» sheet says: the title as
 * the history names what it holds, the app and its version as the creator, the moment it was made.
 */
export function workbookProperties(p: Provenance, locale: Locale): WorkbookProperties {
  return { title: subjectTitle(p.what, locale), creator: `Tender Workbench ${p.app_version}`, created: p.made_at };
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
