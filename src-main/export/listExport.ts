/**
 * A list to CSV: each member's newest held version, streamed row by row in the list's order (each
 * compressed pack read once per window of that order), so the file can be as long as the list while memory
 * stays flat. The link column takes a member's link from its card when the version has none (cardLinks.ts).
 * Members never delivered yet are written with their id only (fetching them here would be a charge the user
 * did not ask for). A long list's packs are read and cut on a second thread (packTextThread.ts) while this
 * one writes the rows.
 */
import type { CacheDb } from '../cache/database';
import {
  listMemberCount,
  listMemberVersions,
  listMemberWindows,
  MEMBER_WINDOW,
  packMemberTexts,
  readPack,
  type MemberText,
  type MemberWindow,
  type PackMembers,
} from '../cache/listMemberVersions';
import { addCardLinks, LINK_COLUMN } from './cardLinks';
import { TENDER_COLUMNS, type CsvColumn } from './csv';
import { jsonFieldPicker } from '../cache/jsonFields';
import { storedJson } from '../cache/storedJson';
import type { PackCut } from './packTextProtocol';
import { choosesMarks, withMarks } from './markColumns';
import { startPackTextThread } from './packTextThread';
import { listSubject, tenderTally } from './provenance';
import { writeTableFile, type TableFileOptions } from './tableFile';
import type { Provenance } from '../domain/provenance';

export const DEFAULT_LIST_COLUMNS = ['id', 'etp_id', 'name', 'law', 'status', 'price', 'region', 'customer_name', 'customer_inn', 'publish_date', 'end_date'];

export const defaultListColumns = (): CsvColumn[] => TENDER_COLUMNS.filter((c) => DEFAULT_LIST_COLUMNS.includes(c.key));

export type ListExportResult = { rows: number; bytes: number; missing: number; provenance: Provenance };

/**
 * Packs (of ~100 members) from which a list is read on a second thread: starting the thread costs about
 * what reading ~100 packs on this one does (more from TypeScript source, where the thread loads tsx).
 */
export const THREAD_FROM_PACKS = 100;

/** Packs asked of the thread ahead of the one being written: enough to keep it busy, few enough to stay flat. */
const PACKS_AHEAD = 4;

/**
 * Windows read ahead of the one being written, to find packs to ask for: a run of windows whose members
 * were never delivered has none, and reading on through it would hold all of it.
 */
const WINDOWS_AHEAD = 2;

/**
 * The fields the columns read, when every column says which (the tender columns do), so the rest of a
 * ~1.6 KB tender is neither decoded nor parsed; otherwise undefined (whole texts).
 */
function readFields(columns: readonly CsvColumn[]): string[] | undefined {
  const fields: string[] = [];
  for (const column of columns) {
    const reads = column.reads ?? (column.get === undefined ? [column.key] : undefined);
    if (reads === undefined) return undefined;
    fields.push(...reads);
  }
  return fields;
}

/** A member's wanted fields as JSON text, or the whole text when the cut does not apply. */
function pickedText(fields: readonly string[]): MemberText {
  const pick = jsonFieldPicker(fields);
  return (pack, start, end) => pick(pack, start, end) ?? pack.toString('utf8', start, end);
}

type Row = Record<string, unknown>;

/** How a list is read: its window of members (MEMBER_WINDOW unless a test sets it) and who is told each window. */
type WindowReading = { size: number; onWindow?: (window: MemberWindow) => void };

/**
 * The rows of a long list in list order, window by window, with the packs read ahead on the thread; a pack
 * it fails is read here. Windows are read from the cache as the read-ahead reaches them (at most the one
 * being written and the next ones up to PACKS_AHEAD packs, and no more than WINDOWS_AHEAD of those), so a
 * list's members are never all held at once.
 */
