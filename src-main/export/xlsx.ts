/**
 * XLSX with typed cells, from the same column definitions the CSV uses (csv.ts `CsvColumn` and its
 * `format`), so a column is defined once for both formats; the cells are xlsxCells.ts's, the package's fixed
 * parts xlsxPackage.ts's.
 * The sheet XML is written here, row by row, into archiver's streaming ZIP (deflate on libuv's thread pool),
 * waiting whenever the zip has not taken what was written yet, so memory stays flat however long the table.
 * exceljs's WorkbookWriter did the same job 2.7 s slower per 100,000 rows and ignored the zip's backpressure
 * (BENCHMARKS.md, XLSX export): its per-cell objects and style bookkeeping were the cost, not the ZIP.
 * The file is written atomically like the CSV (a temporary beside the target, renamed on success; a failed or
 * cancelled export leaves nothing and does not touch an existing file).
 */
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvExportError, type CsvColumn, type CsvFormat, type CsvRows } from './csv';
import { cellXml, columnLetters, headerRowXml } from './xlsxCells';
import { packageParts, propertyParts, SHEET_END, sheetPath, sheetStart, type WorkbookProperties } from './xlsxPackage';
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
  /**
   * The document properties (title, creator, created), asked once every sheet is written: a workbook's provenance,
   * and so its «made at», is known only then (its sheet comes last), and the properties must say the same.
   */
  properties: () => WorkbookProperties;
  signal?: AbortSignal;
  /** Data rows of the first sheet written so far, every 1000 rows and at the end. */
  onProgress?: (rows: number) => void;
  /** The sheet XML waiting for the zip, in bytes, at each chunk written to it (for tests: memory stays flat). */
  onBacklog?: (bytes: number) => void;
}

export interface WriteXlsxResult {
  /** Data rows of the first sheet (the table exported), without its header. */
  rows: number;
  /** Data rows of every sheet. */
  allRows: number;
  bytes: number;
}

const PROGRESS_EVERY = 1000;
/** Characters of sheet XML gathered before they go to the zip in one write (few writes, little waiting text). */
const CHUNK_CHARS = 64 * 1024;
/** Bytes the zip's input holds before the rows wait for it to take them (a few deflate chunks). */
const SINK_HIGH_WATER = 256 * 1024;
/**
 * Deflate level 1: on the sheet XML it deflates 4-5x faster than zlib's default 6 for files about a quarter
 * larger (a 100,000-row list: 13.5 MB against 10.5 MB, still under the CSV's 32 MB), and deflate shares the two
 * cores of a modest machine with the rows and the pack thread (BENCHMARKS.md, XLSX export).
 */
const ZIP_LEVEL = 1;

/** Column widths in characters by format (text columns by their header, within bounds). */
const WIDTHS: Readonly<Record<CsvFormat, number>> = { text: 24, integer: 12, money: 18, date: 12, datetime: 17, decimal: 12 };

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The export was cancelled.', 'AbortError');
}

/**
 * A sheet's XML on its way into the zip: gathered into chunks, each written to the zip entry's input, and the
 * rows wait (flush) while that input is full, so a table of any length holds only a few chunks in memory.
 */
class SheetSink {
  private chunk = '';

  constructor(
    readonly stream: PassThrough,
    /** Rejects when the zip or the file fails, so a wait for room ends instead of hanging. */
    private readonly failed: Promise<never>,
    private readonly onBacklog?: (bytes: number) => void,
  ) {}

  /** Adds XML; true when a chunk is full and `flush` should be awaited. */
  add(xml: string): boolean {
    this.chunk += xml;
    return this.chunk.length >= CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (this.chunk === '') return;
    const room = this.stream.write(this.chunk);
    this.chunk = '';
    this.onBacklog?.(this.stream.writableLength + this.stream.readableLength);
    if (!room) await Promise.race([new Promise<void>((resolve) => this.stream.once('drain', resolve)), this.failed]);
  }
}

/** Excel's sheet names: at most 31 characters, none of `\\ / ? * [ ] :`. */
const sheetName = (name: string): string => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';

/**
 * Valid names, none repeated: Excel compares sheet names case-insensitively and "repairs" a workbook with two
 * alike (two long names cut to the same 31 characters), so a repeat gets ` (2)`, ` (3)`… within the 31.
 */
function sheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = sheetName(name);
    let unique = base;
    for (let n = 2; taken.has(unique.toLocaleLowerCase('ru')); n += 1) unique = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    taken.add(unique.toLocaleLowerCase('ru'));
    return unique;
  });
}

