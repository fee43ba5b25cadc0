/**
 * The newest held version of every member of a list, in the list's order (list_item.position), read pack
 * by pack within windows of that order: inside a window members are grouped by where their JSON lives, so
 * each compressed pack is inflated once per window instead of once per member (a list mixes tenders whose
 * newest versions sit in packs written months apart, which defeats a small pack LRU), and the window is
 * then put back in list order. Each window is read from the cache only when the reader reaches it, so a long
 * list's members are never all held at once. Used by the list export (CSV and XLSX).
 */
import type { CacheDb } from './database';
import { perCache } from './database';
import { packReader } from './packCodec';

export type ListMemberVersion = { tenderId: number; json: string | null };

/**
 * Turns a member's stored bytes (`pack[start, end)`, UTF-8 JSON) into the text yielded; by default all of
 * it. The CSV export passes one that keeps only the fields its columns read (jsonFields.ts).
 */
export type MemberText = (pack: Buffer, start: number, end: number) => string;

const wholeText: MemberText = (pack, start, end) => pack.toString('utf8', start, end);

/** The members whose newest versions sit in one pack, in their order there. */
export interface PackMembers {
  readonly packId: number;
  readonly tenderIds: number[];
  readonly offsets: number[];
  readonly lengths: number[];
}

/** A list's members: those never delivered (no JSON held), then the others grouped by pack. */
export interface ListMembersByPack {
  readonly undelivered: number[];
  readonly packs: PackMembers[];
}

const statements = perCache((cache: CacheDb) => ({
  // A window of a list's members: those after (position, tender_id) in list order with where their newest
  // versions lie (a few numbers each), read whole (LIMIT; -1 none) so no statement stays open while the caller
  // streams and the connection stays free for other work. `position >= ?` lets the (list_id, position) index
  // find the start.
  window: cache.db
    .prepare<[string, number, number, number, number], WindowRow>(
      `SELECT i.tender_id, v.pack_id, v.pack_offset, v.byte_length, i.position
       FROM list_item i
       LEFT JOIN tender t ON t.id = i.tender_id
       LEFT JOIN object_version v ON v.kind = 1 AND v.id = i.tender_id AND v.version = t.version
       WHERE i.list_id = ? AND i.position >= ? AND (i.position > ? OR i.tender_id > ?)
       ORDER BY i.position, i.tender_id LIMIT ?`,
    )
    .raw(),
  pack: packReader(cache.db),
}));

type MemberRow = [number, number | null, number | null, number | null];
/** A member row and its position (where the next window starts). */
type WindowRow = [...MemberRow, number];

/** Members (in list order) grouped by pack: the packs in storage order, members in their order there. */
function byPack(rows: readonly WindowRow[]): ListMembersByPack {
  const undelivered: number[] = [];
  const delivered: [number, number, number, number][] = [];
  for (const [tenderId, pack, offset, length] of rows) {
    if (pack === null || offset === null || length === null) undelivered.push(tenderId);
    else delivered.push([tenderId, pack, offset, length]);
  }
  delivered.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
  const packs: PackMembers[] = [];
  let current: PackMembers | null = null;
  for (const [tenderId, pack, offset, length] of delivered) {
    if (current === null || current.packId !== pack) {
      current = { packId: pack, tenderIds: [], offsets: [], lengths: [] };
      packs.push(current);
    }
    current.tenderIds.push(tenderId);
    current.offsets.push(offset);
    current.lengths.push(length);
  }
  return { undelivered, packs };
}

/** Before the first member: positions are never below this, tender ids are positive. */
const BEFORE_ALL = Number.MIN_SAFE_INTEGER;

/** All of a list's members grouped by pack (the whole list at once: for short lists and tests). */
export function listMembersByPack(cache: CacheDb, listId: string): ListMembersByPack {
  return byPack(statements(cache).window.all(listId, BEFORE_ALL, BEFORE_ALL, BEFORE_ALL, -1));
}

/** A run of consecutive members of a list: their ids in list order, the delivered ones grouped by pack. */
export interface MemberWindow extends ListMembersByPack {
  readonly order: number[];
}

/**
 * Members a window holds: large enough that a pack (~100 versions) is mostly read once per window, small
 * enough that a window's rows stay a few megabytes.
 */
export const MEMBER_WINDOW = 2000;

/**
 * The list's members in windows of `size`, in list order, each read from the cache only when asked for: a
 * long list's locations are never all held at once (200,000 members' were ~23 MB of small arrays, which
 * made the export's memory grow with the list).
 */
export function* listMemberWindows(
  cache: CacheDb,
  listId: string,
  size = MEMBER_WINDOW,
  /** Told each window as soon as it is read from the cache (tests count the members held at once). */
  onRead?: (window: MemberWindow) => void,
): Generator<MemberWindow> {
  const window = statements(cache).window;
  let after: [number, number] = [BEFORE_ALL, BEFORE_ALL];
  for (;;) {
    const rows = window.all(listId, after[0], after[0], after[1], size);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = [last[4], last[0]];
    const read: MemberWindow = { order: rows.map((r) => r[0]), ...byPack(rows) };
    onRead?.(read);
    yield read;
    if (rows.length < size) return;
  }
}

/** A pack's inflated bytes (packs never change once written). */
export function readPack(cache: CacheDb, packId: number): Buffer {
  return statements(cache).pack(packId);
}

/** The texts of a pack's members, in their order. */
export function packMemberTexts(raw: Buffer, offsets: readonly number[], lengths: readonly number[], text: MemberText = wholeText): string[] {
  const texts: string[] = new Array<string>(offsets.length);
  for (let i = 0; i < offsets.length; i += 1) texts[i] = text(raw, offsets[i]!, offsets[i]! + lengths[i]!);
  return texts;
}

/** Every member in list order, with its newest held version's text (null when never delivered). */
export function* listMemberVersions(
  cache: CacheDb,
  listId: string,
  text: MemberText = wholeText,
  size = MEMBER_WINDOW,
  onRead?: (window: MemberWindow) => void,
): Generator<ListMemberVersion> {
  for (const window of listMemberWindows(cache, listId, size, onRead)) {
    const texts = new Map<number, string>();
    for (const pack of window.packs) {
      const raw = readPack(cache, pack.packId);
      for (let i = 0; i < pack.tenderIds.length; i += 1) texts.set(pack.tenderIds[i]!, text(raw, pack.offsets[i]!, pack.offsets[i]! + pack.lengths[i]!));
    }
    for (const tenderId of window.order) yield { tenderId, json: texts.get(tenderId) ?? null };
  }
}

export function listMemberCount(cache: CacheDb, listId: string): number {
  return (cache.db.prepare('SELECT count(*) AS n FROM list_item WHERE list_id = ?').get(listId) as { n: number }).n;
}