async function* threadedRows(cache: CacheDb, listId: string, fields: readonly string[], counts: { missing: number }, reading: WindowReading): AsyncGenerator<Row[]> {
  // Started first: it loads while this thread reads where the members are.
  const thread = startPackTextThread(cache.file, fields);
  const text = pickedText(fields); // for the packs the thread fails
  const source = listMemberWindows(cache, listId, reading.size, reading.onWindow);
  const ahead: Promise<PackCut>[] = []; // asked of the thread, in order
  const unasked: PackMembers[] = []; // packs of the windows read, not asked yet
  const later: MemberWindow[] = []; // windows read ahead of the one being written
  const read = (): MemberWindow | undefined => {
    const next = source.next();
    if (next.done === true) return undefined;
    unasked.push(...next.value.packs);
    return next.value;
  };
  // Keeps PACKS_AHEAD packs asked, across a window's end too (reading the next window for its packs).
  const askAhead = (): void => {
    while (ahead.length < PACKS_AHEAD) {
      if (unasked.length === 0) {
        if (later.length >= WINDOWS_AHEAD) return;
        const next = read();
        if (next === undefined) return;
        later.push(next);
        continue;
      }
      const answer = thread.cut(unasked.shift()!);
      answer.catch(() => undefined); // handled where it is awaited, below
      ahead.push(answer);
    }
  };
  try {
    for (let window = read(); window !== undefined; window = later.shift() ?? read()) {
      const byId = new Map<number, Row>();
      for (const pack of window.packs) {
        askAhead();
        try {
          const { bytes, ends } = await ahead.shift()!;
          const buffer = Buffer.from(bytes);
          for (let i = 0, start = 0; i < ends.length; start = ends[i]!, i += 1) byId.set(pack.tenderIds[i]!, storedJson(buffer.toString('utf8', start, ends[i]), `pack ${pack.packId}`) as Row);
        } catch {
          const texts = packMemberTexts(readPack(cache, pack.packId), pack.offsets, pack.lengths, text);
          texts.forEach((t, i) => byId.set(pack.tenderIds[i]!, storedJson(t, `pack ${pack.packId}`) as Row));
        }
      }
      counts.missing += window.undelivered.length;
      yield window.order.map((id) => byId.get(id) ?? { id });
    }
  } finally {
    thread.close();
  }
}

export async function exportListCsv(
  cache: CacheDb,
  listId: string,
  columns: readonly CsvColumn[],
  out: string | NodeJS.WritableStream,
  opts: TableFileOptions & {
    /** Packs from which the list is read on a second thread (default THREAD_FROM_PACKS; tests set it). */
    threadFromPacks?: number;
    /** Members read from the cache at a time (default MEMBER_WINDOW; tests set it). */
    windowSize?: number;
    /** Told each window of members as it is read from the cache (tests count the members held at once). */
    onWindow?: (window: MemberWindow) => void;
  } = {},
): Promise<ListExportResult> {
  const total = listMemberCount(cache, listId);
  const counts = { missing: 0 };
  const fields = readFields(columns);
  const reading: WindowReading = { size: opts.windowSize ?? MEMBER_WINDOW, onWindow: opts.onWindow };
  function* rows(): Generator<Row> {
    for (const m of listMemberVersions(cache, listId, fields === undefined ? undefined : pickedText(fields), reading.size, reading.onWindow)) {
      if (m.json === null) counts.missing += 1;
      yield m.json === null ? { id: m.tenderId } : (storedJson(m.json, `tender ${m.tenderId}`) as Row);
    }
  }
  // ~100 members a pack: the member count tells whether the thread is worth starting, before any read.
  const threaded = fields !== undefined && total >= (opts.threadFromPacks ?? THREAD_FROM_PACKS) * 100;
  const batches: AsyncIterable<Row[]> = threaded ? threadedRows(cache, listId, fields, counts, reading) : inBatches(rows());
  const linked = columns.some((c) => c.key === LINK_COLUMN) ? withCardLinks(cache, batches) : batches;
  const marked = choosesMarks(columns) ? withMarks(cache, linked) : linked;
  const tally = tenderTally(cache);
  const { threadFromPacks: _, windowSize: _size, onWindow: _told, ...fileOpts } = opts;
  const result = await writeTableFile({ batches: tally.pass(marked) }, columns, out, { what: listSubject(cache, listId), cost: () => tally }, { ...fileOpts, total });
  return { rows: result.rows, bytes: result.bytes, missing: counts.missing, provenance: result.provenance };
}

/** Rows of a plain generator in batches (one await per batch, not per row). */
async function* inBatches(rows: Iterable<Row>, size = 1000): AsyncGenerator<Row[]> {
  let batch: Row[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function* withCardLinks(cache: CacheDb, batches: AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  for await (const batch of batches) yield addCardLinks(cache, batch);
}
