/**
 * The newest held version of every member of a list, read pack by pack: members are ordered by where
 * their JSON lives, so each compressed pack is inflated once instead of once per member (a list mixes
 * tenders whose newest versions sit in packs written months apart, which defeats a small pack LRU).
 * Used by the CSV export; the order is the order the versions were stored, members never delivered first.
 */
import type { CacheDb } from './database';
import { perCache } from './database';
import { packReader } from './packCodec';

export type ListMemberVersion = { tenderId: number; json: string | null };

/**
 * Turns a member's stored bytes (`pack[start, end)`, UTF-8 JSON) into the text yielded; by default all of
 * it. The CSV export passes one that keeps only the fields its columns read (export/jsonFields.ts).
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
  // The positions only (a few numbers per member), read to the end before anything is yielded, so no
  // statement stays open while the caller streams, and the connection stays free for other work.
  members: cache.db
    .prepare<[string], [number, number | null, number | null, number | null]>(
      `SELECT i.tender_id, v.pack_id, v.pack_offset, v.byte_length
       FROM list_item i
       LEFT JOIN tender t ON t.id = i.tender_id
       LEFT JOIN object_version v ON v.kind = 1 AND v.id = i.tender_id AND v.version = t.version
       WHERE i.list_id = ? ORDER BY v.pack_id, v.pack_offset`,
    )
    .raw(),
  pack: packReader(cache.db),
}));

export function listMembersByPack(cache: CacheDb, listId: string): ListMembersByPack {
  const undelivered: number[] = [];
  const packs: PackMembers[] = [];
  let current: PackMembers | null = null;
  for (const [tenderId, pack, offset, length] of statements(cache).members.iterate(listId)) {
    if (pack === null || offset === null || length === null) {
      undelivered.push(tenderId);
      continue;
    }
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

export function* listMemberVersions(cache: CacheDb, listId: string, text: MemberText = wholeText): Generator<ListMemberVersion> {
  const { undelivered, packs } = listMembersByPack(cache, listId);
  for (const tenderId of undelivered) yield { tenderId, json: null };
  for (const pack of packs) {
    const raw = readPack(cache, pack.packId);
    for (let i = 0; i < pack.tenderIds.length; i += 1) {
      yield { tenderId: pack.tenderIds[i]!, json: text(raw, pack.offsets[i]!, pack.offsets[i]! + pack.lengths[i]!) };
    }
  }
}

export function listMemberCount(cache: CacheDb, listId: string): number {
  return (cache.db.prepare('SELECT count(*) AS n FROM list_item WHERE list_id = ?').get(listId) as { n: number }).n;
}
