/**
 * How delivered JSON is stored: several texts concatenated and compressed as one blob (a pack).
 *
 * Measured on delivered tenders (~1.6 KB of UTF-8 each): compressing each alone costs ~30 us per call in
 * Node (most of it is setting up the zlib stream) and gives ~840 bytes; a page of 100 compressed together
 * costs ~8-12 us per item and gives ~230-290 bytes per item. A read inflates the whole pack (~0.3 ms for a
 * 100-item pack), so the last packs read are kept inflated in a small LRU.
 */
import type Database from 'better-sqlite3';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { StoredDataDamageError } from './damage';
import { compressWithDictionary, decompressWithDictionary, dictionaryForWriting, packDictionaryOf, type PackDictionary } from './packDictionary';

export type { PackDictionary } from './packDictionary';

export const CODEC_RAW = 0;
export const CODEC_DEFLATE = 1;
/** Brotli, allowed by the schema from migration 0023 on (the `codec` CHECK of version_pack and card). */
export const CODEC_BROTLI = 2;
/** Zstandard against the file's dictionary (packDictionary.ts), allowed from migration 0034 on; packs only. */
export const CODEC_ZSTD_DICTIONARY = 3;
export type Codec = typeof CODEC_RAW | typeof CODEC_DEFLATE | typeof CODEC_BROTLI | typeof CODEC_ZSTD_DICTIONARY;

/** What a cache's schema lets its writers use: Brotli from migration 0023 on, DEFLATE on a file before it. */
export type WriteCodec = typeof CODEC_DEFLATE | typeof CODEC_BROTLI;

/** The schema version whose `codec` columns take Brotli (migration 0023). */
const BROTLI_SCHEMA = 23;
/** The schema version whose `version_pack.codec` takes Zstandard with a dictionary (migration 0034). */
const DICTIONARY_SCHEMA = 34;

/** The codec new blobs of this connection's file are written with (its schema as migrated, read once). */
export function writeCodecOf(db: Database.Database): WriteCodec {
  return (db.pragma('user_version', { simple: true }) as number) >= BROTLI_SCHEMA ? CODEC_BROTLI : CODEC_DEFLATE;
}

const BROTLI_QUALITY = 3;
/** A 1 MB window: a whole page's pack (~150 KB) and the largest cards fit it. */
const BROTLI_WINDOW = 20;

/** zlib level: 3 is the knee measured on tender pages (level 1 is ~15 % bigger, 6 is 40 % slower). */
const DEFLATE_LEVEL = 3;

export interface EncodedBlob {
  codec: Codec;
  rawBytes: number;
  body: Buffer;
}

