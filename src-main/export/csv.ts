/**
 * CSV that opens right in Russian Excel (DOMAIN.md), or plain for other programs, written as a stream.
 *
 * - UTF-8 with a BOM (without it Excel reads Windows-1251), `;` as the delimiter, CRLF line ends, quoting per
 *   RFC 4180 (a cell with a quote, the delimiter, CR or LF is quoted and its quotes doubled).
 * - Formula injection: a cell that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`. A number in a
 *   numeric column (`money`, `integer`) is written by us from a number, so `-1500,00` stays a number.
 * - Money: two decimals, decimal comma (with `;`), no thousands separator: Excel parses `1234567,89`.
 * - Dates `dd.mm.yyyy`, datetimes `dd.mm.yyyy HH:MM`, both in Moscow time (UTC+3, no DST).
 * - Text that Excel would silently turn into a number or a date — a notice number `0173100007426000018`, an
 *   INN with a leading zero, an OKPD2 code `01.11` — is written as `="…"` so it stays text (see
 *   `keepTextAsText`). The wrapper holds only digits and separators, so it cannot smuggle in a formula.
 * - The plain flavour (`keepTextAsText: false`: the CLI's `--format plain`, the app's «Другие программы») is
 *   for other programs and any locale (Russian dates beside dot decimals imported as text in every
 *   locale): no `="…"`, dot decimals without grouping whatever the delimiter (`49917550.76`), ISO dates
 *   `2026-12-06` and date-times `2026-12-06 09:00:00`, still Moscow wall time. The space, not ISO's `T`, and no
 *   offset: Excel in every locale, LibreOffice Calc and Google Sheets read `yyyy-mm-dd hh:mm:ss` as a date-time
 *   on import, while Excel keeps a `T` or a `+03:00` as text; pandas, R and Python's `fromisoformat` read it too
 *   (RFC 3339 allows the space). The zone is the app's everywhere (Moscow, the API's), said in docs/cli.md.
 * - Backpressure: when the stream's buffer is full we wait for `drain`, so memory stays flat however many rows.
 * - Given a file path, we write a temporary file next to it and rename it on success: a failed or cancelled
 *   export leaves no half-written file and does not touch an existing one.
 */
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { chooseColumns, columnKeysOf } from './columnChoice';
import { sweepLeftoverTemps, tempPathFor } from './tempFiles';
import { DATE_ONLY, DATE_TIME, MOSCOW_OFFSET_MS } from '../domain/calendar';
import { tenderLaw } from '../domain/laws';
import { tenderStatusCode } from '../domain/tenderStage';
import { lawName, tenderStageNameOf } from '../i18n/codes';

/** `decimal`: a figure with a fraction (a percentage, the HHI), to two decimals; `money`: rubles to the kopeck. */
export type CsvFormat = 'text' | 'money' | 'date' | 'datetime' | 'integer' | 'decimal';
export type CsvDelimiter = ';' | ',' | '\t';
export type CsvRow = Record<string, unknown>;

/**
 * Rows that come in batches from asynchronous work (a list's packs read on another thread): one await per
 * batch rather than per row.
 */
export interface CsvRowBatches<Row> {
  readonly batches: AsyncIterable<readonly Row[]>;
}

export type CsvRows<Row> = AsyncIterable<Row> | Iterable<Row> | CsvRowBatches<Row>;

export interface CsvColumn<Row = CsvRow> {
  key: string;
  header: string;
  format?: CsvFormat;
  /** A row's own format for this column's cell, when a column holds values of several kinds (a figures table). */
  formatOf?: (row: Row) => CsvFormat | undefined;
  /** Reads the cell's value from a row; by default `row[key]`. */
  get?: (row: Row) => unknown;
  /**
   * The top-level fields of the row that `get` reads (by default `[key]` when there is no `get`). A caller
   * holding rows as JSON text parses only these when every column says (listExport.ts).
   */
  reads?: readonly string[];
}

