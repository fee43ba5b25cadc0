/**
 * Packs compressed against a dictionary learned from this cache's own JSON (codec 3, migration 0034).
 *
 * Why: a pack is one feed page (about 100 versions, ~140 KB of JSON). Brotli quality 3 brings it to ~20 KB, and
 * most of what is left is what every page repeats (keys, customers, boilerplate): Zstandard level 3 with a 256 KB
 * raw-content dictionary of earlier pages brings the same page to ~15 KB for less CPU (measured on 300 packs of a
 * 50,000-tender cache: 20.2 → 15.0 KB, 0.92 → 0.81 ms a page; BENCHMARKS.md «Packs against a dictionary»).
 * The dictionary is learned from what this server delivered, not shipped with the app, so it fits whatever API
 * the cache is filled from and nothing is assumed about the sandbox's data.
 *
 * Rules that keep every paid body readable:
 * - The dictionary is written once, in a transaction of its own, before any pack uses it, and is never changed or
 *   deleted (dict_id 1 only). A pack of codec 3 is written only after its dictionary has committed.
 * - It is built only outside a transaction, from packs already stored, so a rolled-back page can never leave a pack
 *   that points at a dictionary that is not there.
 * - Another process may build one at the same moment: the first stored wins, and this connection uses what is stored.
 * - A runtime without Zstandard dictionaries (node:zlib's zstd is marked experimental) keeps writing Brotli, and
 *   says clearly that it cannot read codec 3 if it meets one.
 */
import type Database from 'better-sqlite3';
import * as zlib from 'node:zlib';

/** A dictionary for codec-3 blobs, read when such a blob is met (undefined: the file holds none). */
export type PackDictionary = () => Buffer | undefined;

const ZSTD_LEVEL = 3;
/** The dictionary's size: 256 KB (more costs CPU per page, since node:zlib loads it on every call). */
const DICTIONARY_BYTES = 256 * 1024;
/** How many stored packs it is cut from, evenly spread over what is held. */
const DICTIONARY_SLICES = 16;
/** Built once the cache holds this many packs and this much JSON, so the dictionary is a fraction of the data. */
const MIN_PACKS = 16;
const MIN_RAW_BYTES = 4 * DICTIONARY_BYTES;

type ZstdWithDictionary = zlib.ZstdOptions & { dictionary?: Buffer };
type ZstdCompress = (buf: Buffer, options?: ZstdWithDictionary) => Buffer;

const compressZstd = (zlib as { zstdCompressSync?: ZstdCompress }).zstdCompressSync;
const decompressZstd = (zlib as { zstdDecompressSync?: ZstdCompress }).zstdDecompressSync;

let supported: boolean | undefined;
/**
 * Whether this runtime compresses against a dictionary (Node 24.6 and later): an older one could ignore the option
 * and write frames that read back only by chance, so it is tried once on a sample that only a dictionary makes small.
 */
export function zstdDictionariesSupported(): boolean {
  if (supported === undefined) {
    try {
      const sample = Buffer.from(Array.from({ length: 64 }, (_, i) => `{"id":${i * 7919},"name":"проба ${i % 10}"}`).join(''));
      const dictionary = Buffer.concat([sample, Buffer.from('словарь')]);
      const packed = compressZstd!(sample, { dictionary });
      supported = packed.length < 64 && decompressZstd!(packed, { dictionary }).equals(sample);
    } catch {
      supported = false;
    }
  }
  return supported;
}

export function compressWithDictionary(raw: Buffer, dictionary: Buffer): Buffer {
  return compressZstd!(raw, { params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL }, dictionary });
}

/** Throws zlib's or the runtime's error: the caller turns it into a StoredDataDamageError. */
export function decompressWithDictionary(body: Buffer, dictionary: Buffer): Buffer {
  if (!zstdDictionariesSupported()) throw new Error('this version of the app cannot read Zstandard packs (node:zlib has no dictionaries here)');
  return decompressZstd!(body, { dictionary });
}

const stored = new WeakMap<Database.Database, Buffer>();

/** The file's dictionary through `db`, read once per connection (it never changes once written). */
export function packDictionaryOf(db: Database.Database): PackDictionary {
  let select: Database.Statement<[], Buffer> | undefined;
  return () => {
    const known = stored.get(db);
    if (known !== undefined) return known;
    // A file before migration 0034 has no table, and then no codec-3 pack either.
    if (db.prepare<[], number>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'pack_dictionary'").pluck().get() === 0) return undefined;
    select ??= db.prepare<[], Buffer>('SELECT body FROM pack_dictionary WHERE dict_id = 1').pluck();
    const body = select.get();
    if (body !== undefined) stored.set(db, body);
    return body;
  };
}

/** Per connection: the newest pack id when the packs sampled last held too little JSON for a dictionary. */
const refusedAt = new WeakMap<Database.Database, number>();

/**
 * The dictionary new packs are written against, building it when the cache first holds enough of its own JSON;
 * undefined while it is not time yet (or inside a transaction, or in a runtime without dictionaries).
 * `decode` inflates a stored pack (packCodec.ts's, passed in to keep this module below it).
 */
export function dictionaryForWriting(db: Database.Database, decode: (packId: number) => Buffer): Buffer | undefined {
  if (!zstdDictionariesSupported()) return undefined;
  const held = packDictionaryOf(db)();
  if (held !== undefined || db.inTransaction) return held;
  const newest = db.prepare<[], number | null>('SELECT max(pack_id) FROM version_pack').pluck().get() ?? 0;
  if (newest < MIN_PACKS) return undefined;
  // A cache of small packs (cards, short pages) may hold too little JSON for a long time: sampling again at every
  // page decoded 16 packs each time for nothing. Tried and refused, it waits until the cache holds twice the packs.
  const refused = refusedAt.get(db);
  if (refused !== undefined && newest < refused * 2) return undefined;
  const ids = db
    .prepare<[number], number>('SELECT pack_id FROM version_pack WHERE pack_id % ? = 0 ORDER BY pack_id DESC LIMIT 16')
    .pluck()
    .all(Math.max(1, Math.floor(newest / DICTIONARY_SLICES)));
  const packs = ids.map(decode);
  const rawBytes = packs.reduce((sum, p) => sum + p.length, 0);
  if (packs.length < DICTIONARY_SLICES / 2 || rawBytes < MIN_RAW_BYTES) {
    refusedAt.set(db, newest);
    return undefined;
  }
  // A slice from the middle of each pack: whole objects of a page, away from its first and last items.
  const per = Math.floor(DICTIONARY_BYTES / packs.length);
  const body = Buffer.concat(packs.map((p) => p.subarray(Math.max(0, (p.length - per) >> 1), Math.max(0, (p.length - per) >> 1) + per)));
  db.prepare('INSERT OR IGNORE INTO pack_dictionary (dict_id, created_at, body) VALUES (1, ?, ?)').run(Math.floor(Date.now() / 1000), body);
  return packDictionaryOf(db)();
}