async function writeSheet<Row extends object>(
  sheet: XlsxSheet<Row>,
  sink: SheetSink,
  opts: WriteXlsxOptions & { first: boolean; written: readonly number[] },
): Promise<number> {
  const { columns } = sheet;
  const { signal } = opts;
  const formats = columns.map((c) => c.format ?? 'text');
  const letters = columns.map((_, i) => columnLetters(i));
  const widths = columns.map((c, i) => ({ width: Math.min(60, Math.max(WIDTHS[formats[i]!], c.header.length + 2)), format: formats[i]! }));
  sink.add(sheetStart(widths, opts.first));
  sink.add(headerRowXml(columns.map((c) => c.header), letters));
  let count = 0;
  const add = async (row: Row): Promise<void> => {
    if (signal?.aborted) throw abortReason(signal);
    const r = count + 2; // row 1 is the header
    let xml = `<row r="${r}">`;
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      const value = column.get !== undefined ? column.get(row) : (row as Record<string, unknown>)[column.key];
      // A cell typed unlike its column (a field/value sheet) carries its own format, else Excel shows a date as its serial.
      xml += cellXml(letters[i]! + r, value, sheet.cellFormat?.(row, column) ?? formats[i]!);
    }
    count += 1;
    if (sink.add(`${xml}</row>`)) await sink.flush();
    if (opts.first && count % PROGRESS_EVERY === 0) opts.onProgress?.(count);
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
  sink.add(SHEET_END);
  await sink.flush();
  if (opts.first && (count % PROGRESS_EVERY !== 0 || count === 0)) opts.onProgress?.(count);
  return count;
}

/** A sheet of any row type, for a workbook whose sheets hold different rows (`anySheet` makes one). */
export type AnySheet = XlsxSheet<object> & { readonly anyRows: true };

/** Forgets a sheet's row type: each sheet's columns read only its own rows, which writeXlsx keeps together. */
export const anySheet = <Row extends object>(sheet: XlsxSheet<Row>): AnySheet => ({ ...(sheet as unknown as XlsxSheet<object>), anyRows: true });

const ignore = (): undefined => undefined;

/**
 * Writes the sheets, in order, to `target` atomically. Resolves with the first sheet's data rows (the table
 * exported), every sheet's, and the file's size.
 */
export async function writeXlsx(sheets: readonly AnySheet[], target: string, opts: WriteXlsxOptions): Promise<WriteXlsxResult> {
  if (sheets.length === 0 || sheets.some((s) => s.columns.length === 0)) throw new CsvExportError('invalid_columns', 'Choose at least one column to export.');
  if (opts.signal?.aborted) throw abortReason(opts.signal);
  const absolute = path.resolve(target);
  await sweepLeftoverTemps(path.dirname(absolute));
  const temp = tempPathFor(absolute);
  // The file is opened before the zip starts, so an open failure is ours to word and a failure later can wait
  // for the file to close before removing it (else a late open would leave the temporary behind).
  const file = createWriteStream(temp, { flags: 'wx', mode: 0o644 });
  const closed = new Promise<void>((resolve) => file.once('close', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      file.once('open', () => resolve());
      file.once('error', reject);
    });
  } catch (error) {
    await closed;
    throw new CsvExportError('write_failed', `Cannot write ${absolute}: ${(error as Error).message}`, { cause: error });
  }
  const { default: archiver } = await import('archiver'); // loaded by an XLSX export only, not at every CLI start
  const archive = archiver('zip', { zlib: { level: ZIP_LEVEL } });
  // Settles when the file has everything, or on the zip's or the file's first error (both then destroyed).
  const done = pipeline(archive, file);
  done.catch(ignore); // awaited below; this only keeps an early failure from being "unhandled" meanwhile
  const failed = done.then(() => new Promise<never>(ignore));
  failed.catch(ignore);
  let sink: SheetSink | undefined;
  try {
    for (const part of packageParts(sheetNames(sheets.map((s) => s.name)))) archive.append(part.xml, { name: part.name });
    const written: number[] = [];
    for (const [i, sheet] of sheets.entries()) {
      sink = new SheetSink(new PassThrough({ highWaterMark: SINK_HIGH_WATER }), failed, opts.onBacklog);
      // archiver reads the entries in order: this one once the parts before it are in the zip.
      archive.append(sink.stream, { name: sheetPath(i + 1) });
      written.push(await writeSheet(sheet, sink, { ...opts, first: i === 0, written }));
      sink.stream.end();
    }
    // After the sheets in the zip (readers find parts by name, not by order), so the properties can be the provenance's.
    for (const part of propertyParts(opts.properties())) archive.append(part.xml, { name: part.name });
    archive.finalize().catch(ignore); // its failure is `done`'s
    await done;
    await closed;
    await rename(temp, absolute);
    const { size } = await stat(absolute);
    return { rows: written[0]!, allRows: written.reduce((a, b) => a + b, 0), bytes: size };
  } catch (error) {
    archive.abort();
    sink?.stream.destroy();
    file.destroy();
    await closed;
    await unlink(temp).catch(ignore);
    if (error instanceof CsvExportError || (error instanceof Error && error.name === 'AbortError') || error === opts.signal?.reason) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new CsvExportError('write_failed', `Cannot write ${absolute}: ${message}`, { cause: error });
  }
}