export interface WriteCsvOptions {
  delimiter?: CsvDelimiter;
  /** UTF-8 byte order mark; default true (Excel needs it to read UTF-8). */
  bom?: boolean;
  /** Decimal comma in money and fractional numbers; default true when the delimiter is `;` in the Excel flavour, else false. */
  decimalComma?: boolean;
  /**
   * The Excel flavour (default true): text cells that Excel would convert into numbers or dates (digit strings
   * with a leading zero or 12+ digits, `01.11`, `1-2`…) as `="…"` so Excel keeps them as text, dates as
   * `dd.mm.yyyy`. False is the plain flavour for other programs: no wrapper, ISO dates, dot decimals.
   */
  keepTextAsText?: boolean;
  /** Dates `2026-12-06` and date-times `2026-12-06 09:00:00` (Moscow time); default: in the plain flavour. */
  isoDates?: boolean;
  /** Called with the number of data rows written so far, every `progressEvery` rows and at the end. */
  onProgress?: (rows: number) => void;
  /** Default 1000. */
  progressEvery?: number;
  /** Cancels the export; the promise rejects with the signal's reason and a path target is not created. */
  signal?: AbortSignal;
}

/** What a caller chooses for a whole table's export (a list, a saved search, an earlier filter, the favorites). */
export interface TableExportOptions {
  delimiter?: CsvDelimiter;
  /** Digit strings as `="…"` for Excel (default) or as plain text for other programs (WriteCsvOptions.keepTextAsText). */
  keepTextAsText?: boolean;
  signal?: AbortSignal;
  /** Rows written so far against the table's total. */
  onProgress?: (rows: number, total: number) => void;
}

export interface WriteCsvResult {
  /** Data rows, without the header. */
  rows: number;
  /** Bytes written, BOM and header included. */
  bytes: number;
}

