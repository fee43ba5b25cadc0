/**
 * XLSX with typed cells (issue 16), from the same column definitions the CSV uses (csv.ts `CsvColumn` and its
 * `format`), so a column is defined once for both formats:
 * - `money`: a number with a rouble number format; `integer`: a number; `date` / `datetime`: an Excel date at
 *   the Moscow wall time (Excel dates carry no zone; the cell shows what a Moscow clock showed, as the CSV does);
 * - `text`: a string cell, so a notice number, an INN or KPP with a leading zero, a registry number or an
 *   OKPD2 code `01.11` stays text as it is (no `="…"` needed: a typed cell is never converted on opening, and a
 *   string cell is never a formula). A value a numeric or date column cannot read is kept as text, not lost.
 * Written with exceljs's streaming WorkbookWriter: rows go to the zip as they come (no shared-strings table,
 * which would grow with the file), one yield to the event loop per batch so the compressor keeps up, and the
 * file is written atomically like the CSV (a temporary beside the target, renamed on success; a failed or
 * cancelled export leaves nothing and does not touch an existing file).
 */
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { CsvExportError, moscowFields, toNumber, toText, type CsvColumn, type CsvFormat, type CsvRows } from './csv';
import { sweepLeftoverTemps, tempPathFor } from './tempFiles';

/**
 * One sheet: its columns and rows, or rows made when its turn comes from the data rows of the sheets before it
 * (a provenance sheet tells how many rows the table has).
 */
export interface XlsxSheet<Row extends object = Record<string, unknown>> {
  name: string;
  columns: readonly CsvColumn<Row>[];
  rows: CsvRows<Row> | ((written: readonly number[]) => CsvRows<Row>);
  /** A cell's format when it is not its column's (a field/value sheet whose values are of several kinds). */
  cellFormat?: (row: Row, column: CsvColumn<Row>) => CsvFormat | undefined;
}

export interface WriteXlsxOptions {
  signal?: AbortSignal;
  /** Data rows of the first sheet written so far, every 1000 rows and at the end. */
  onProgress?: (rows: number) => void;
  /** The sheet XML waiting for the zip, in bytes, at each yield (for tests and the bench: memory stays flat). */
  onBacklog?: (bytes: number) => void;
}

export interface WriteXlsxResult {
  /** Data rows of the first sheet (the table exported), without its header. */
  rows: number;
  /** Data rows of every sheet. */
  allRows: number;
  bytes: number;
}

/** Excel keeps at most this many characters in a cell; a longer text would make it "repair" the file. */
const MAX_CELL_CHARS = 32767;
/** Characters XML 1.0 cannot hold (control characters but tab, LF, CR): a cell with them would break the file. */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const PROGRESS_EVERY = 1000;
/** Rows between yields to the event loop, so the zip stream drains while we add rows. */
const YIELD_EVERY = 500;

/** One style object per format: exceljs dedupes styles by object identity, so cells share them cheaply. */
const STYLES: Readonly<Record<CsvFormat, Partial<ExcelJS.Style>>> = {
  text: {},
  integer: { numFmt: '0' },
  money: { numFmt: '#,##0.00 "₽"' },
  date: { numFmt: 'dd.mm.yyyy' },
  datetime: { numFmt: 'dd.mm.yyyy hh:mm' },
};
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { bold: true } };

/** Column widths in characters by format (text columns by their header, within bounds). */
const WIDTHS: Readonly<Record<CsvFormat, number>> = { text: 24, integer: 12, money: 18, date: 12, datetime: 17 };

type CellValue = ExcelJS.CellValue;

function textValue(value: unknown): CellValue {
  const text = toText(value).replace(XML_ILLEGAL, '');
  if (text === '') return null;
  // Without a shared-strings table exceljs writes a string cell as `t="str"` with its value: a string-typed
  // cell that Excel, LibreOffice and independent readers show as text (rich-text runs would cost more per cell).
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
}

/** A moment (or a calendar date) as an Excel date showing Moscow wall time. */
function moscowDate(value: unknown, withTime: boolean): Date | null {
  const f = moscowFields(value);
  if (f === null) return null;
  // exceljs turns a Date into Excel's serial from its UTC fields: they carry the Moscow wall time.
  return new Date(Date.UTC(f.y, f.m - 1, f.d, withTime ? f.hh : 0, withTime ? f.mm : 0));
}

