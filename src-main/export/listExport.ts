/**
 * A list to CSV: each member's newest held version, streamed row by row in the order the versions were
 * stored (each compressed pack read once), so the file can be as long as the list while memory stays flat. Members never delivered yet are written with their id only (fetching
 * them here would be a charge the user did not ask for).
 */
import type { CacheDb } from '../cache/database';
import { listMemberCount, listMemberVersions, type MemberText } from '../cache/listMemberVersions';
import { TENDER_COLUMNS, writeCsv, type CsvColumn } from './csv';
import { jsonFieldPicker } from './jsonFields';

export const DEFAULT_LIST_COLUMNS = ['id', 'etp_id', 'name', 'law', 'status', 'price', 'region', 'customer_name', 'customer_inn', 'publish_date', 'end_date'];

export const defaultListColumns = (): CsvColumn[] => TENDER_COLUMNS.filter((c) => DEFAULT_LIST_COLUMNS.includes(c.key));

export type ListExportResult = { rows: number; bytes: number; missing: number };

/**
 * How each member's JSON is read: only the fields the columns read when every column says which (the
 * tender columns do), so the rest of a ~1.6 KB tender is neither decoded nor parsed; otherwise whole.
 */
function memberText(columns: readonly CsvColumn[]): MemberText | undefined {
  const fields: string[] = [];
  for (const column of columns) {
    const reads = column.reads ?? (column.get === undefined ? [column.key] : undefined);
    if (reads === undefined) return undefined;
    fields.push(...reads);
  }
  const pick = jsonFieldPicker(fields);
  return (pack, start, end) => pick(pack, start, end) ?? pack.toString('utf8', start, end);
}

export async function exportListCsv(
  cache: CacheDb,
  listId: string,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  opts: { delimiter?: ';' | ',' | '\t'; signal?: AbortSignal; onProgress?: (rows: number, total: number) => void } = {},
): Promise<ListExportResult> {
  const total = listMemberCount(cache, listId);
  let missing = 0;
  function* rows(): Generator<Record<string, unknown>> {
    for (const m of listMemberVersions(cache, listId, memberText(columns))) {
      if (m.json === null) missing += 1;
      yield m.json === null ? { id: m.tenderId } : (JSON.parse(m.json) as Record<string, unknown>);
    }
  }
  const result = await writeCsv(rows(), columns, out, {
    ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    onProgress: (n: number) => opts.onProgress?.(n, total),
  });
  return { rows: result.rows, bytes: result.bytes, missing };
}