export class CsvExportError extends Error {
  override readonly name = 'CsvExportError';
  constructor(
    readonly code: 'invalid_columns' | 'unknown_column' | 'write_failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------------------

/**
 * Text that Excel (Russian locale) would turn into a number, date or time on opening. Every shape here holds
 * only digits and `.,:/-+ %eE`, so the `="…"` wrapper around it is an inert string literal.
 */
const EXCEL_CONVERTS: readonly RegExp[] = [
  /^\d+[.,]\d+$/, // 26,20 a decimal; 01.11 a date (OKPD2 codes!)
  /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/, // 01.11.11, 2026-03-01, 1/2/3
  /^\d{1,4}[/-]\d{1,2}$/, // 1-2, 3/4: dates
  /^\d{1,2}:\d{2}(:\d{2})?$/, // times
  /^\d{1,3}([ \u00a0]\d{3})+([.,]\d+)?$/, // 1 234 567,89 with a (non-breaking) space
  /^\d+([.,]\d+)?e[+-]?\d+$/i, // 1E5
  /^\d+([.,]\d+)?%$/, // 50 %
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

export interface CsvCellContext {
  delimiter: CsvDelimiter;
  decimalComma: boolean;
  keepTextAsText: boolean;
  isoDates: boolean;
}

/** Characters that make a cell need quotes, per delimiter: one scan of the cell instead of four. */
const NEEDS_QUOTES: Readonly<Record<CsvDelimiter, RegExp>> = { ';': /[";\r\n]/, ',': /[",\r\n]/, '\t': /["\t\r\n]/ };

/** Quotes a finished cell when RFC 4180 requires it. */
function quote(cell: string, delimiter: CsvDelimiter): string {
  return NEEDS_QUOTES[delimiter].test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;

/** A text cell: neutralised against formula injection, protected from Excel's conversions. */
function textCell(text: string, ctx: CsvCellContext): string {
  if (text === '') return '';
  // Most cells start with a letter: one character code answers both questions below without a regex.
  const first = text.charCodeAt(0);
  if (first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d) return `'${text}`; // = + - @ tab CR
  if (ctx.keepTextAsText && isDigitCode(first) && wouldExcelConvert(text)) return `="${text}"`;
  return text;
}

/**
 * Digit strings Excel mangles: a leading zero (dropped), 12+ digits (shown as 5,001E+11 and cut to 15 digits),
 * and the number, date and time shapes above. A short plain number like `2024` or `7830002293` is left be.
 */
function wouldExcelConvert(text: string): boolean {
  if (text.length > 64 || !isDigitCode(text.charCodeAt(0))) return false;
  if (/^\d+$/.test(text)) return (text.length > 1 && text.startsWith('0')) || text.length >= 12;
  return EXCEL_CONVERTS.some((shape) => shape.test(text));
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(toText).join(', ');
  return JSON.stringify(value) ?? '';
}

/** A finite number from a number, bigint-free numeric string (dot or comma decimal), or null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value)) return Number(value.trim().replace(',', '.'));
  return null;
}

/**
 * Below this many kopecks, `(kopecks / 100).toFixed(2)` is exactly the integer's digits with a point before
 * the last two (the division's error is under half a kopeck), so they are written without toFixed.
 */
const EXACT_KOPECKS = 2 ** 51;

function moneyCell(value: unknown, ctx: CsvCellContext): string {
  const n = toNumber(value);
  if (n === null) return textCell(toText(value), ctx);
  // Round half away from zero on kopecks; toFixed alone rounds 1.005 down because of binary floating point.
  const kopecks = Math.round(Math.abs(n) * 100 + 1e-7) * Math.sign(n);
  if (kopecks > -EXACT_KOPECKS && kopecks < EXACT_KOPECKS) {
    const abs = Math.abs(kopecks);
    const cents = abs % 100;
    return `${kopecks < 0 ? '-' : ''}${(abs - cents) / 100}${ctx.decimalComma ? ',' : '.'}${cents < 10 ? '0' : ''}${cents}`;
  }
  const fixed = (kopecks / 100).toFixed(2);
  const normalized = fixed === '-0.00' ? '0.00' : fixed;
  return ctx.decimalComma ? normalized.replace('.', ',') : normalized;
}

/** A figure to two decimals at most (0,72; 12,5; 5291,32), as a number Excel reads. */
function decimalCell(value: unknown, ctx: CsvCellContext): string {
  const n = toNumber(value);
  if (n === null) return textCell(toText(value), ctx);
  const text = String(roundTo(n, 2));
  return ctx.decimalComma ? text.replace('.', ',') : text;
}

/** `n` rounded half away from zero to `digits` decimals (1.005 is 1.01, whatever its binary value says). */
export function roundTo(n: number, digits: number): number {
  const scale = 10 ** digits;
  const rounded = (Math.round(Math.abs(n) * scale + 1e-7) / scale) * Math.sign(n);
  return rounded === 0 ? 0 : rounded;
}

function integerCell(value: unknown, ctx: CsvCellContext): string {
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return value.trim();
  const n = toNumber(value);
  if (n !== null) return ctx.decimalComma ? String(n).replace('.', ',') : String(n);
  return textCell(toText(value), ctx);
}

/** Calendar fields of a moment in Moscow time; a date-only value is a calendar date already (no shift). */
export function moscowFields(value: unknown): { y: number; m: number; d: number; hh: number; mm: number; ss: number } | null {
  let ms: number;
  if (value instanceof Date) {
    ms = value.getTime();
  } else if (typeof value === 'number') {
    ms = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    const dateOnly = DATE_ONLY.exec(text);
    if (dateOnly) return { y: Number(dateOnly[1]), m: Number(dateOnly[2]), d: Number(dateOnly[3]), hh: 0, mm: 0, ss: 0 };
    const full = DATE_TIME.exec(text);
    if (!full) return null;
    // No offset: the API's times are Moscow time.
    const offset = full[7] ?? '+03:00';
    const normalizedOffset = offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    ms = Date.parse(`${full[1]}-${full[2]}-${full[3]}T${full[4]}:${full[5]}:${full[6] ?? '00'}${normalizedOffset}`);
  } else {
    return null;
  }
  if (!Number.isFinite(ms)) return null;
  const msk = new Date(ms + MOSCOW_OFFSET_MS);
  return { y: msk.getUTCFullYear(), m: msk.getUTCMonth() + 1, d: msk.getUTCDate(), hh: msk.getUTCHours(), mm: msk.getUTCMinutes(), ss: msk.getUTCSeconds() };
}

/** Days in a month of the proleptic Gregorian calendar (what Date.parse accepts). */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The number of two digits at `at`, or -1. */
function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The API's own spelling of a moment, `yyyy-mm-ddTHH:MM:SS+03:00` (or with no offset: Moscow time too), is
 * already Moscow wall time: its digits are the cell, with no Date in between. Returns null for any other
 * shape or an out-of-range field, which then takes the general path (and so gets the same answer as before).
 */
function moscowDigits(s: string, withTime: boolean, iso: boolean): string | null {
  if (s.length !== 19 && !(s.length === 25 && s.endsWith('+03:00'))) return null;
  if (s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || s.charCodeAt(10) !== 0x54 || s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a) return null;
  const hi = twoDigits(s, 0);
  const lo = twoDigits(s, 2);
  const m = twoDigits(s, 5);
  const d = twoDigits(s, 8);
  const hh = twoDigits(s, 11);
  const mm = twoDigits(s, 14);
  const ss = twoDigits(s, 17);
  if (hi < 0 || lo < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(hi * 100 + lo, m) || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 59) {
    return null;
  }
  if (iso) return withTime ? `${s.slice(0, 10)} ${s.slice(11, 19)}` : s.slice(0, 10);
  const date = `${s.slice(8, 10)}.${s.slice(5, 7)}.${s.slice(0, 4)}`;
  return withTime ? `${date} ${s.slice(11, 16)}` : date;
}

function dateCell(value: unknown, withTime: boolean, ctx: CsvCellContext): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const fast = moscowDigits(value, withTime, ctx.isoDates);
    if (fast !== null) return fast;
  }
  const f = moscowFields(value);
  // Something that is not a date is kept as text rather than lost (and still guarded).
  if (f === null) return textCell(toText(value), ctx);
  const year = String(f.y).padStart(4, '0');
  if (ctx.isoDates) return withTime ? `${year}-${pad2(f.m)}-${pad2(f.d)} ${pad2(f.hh)}:${pad2(f.mm)}:${pad2(f.ss)}` : `${year}-${pad2(f.m)}-${pad2(f.d)}`;
  const date = `${pad2(f.d)}.${pad2(f.m)}.${year}`;
  return withTime ? `${date} ${pad2(f.hh)}:${pad2(f.mm)}` : date;
}

/** One cell, formatted and quoted, as it goes into the file. */
export function formatCsvCell(value: unknown, format: CsvFormat, ctx: CsvCellContext): string {
  let cell: string;
  switch (format) {
    case 'money':
      cell = moneyCell(value, ctx);
      break;
    case 'integer':
      cell = integerCell(value, ctx);
      break;
    case 'decimal':
      cell = decimalCell(value, ctx);
      break;
    case 'date':
      cell = dateCell(value, false, ctx);
      break;
    case 'datetime':
      cell = dateCell(value, true, ctx);
      break;
    default:
      cell = textCell(toText(value), ctx);
  }
  return quote(cell, ctx.delimiter);
}

// ---------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------

const CHUNK_CHARS = 64 * 1024;
const BOM = '\uFEFF';

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The export was cancelled.', 'AbortError');
}

/** Resolves when `out` can take more data; rejects if it fails or closes first. */
function waitForDrain(out: NodeJS.WritableStream, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      out.removeListener('drain', onDrain);
      out.removeListener('error', onError);
      out.removeListener('close', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    const onDrain = (): void => {
      cleanup();
      resolve();
    };
    const onError = (error: unknown): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => {
      cleanup();
      reject(new CsvExportError('write_failed', 'The output stream closed before the export finished.'));
    };
    const onAbort = (): void => {
      cleanup();
      reject(abortReason(signal!));
    };
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function validateColumns(columns: readonly CsvColumn<never>[]): void {
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new CsvExportError('invalid_columns', 'Choose at least one column to export.');
  }
  const keys = new Set<string>();
  for (const column of columns) {
    if (typeof column.key !== 'string' || column.key === '') throw new CsvExportError('invalid_columns', 'A column has no key.');
    if (keys.has(column.key)) throw new CsvExportError('invalid_columns', `Column "${column.key}" is listed twice.`);
    keys.add(column.key);
  }
}

async function writeRows<Row extends object>(
  rows: CsvRows<Row>,
  columns: readonly CsvColumn<Row>[],
  out: NodeJS.WritableStream,
  opts: WriteCsvOptions,
): Promise<WriteCsvResult> {
  const delimiter = opts.delimiter ?? ';';
  const forExcel = opts.keepTextAsText ?? true;
  const ctx: CsvCellContext = {
    delimiter,
    // The plain flavour reads as data in any locale: a dot even beside `;` (a comma is Russian Excel's alone).
    decimalComma: opts.decimalComma ?? (forExcel && delimiter === ';'),
    keepTextAsText: forExcel,
    isoDates: opts.isoDates ?? !forExcel,
  };
  const progressEvery = Math.max(1, opts.progressEvery ?? 1000);
  const { signal } = opts;

  // A stream error between our writes would otherwise go unnoticed (or be unhandled): remember it.
  let streamError: unknown = null;
  const onError = (error: unknown): void => {
    streamError ??= error;
  };
  out.on('error', onError);

  let bytes = 0;
  let count = 0;
  let pending = '';

  const flush = async (): Promise<void> => {
    if (pending === '') return;
    const chunk = Buffer.from(pending, 'utf8');
    pending = '';
    bytes += chunk.length;
    if (streamError !== null) throw streamError;
    if (!out.write(chunk)) await waitForDrain(out, signal);
    if (streamError !== null) throw streamError;
  };

  try {
    if (opts.bom ?? true) pending += BOM;
    pending += columns.map((column) => quote(textCell(column.header, ctx), delimiter)).join(delimiter) + '\r\n';
    /** Adds one row to `pending`; true when a chunk is ready to write. */
    const addRow = (row: Row): boolean => {
      if (signal?.aborted) throw abortReason(signal);
      let line = '';
      for (let i = 0; i < columns.length; i += 1) {
        const column = columns[i]!;
        const value = column.get !== undefined ? column.get(row) : (row as Record<string, unknown>)[column.key];
        if (i > 0) line += delimiter;
        line += formatCsvCell(value, (column.formatOf !== undefined ? column.formatOf(row) : undefined) ?? column.format ?? 'text', ctx);
      }
      pending += line + '\r\n';
      count += 1;
      if (count % progressEvery === 0) opts.onProgress?.(count);
      return pending.length >= CHUNK_CHARS;
    };
    // A plain iterable (an array, a generator over the cache) is read without `for await`, which would
    // cost a promise and a microtask per row: only writing a chunk waits.
    if ('batches' in rows) {
      for await (const batch of rows.batches) for (const row of batch) if (addRow(row)) await flush();
    } else if (Symbol.asyncIterator in rows) {
      for await (const row of rows) if (addRow(row)) await flush();
    } else {
      for (const row of rows) if (addRow(row)) await flush();
    }
    if (signal?.aborted) throw abortReason(signal);
    await flush();
    if (count % progressEvery !== 0 || count === 0) opts.onProgress?.(count);
    return { rows: count, bytes };
  } finally {
    out.removeListener('error', onError);
  }
}

/**
 * Writes to a temporary file beside `target`, then renames it over `target`; removes the temporary on failure.
 * First removes what killed exports left in that folder (`tempFiles.ts`: only our dead leftovers).
 */
async function writeFileAtomically<Row extends object>(
  rows: CsvRows<Row>,
  columns: readonly CsvColumn<Row>[],
  target: string,
  opts: WriteCsvOptions,
): Promise<WriteCsvResult> {
  const absolute = path.resolve(target);
  await sweepLeftoverTemps(path.dirname(absolute));
  const temp = tempPathFor(absolute);
  const file = createWriteStream(temp, { flags: 'wx', mode: 0o644, flush: true });
  const opened = new Promise<void>((resolve, reject) => {
    file.once('open', () => resolve());
    file.once('error', (error) =>
      reject(new CsvExportError('write_failed', `Cannot write ${absolute}: ${error.message}`, { cause: error })),
    );
  });
  const closed = new Promise<void>((resolve, reject) => {
    file.once('close', resolve);
    file.once('error', reject);
  });
  closed.catch(() => undefined);
  try {
    await opened;
    const result = await writeRows(rows, columns, file, opts);
    await new Promise<void>((resolve, reject) => {
      file.once('error', reject);
      file.end(() => resolve());
    });
    await closed;
    await rename(temp, absolute);
    return result;
  } catch (error) {
    file.destroy();
    await closed.catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes `rows` as CSV. `out` is a file path (written atomically) or a stream (left open: the caller ends it).
 * Resolves with the number of data rows and of bytes written.
 */
export async function writeCsv<Row extends object = CsvRow>(
  rows: CsvRows<Row>,
  columns: readonly CsvColumn<Row>[],
  out: NodeJS.WritableStream | string,
  opts: WriteCsvOptions = {},
): Promise<WriteCsvResult> {
  validateColumns(columns as readonly CsvColumn<never>[]);
  if (opts.signal?.aborted) throw abortReason(opts.signal);
  if (typeof out === 'string') return writeFileAtomically(rows, columns, out, opts);
  return writeRows(rows, columns, out, opts);
}

// ---------------------------------------------------------------------------------------------------------
// Tender columns
// ---------------------------------------------------------------------------------------------------------

/** A tender as the API delivers it (see src-main/sandbox/service/render.ts `tenderCore`); read defensively. */
export type TenderJson = Record<string, unknown>;

/** `value[key]`, or `value[key][sub]`, when each step is an object (two fixed levels: no array per call). */
const field = (value: unknown, key: string, sub?: string): unknown => {
  if (value === null || typeof value !== 'object') return undefined;
  const current = (value as Record<string, unknown>)[key];
  if (sub === undefined) return current;
  return current === null || typeof current !== 'object' ? undefined : (current as Record<string, unknown>)[sub];
};

const okpd2Items = (tender: TenderJson): unknown[] => {
  const items = tender.okpd2;
  return Array.isArray(items) ? items : [];
};

export interface TenderColumn extends CsvColumn<TenderJson> {
  get: (tender: TenderJson) => unknown;
  reads: readonly string[];
}

/** `reads`: the tender's top-level fields `get` reads; by default the column's own key. */
const col = (key: string, header: string, format: CsvFormat, get: (tender: TenderJson) => unknown, reads: readonly string[] = [key]): TenderColumn => ({
  key,
  header,
  format,
  get,
  reads,
});

/** Every exportable tender column, in the order a "select all" export uses. */
export const TENDER_COLUMNS: readonly TenderColumn[] = Object.freeze([
  col('id', 'ID', 'integer', (t) => t.id),
  col('etp_id', 'Номер извещения', 'text', (t) => t.etp_id),
  col('version', 'Версия', 'integer', (t) => t.version),
  col('name', 'Наименование', 'text', (t) => t.name),
  col('description', 'Описание', 'text', (t) => t.description),
  // The law and the stage as every surface names them (domain/laws.ts, domain/tenderStage.ts, i18n/codes.ts):
  // the stage from the status code, the deadline and the clock at export, never the server's status name.
  col('law', 'Закон', 'text', (t) => (tenderLaw(t) === null ? null : lawName(tenderLaw(t), 'ru')), ['law', 'etp_id']),
  col('purchase_type', 'Тип закупки', 'text', (t) => field(t, 'purchase_type', 'name')),
  col('placement_type', 'Способ размещения', 'text', (t) => field(t, 'placement_type', 'name')),
  col('status', 'Статус', 'text', (t) => (tenderStatusCode(t) === null ? null : tenderStageNameOf(t, 'ru')), ['status', 'end_date']),
  col('price', 'Начальная цена', 'money', (t) => t.price),
  col('currency', 'Валюта', 'text', (t) => t.currency),
  col('region', 'Регион', 'text', (t) => field(t, 'region', 'name')),
  col('region_code', 'Код региона', 'integer', (t) => field(t, 'region', 'id'), ['region']),
  col('customer_name', 'Заказчик', 'text', (t) => field(t, 'organization', 'name'), ['organization']),
  col('customer_inn', 'ИНН заказчика', 'text', (t) => field(t, 'organization', 'inn'), ['organization']),
  col('customer_kpp', 'КПП заказчика', 'text', (t) => field(t, 'organization', 'kpp'), ['organization']),
  col('publish_date', 'Дата публикации', 'date', (t) => t.publish_date),
  col('start_date', 'Начало подачи заявок', 'datetime', (t) => t.start_date),
  col('end_date', 'Окончание подачи заявок', 'datetime', (t) => t.end_date),
  col('update_date', 'Изменено', 'datetime', (t) => t.update_date),
  col('okpd2', 'Коды ОКПД2', 'text', (t) =>
    okpd2Items(t)
      .map((item) => field(item, 'code'))
      .filter((code): code is string => typeof code === 'string')
      .join(', '),
  ),
  col(
    'okpd2_names',
    'ОКПД2',
    'text',
    (t) =>
      okpd2Items(t)
        .map((item) => {
          const code = field(item, 'code');
          const name = field(item, 'name');
          return typeof name === 'string' && name !== '' ? `${String(code)} ${name}` : String(code);
        })
        .join('; '),
    ['okpd2'],
  ),
  col('platform', 'Площадка', 'text', (t) => field(t, 'platform', 'name')),
  col('lots_count', 'Лотов', 'integer', (t) => t.lots_count),
  col('positions_total', 'Позиций', 'integer', (t) => t.positions_total),
  // A card carries `source_url`; a feed summary does not: the list export takes it from a held card (cardLinks.ts).
  col('url', 'Ссылка', 'text', (t) => t.source_url ?? t.url, ['source_url', 'url']),
]);

/**
 * Columns of `all` (the tender columns; a current-generation export adds the marks' markColumns.ts) from a
 * comma-separated list of ids (`"id,name,price"`; spaces and case do not matter). Unknown or
 * repeated ids are an error that names them and lists the known ones (the rule is columnChoice.ts; these
 * English words are the CLI's, the app words the same problem in the user's language).
 */
export function parseColumnList(list: string, all: readonly TenderColumn[] = TENDER_COLUMNS): TenderColumn[] {
  const ids = columnKeysOf(list);
  if (ids.length === 0) {
    throw new CsvExportError('invalid_columns', `No columns given. Known columns: ${all.map((c) => c.key).join(', ')}.`);
  }
  const choice = chooseColumns(all, ids);
  if (choice.ok) return choice.columns;
  if (choice.unknown.length > 0) {
    throw new CsvExportError(
      'unknown_column',
      `Unknown column${choice.unknown.length > 1 ? 's' : ''}: ${choice.unknown.join(', ')}. Known columns: ${choice.known.join(', ')}.`,
    );
  }
  throw new CsvExportError('invalid_columns', `Column listed twice: ${choice.repeated.join(', ')}.`);
}
