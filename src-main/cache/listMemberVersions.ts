/**
 * The newest held version of every member of a list, read pack by pack: members are ordered by where
 * their JSON lives, so each compressed pack is inflated once instead of once per member (a list mixes
 * tenders whose newest versions sit in packs written months apart, which defeats a small pack LRU).
 * Used by the CSV export; the order is the order the versions were stored, members never delivered first.
 */
import type { CacheDb } from './database';
import { perCache } from './database';
import { decodeBlob } from './packCodec';

export type ListMemberVersion = { tenderId: number; json: string | null };

/**
 * Turns a member's stored bytes (`pack[start, end)`, UTF-8 JSON) into the text yielded; by default all of
 * it. The CSV export passes one that keeps only the fields its columns read (export/jsonFields.ts).
 */
export type MemberText = (pack: Buffer, start: number, end: number) => string;

const wholeText: MemberText = (pack, start, end) => pack.toString('utf8', start, end);

const statements = perCache((cache: CacheDb) => ({
  // The positions only (a few numbers per member): read whole, so no statement stays open while the
  // caller streams, and the connection stays free for other work.
  members: cache.db
    .prepare<[string], [number, number | null, number | null, number | null]>(
      `SELECT i.tender_id, v.pack_id, v.pack_offset, v.byte_length
       FROM list_item i
       LEFT JOIN tender t ON t.id = i.tender_id
       LEFT JOIN object_version v ON v.kind = 1 AND v.id = i.tender_id AND v.version = t.version
       WHERE i.list_id = ? ORDER BY v.pack_id, v.pack_offset`,
    )
    .raw(),
  pack: cache.db.prepare<[number], { codec: number; body: Buffer }>('SELECT codec, body FROM version_pack WHERE pack_id = ?'),
}));

export function* listMemberVersions(cache: CacheDb, listId: string, text: MemberText = wholeText): Generator<ListMemberVersion> {
  const s = statements(cache);
  const rows = s.members.all(listId);
  let packId: number | null = null;
  let raw: Buffer | null = null;
  for (const [tenderId, pack, offset, length] of rows) {
    if (pack === null || offset === null || length === null) {
      yield { tenderId, json: null };
      continue;
    }
    if (pack !== packId) {
      const stored = s.pack.get(pack);
      if (!stored) throw new Error(`Cache pack ${pack} is missing (tender ${tenderId}).`);
      raw = decodeBlob(stored.codec, stored.body);
      packId = pack;
    }
    yield { tenderId, json: text(raw!, offset, offset + length) };
  }
}

export function listMemberCount(cache: CacheDb, listId: string): number {
  return (cache.db.prepare('SELECT count(*) AS n FROM list_item WHERE list_id = ?').get(listId) as { n: number }).n;
}
