/**
 * One table export in the format asked for: CSV (csv.ts) with its provenance in a sidecar
 * `FILE.provenance.json`, or XLSX (xlsx.ts) with the table on its first sheet and the provenance on a second,
 * «Источник». The same column definitions serve both. Every table export (a list, a saved search's results, the
 * ledger) goes through here, so each file tells where it came from and the caller can record it in the history.
 */
import type { ExportFormat, ExportSubject, Provenance } from '../domain/provenance';
import { pick, text, type Locale } from '../i18n/text';
import { CsvExportError, writeCsv, type CsvColumn, type CsvRows, type TableExportOptions } from './csv';
import { provenanceOf, provenanceSheet, workbookProperties, writeProvenanceSidecar } from './provenance';
import { anySheet, writeXlsx } from './xlsx';

export interface TableFileOptions extends TableExportOptions {
  /** csv (default) or xlsx; XLSX is written to a file path only. */
  format?: ExportFormat;
  /** The language of the provenance sheet and of the table's sheet name; Russian by default. */
  locale?: Locale;
  /** The moment the file is made (its provenance's, and a workbook's «created»); now by default. */
  now?: Date;
}

export interface TableFileResult {
  rows: number;
  bytes: number;
  provenance: Provenance;
}

/** What the rows are and what they cost: read once the rows are written (a tally counts them as they pass). */
export interface TableSource {
  what: ExportSubject;
  cost: () => { freshness: string | null; units: number };
}

const DATA_SHEET = text('Данные', 'Data');

/**
 * Writes `rows` to `out` (a file path, or for CSV also a stream left open, which gets no sidecar) and answers
 * the rows written, the bytes and the provenance.
 */
export async function writeTableFile<Row extends object>(
  rows: CsvRows<Row>,
  columns: readonly CsvColumn<Row>[],
  out: string | NodeJS.WritableStream,
  source: TableSource,
  opts: TableFileOptions & { total?: number } = {},
): Promise<TableFileResult> {
  const progress = (n: number): void => opts.onProgress?.(n, opts.total ?? n);
  if (opts.format === 'xlsx') {
    if (typeof out !== 'string') throw new CsvExportError('write_failed', 'An XLSX export is written to a file.');
    const locale = opts.locale ?? 'ru';
    let provenance: Provenance | undefined;
    const made = (written: readonly number[]): Provenance => (provenance = provenanceOf(source.what, 'xlsx', written[0] ?? 0, source.cost(), opts.now));
    const result = await writeXlsx([anySheet({ name: pick(DATA_SHEET, locale), columns, rows }), anySheet(provenanceSheet(made, locale))], out, {
      properties: () => workbookProperties(provenance!, locale),
      ...(opts.signal ? { signal: opts.signal } : {}),
      onProgress: progress,
    });
    return { rows: result.rows, bytes: result.bytes, provenance: provenance! };
  }
  const result = await writeCsv(rows, columns, out, {
    ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
    ...(opts.keepTextAsText !== undefined ? { keepTextAsText: opts.keepTextAsText } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    onProgress: progress,
  });
  const provenance = provenanceOf(source.what, 'csv', result.rows, source.cost(), opts.now);
  if (typeof out === 'string') await writeProvenanceSidecar(out, provenance);
  return { ...result, provenance };
}
