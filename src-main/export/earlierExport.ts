/**
 * CSV of the earlier generation's cached tenders: a filter's (every tender its pages delivered, newest
 * held version) or the favorites'. The same Excel-ready writer and the same columns as `export list`
 * (`TENDER_COLUMNS`, chosen with `parseColumnList`): the earlier tenders are stored as the same kind of
 * objects (name, organization, region, status, platform, dates). Nothing is fetched here: exporting must
 * not charge. Like every table export, a file gets its provenance in `FILE.provenance.json` (tableFile.ts).
 */
import type { CacheDb } from '../cache/database';
import { earlierFavoriteStore, type EarlierFavorite } from '../cache/earlier/favoriteStore';
import { earlierFilterStore } from '../cache/earlier/filterStore';
import { storedJson } from '../cache/storedJson';
import { versionStore } from '../cache/versionStore';
import type { ExportSubject } from '../domain/provenance';
import { statusCodeOfName } from '../domain/tenderStage';
import { TENDER_COLUMNS, type CsvColumn, type TableExportOptions } from './csv';
import { objectsCost } from './provenance';
import { writeTableFile, type TableFileResult } from './tableFile';

/**
 * Default columns for the earlier generation: the list export's, without the law (the earlier list
 * items do not carry it) and with the platform and the last change, which this generation's users follow.
 */
export const DEFAULT_EARLIER_COLUMNS = ['id', 'etp_id', 'name', 'status', 'price', 'region', 'customer_name', 'customer_inn', 'platform', 'publish_date', 'end_date', 'update_date'];

export const defaultEarlierColumns = (): CsvColumn[] =>
  DEFAULT_EARLIER_COLUMNS.map((key) => TENDER_COLUMNS.find((c) => c.key === key)!).filter(Boolean) as CsvColumn[];

export type EarlierExportOptions = TableExportOptions;
export type EarlierExportResult = TableFileResult;

/** Every cached tender of a filter, as its newest held version. */
export async function exportEarlierFilterCsv(
  cache: CacheDb,
  filterId: number,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  opts: EarlierExportOptions = {},
): Promise<EarlierExportResult> {
  const filters = earlierFilterStore(cache);
  const total = filters.cachedCount(filterId);
  function* rows(): Generator<Record<string, unknown>> {
    for (const m of filters.memberVersions(filterId)) yield storedJson(m.json, `tender ${m.tenderId}`) as Record<string, unknown>;
  }
  const what = { kind: 'earlier_filter', filter_id: filterId, name: filters.filter(filterId)?.name ?? null } as const;
  return write(cache, what, rows(), columns, out, total, opts);
}

/**
 * The favorites mirror: each favorite as its newest held version, or, when the cache holds none, as
 * `GET /favorites` listed it (name, price, dates, region, platform and status names).
 */
export async function exportEarlierFavoritesCsv(
  cache: CacheDb,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  opts: EarlierExportOptions = {},
): Promise<EarlierExportResult> {
  const favorites = earlierFavoriteStore(cache).list();
  const versions = versionStore(cache);
  function* rows(): Generator<Record<string, unknown>> {
    for (const f of favorites) {
      const latest = versions.latest('tender', f.tenderId);
      yield latest ? (latest.object as Record<string, unknown>) : favoriteAsTender(f);
    }
  }
  return write(cache, { kind: 'earlier_favorites' }, rows(), columns, out, favorites.length, opts);
}

/** A `GET /favorites` item in the shape of a tender, for the columns. */
export function favoriteAsTender(f: EarlierFavorite): Record<string, unknown> {
  const i = f.item;
  const named = (v: unknown): { name: unknown } | undefined => (typeof v === 'string' ? { name: v } : undefined);
  return {
    id: f.tenderId,
    etp_id: f.etpId,
    name: i.name,
    price: i.price,
    publish_date: i.publish_date,
    end_date: i.end_date,
    update_date: f.updateDate ?? undefined,
    region: named(i.region_name),
    platform: named(i.platform_name),
    // Only a name is listed: read back to its code, so the stage is decided as for every tender (an unknown name stays as it came).
    status: typeof i.status_name === 'string' ? { code: statusCodeOfName(i.status_name) ?? i.status_name, name: i.status_name } : undefined,
  };
}

/** Writes the rows as CSV with its provenance beside it (tableFile.ts): the tenders written and what they cost when delivered. */
async function write(
  cache: CacheDb,
  what: ExportSubject,
  rows: Iterable<Record<string, unknown>>,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  total: number,
  opts: EarlierExportOptions,
): Promise<EarlierExportResult> {
  const ids: number[] = [];
  function* counted(): Generator<Record<string, unknown>> {
    for (const row of rows) {
      if (typeof row.id === 'number') ids.push(row.id);
      yield row;
    }
  }
  return writeTableFile(counted(), columns, out, { what, cost: () => objectsCost(cache, { tender: ids }) }, { ...opts, format: 'csv', total });
}