/** The typed cell of a value in a column of `format`; what the format cannot read stays text. */
export function xlsxCellValue(value: unknown, format: CsvFormat): CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (format) {
    case 'money':
    case 'integer': {
      const n = typeof value === 'bigint' && Number.isSafeInteger(Number(value)) ? Number(value) : toNumber(value);
      return n === null ? textValue(value) : n;
    }
    case 'date':
    case 'datetime':
      return moscowDate(value, format === 'datetime') ?? textValue(value);
    default:
      return textValue(value);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The export was cancelled.', 'AbortError');
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Sheet XML allowed to wait for the zip before the rows pause (a few compressor chunks). */
const BACKLOG_LIMIT = 1 << 20;

/** The writable end of the pipe exceljs 4.4.0 feeds a sheet's XML into (the zip entry's input). */
interface SheetPipe {
  _writableState?: { length: number };
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/**
 * Waits while the sheet's XML backs up before the zip. exceljs's sheet stream (a batching StreamBuf) writes to
 * the zip entry's PassThrough without honouring its backpressure, so rows added faster than zlib deflates
 * pile up there: measured +21 MB per 100,000 rows, freed only at the end (BENCHMARKS.md). Reaches into
 * exceljs's internals, so a shape it does not find only yields a turn, as before.
 */
async function zipCaughtUp(worksheet: object, onBacklog?: (bytes: number) => void): Promise<void> {
  const pipe = (worksheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes?.[0];
  const backlog = pipe?._writableState?.length;
  if (pipe === undefined || typeof backlog !== 'number') return nextTurn();
  onBacklog?.(backlog);
  if (backlog <= BACKLOG_LIMIT) return nextTurn();
  await new Promise<void>((resolve) => {
    const done = (): void => {
      for (const event of ['drain', 'close', 'error'] as const) pipe.removeListener(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error'] as const) pipe.once(event, done);
  });
}

/** Excel's sheet names: at most 31 characters, none of `\ / ? * [ ] :`. */
const sheetName = (name: string): string => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';

async function writeSheet<Row extends object>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: XlsxSheet<Row>,
  opts: WriteXlsxOptions & { first: boolean; written: readonly number[] },
): Promise<number> {
  const { columns } = sheet;
  const { signal } = opts;
  const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map((c) => ({
    key: c.key,
    width: Math.min(60, Math.max(WIDTHS[c.format ?? 'text'], c.header.length + 2)),
    style: STYLES[c.format ?? 'text'],
  }));
  const header = worksheet.addRow(columns.map((c) => c.header));
  header.font = HEADER_STYLE.font!;
  header.commit();
  let count = 0;
  const add = async (row: Row): Promise<void> => {
    if (signal?.aborted) throw abortReason(signal);
    const values = new Array<CellValue>(columns.length);
    // A cell typed unlike its column (a field/value sheet) needs its own number format, else Excel shows a date as its serial.
    let own: [number, CsvFormat][] | undefined;
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      const value = column.get !== undefined ? column.get(row) : (row as Record<string, unknown>)[column.key];
      const format = sheet.cellFormat?.(row, column) ?? column.format ?? 'text';
      values[i] = xlsxCellValue(value, format);
      if (format !== (column.format ?? 'text')) (own ??= []).push([i, format]);
    }
    const added = worksheet.addRow(values);
    for (const [i, format] of own ?? []) added.getCell(i + 1).style = STYLES[format];
    added.commit();
    count += 1;
    if (opts.first && count % PROGRESS_EVERY === 0) opts.onProgress?.(count);
    if (count % YIELD_EVERY === 0) await zipCaughtUp(worksheet, opts.onBacklog);
  };
  const rows = typeof sheet.rows === 'function' ? sheet.rows(opts.written) : sheet.rows;
  if ('batches' in rows) {
    for await (const batch of rows.batches) for (const row of batch) await add(row);
  } else if (Symbol.asyncIterator in rows) {
    for await (const row of rows) await add(row);
  } else {
    for (const row of rows) await add(row);
  }
  if (signal?.aborted) throw abortReason(signal);
  worksheet.commit();
  if (opts.first && (count % PROGRESS_EVERY !== 0 || count === 0)) opts.onProgress?.(count);
  return count;
}

/** A sheet of any row type, for a workbook whose sheets hold different rows (`anySheet` makes one). */
export type AnySheet = XlsxSheet<object> & { readonly anyRows: true };

/** Forgets a sheet's row type: each sheet's columns read only its own rows, which writeXlsx keeps together. */
export const anySheet = <Row extends object>(sheet: XlsxSheet<Row>): AnySheet => ({ ...(sheet as unknown as XlsxSheet<object>), anyRows: true });

/**
 * Writes the sheets, in order, to `target` atomically. Resolves with the first sheet's data rows (the table
 * exported), every sheet's, and the file's size.
 */
export async function writeXlsx(sheets: readonly AnySheet[], target: string, opts: WriteXlsxOptions = {}): Promise<WriteXlsxResult> {
  if (sheets.length === 0 || sheets.some((s) => s.columns.length === 0)) throw new CsvExportError('invalid_columns', 'Choose at least one column to export.');
  if (opts.signal?.aborted) throw abortReason(opts.signal);
  const absolute = path.resolve(target);
  await sweepLeftoverTemps(path.dirname(absolute));
  const temp = tempPathFor(absolute);
  // The file is opened here, not by exceljs, so an open failure is ours to word and a failure later can wait
  // for the file to close before removing it (else a late open would leave the temporary behind).
  const file = createWriteStream(temp, { flags: 'wx', mode: 0o644 });
  const closed = new Promise<void>((resolve) => file.once('close', resolve));
  let streamError: unknown = null;
  file.on('error', (error: unknown) => {
    streamError ??= error;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      file.once('open', () => resolve());
      file.once('error', reject);
    });
  } catch (error) {
    await closed;
    throw new CsvExportError('write_failed', `Cannot write ${absolute}: ${(error as Error).message}`, { cause: error });
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useStyles: true, useSharedStrings: false });
  try {
    const written: number[] = [];
    for (const [i, sheet] of sheets.entries()) {
      written.push(await writeSheet(workbook, sheet, { ...opts, first: i === 0, written }));
      if (streamError !== null) throw streamError;
    }
    await workbook.commit();
    if (streamError !== null) throw streamError;
    await rename(temp, absolute);
    const { size } = await stat(absolute);
    return { rows: written[0]!, allRows: written.reduce((a, b) => a + b, 0), bytes: size };
  } catch (error) {
    (workbook as unknown as { zip: { abort(): void } }).zip.abort();
    file.destroy();
    await closed;
    await unlink(temp).catch(() => undefined);
    if (error instanceof CsvExportError || (error instanceof Error && error.name === 'AbortError') || error === opts.signal?.reason) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new CsvExportError('write_failed', `Cannot write ${absolute}: ${message}`, { cause: error });
  }
}