/** Compresses `raw` with `codec`; keeps it as is when compressing would not make it smaller. */
export function encodeBlob(raw: Buffer, codec: WriteCodec = CODEC_DEFLATE): EncodedBlob {
  const packed =
    codec === CODEC_BROTLI
      ? brotliCompressSync(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : deflateRawSync(raw, { level: DEFLATE_LEVEL });
  return packed.length < raw.length ? { codec, rawBytes: raw.length, body: packed } : { codec: CODEC_RAW, rawBytes: raw.length, body: raw };
}

/**
 * How a connection writes packs: against the file's dictionary once there is one (built from the packs already
 * held, packDictionary.ts), otherwise as `writeCodecOf` says. The codec is decided per pack, since the dictionary
 * appears while a cache fills.
 */
export function packEncoder(db: Database.Database): (raw: Buffer) => EncodedBlob {
  const fallback = writeCodecOf(db);
  if ((db.pragma('user_version', { simple: true }) as number) < DICTIONARY_SCHEMA) return (raw) => encodeBlob(raw, fallback);
  const read = packReader(db);
  const newestPack = db.prepare<[], number | null>('SELECT max(pack_id) FROM version_pack').pluck();
  let dictionary: Buffer | undefined;
  let triedAt = -1;
  return (raw) => {
    // Until there is one, the building is tried once per pack stored since, not once per blob.
    const newest = dictionary === undefined ? (newestPack.get() ?? 0) : triedAt;
    if (dictionary === undefined && newest !== triedAt) {
      triedAt = newest;
      try {
        dictionary = dictionaryForWriting(db, read);
      } catch {
        dictionary = undefined; // busy or unreadable: this pack is written as before, and the next one tries again
      }
    }
    if (dictionary === undefined) return encodeBlob(raw, fallback);
    const packed = compressWithDictionary(raw, dictionary);
    return packed.length < raw.length ? { codec: CODEC_ZSTD_DICTIONARY, rawBytes: raw.length, body: packed } : { codec: CODEC_RAW, rawBytes: raw.length, body: raw };
  };
}

/**
 * A blob's bytes as written. Raw DEFLATE and Brotli have no checksum of their own, so the length stored beside the blob
 * (`raw_bytes`, given when the caller read it) is what tells a damaged blob from a sound one: damaged bytes either
 * fail to inflate or inflate to another length. Either is a StoredDataDamageError, never zlib's words.
 * An unknown codec is damage too: the column allows only these, and a new one would come with a migration
 * (a file of a newer app is refused at open before anything is read).
 */
export function decodeBlob(codec: number, body: Buffer, rawBytes?: number, what = 'stored data', dictionary?: PackDictionary): Buffer {
  let raw: Buffer;
  if (codec === CODEC_RAW) raw = body;
  else if (codec === CODEC_DEFLATE || codec === CODEC_BROTLI || codec === CODEC_ZSTD_DICTIONARY) {
    const words = codec === CODEC_ZSTD_DICTIONARY ? dictionary?.() : undefined;
    if (codec === CODEC_ZSTD_DICTIONARY && words === undefined) throw new StoredDataDamageError(what, 'its dictionary (pack_dictionary) is missing');
    try {
      raw = codec === CODEC_DEFLATE ? inflateRawSync(body) : codec === CODEC_BROTLI ? brotliDecompressSync(body) : decompressWithDictionary(body, words!);
    } catch (error) {
      throw new StoredDataDamageError(what, `does not inflate (${(error as Error).message})`);
    }
  } else throw new StoredDataDamageError(what, `unknown codec ${codec}`);
  if (rawBytes !== undefined && raw.length !== rawBytes) throw new StoredDataDamageError(what, `${raw.length} bytes read, ${rawBytes} written`);
  return raw;
}

/**
 * The text of one stored version inside its inflated pack: the bytes its row points at, which must lie inside the
 * pack (a row whose offsets were damaged would hand the JSON parser a piece of the pack or nothing).
 * What the bytes say is left to storedJson when they are parsed: any JSON value this app stored reads back, so
 * no stored value, whatever a teammate pushed, can make a sound cache look damaged.
 */
export function packMember(raw: Buffer, offset: number, length: number, packId: number): string {
  const end = offset + length;
  const inside = Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length > 0 && end <= raw.length;
  if (!inside) throw new StoredDataDamageError(`pack ${packId}`, `no stored version at bytes ${offset}..${end} of ${raw.length}`);
  return raw.toString('utf8', offset, end);
}

/** A pack's row as the readers select it. */
export interface StoredPack {
  codec: number;
  raw_bytes: number;
  body: Buffer;
}

/** The SQL every pack reader uses: with `raw_bytes`, which decodeBlob checks the inflated pack against. */
export const SELECT_PACK = 'SELECT codec, raw_bytes, body FROM version_pack WHERE pack_id = ?';

/** A pack as written, or a StoredDataDamageError. */
export const decodePack = (packId: number, pack: StoredPack, dictionary?: PackDictionary): Buffer =>
  decodeBlob(pack.codec, pack.body, pack.raw_bytes, `pack ${packId}`, dictionary);

/** The dictionary of codec-3 packs read through `db` (packDictionary.ts). */
export const packDictionary = (db: Database.Database): PackDictionary => packDictionaryOf(db);

/**
 * Reads and inflates packs through `db`: the cache's own connection, or the one a worker thread opens on
 * the same file (packFile.ts, for the export's pack thread), which is why it takes a bare connection.
 */
export function packReader(db: Database.Database): (packId: number) => Buffer {
  const select = db.prepare<[number], StoredPack>(SELECT_PACK);
  const dictionary = packDictionaryOf(db);
  return (packId) => {
    const stored = select.get(packId);
    if (!stored) throw new StoredDataDamageError(`pack ${packId}`, 'missing');
    return decodePack(packId, stored, dictionary);
  };
}

/** Inflated packs by id, least recently used dropped first. Packs are never changed once written. */
export class PackCache {
  private readonly packs = new Map<number, Buffer>();

  constructor(
    private readonly capacity = 32,
    private readonly dictionary?: PackDictionary,
  ) {}

  get(packId: number, load: () => StoredPack): Buffer {
    const hit = this.packs.get(packId);
    if (hit !== undefined) {
      this.packs.delete(packId);
      this.packs.set(packId, hit);
      return hit;
    }
    const raw = decodePack(packId, load(), this.dictionary);
    this.packs.set(packId, raw);
    if (this.packs.size > this.capacity) this.packs.delete(this.packs.keys().next().value!);
    return raw;
  }

  /** Forgets everything (after a rolled-back transaction, pack ids may be reused). */
  clear(): void {
    this.packs.clear();
  }
}
