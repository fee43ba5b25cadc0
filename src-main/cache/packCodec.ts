/**
 * How delivered JSON is stored: several texts concatenated and compressed as one blob (a pack).
 *
 * Measured on delivered tenders (~1.6 KB of UTF-8 each): compressing each alone costs ~30 us per call in
 * Node (most of it is setting up the zlib stream) and gives ~840 bytes; a page of 100 compressed together
 * costs ~8-12 us per item and gives ~230-290 bytes per item. A read inflates the whole pack (~0.3 ms for a
 * 100-item pack), so the last packs read are kept inflated in a small LRU.
 */
import type Database from 'better-sqlite3';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export const CODEC_RAW = 0;
export const CODEC_DEFLATE = 1;
export type Codec = typeof CODEC_RAW | typeof CODEC_DEFLATE;

/** zlib level: 3 is the knee measured on tender pages (level 1 is ~15 % bigger, 6 is 40 % slower). */
const DEFLATE_LEVEL = 3;

export interface EncodedBlob {
  codec: Codec;
  rawBytes: number;
  body: Buffer;
}

/** Compresses `raw`; keeps it as is when compressing would not make it smaller. */
export function encodeBlob(raw: Buffer): EncodedBlob {
  const packed = deflateRawSync(raw, { level: DEFLATE_LEVEL });
  return packed.length < raw.length
    ? { codec: CODEC_DEFLATE, rawBytes: raw.length, body: packed }
    : { codec: CODEC_RAW, rawBytes: raw.length, body: raw };
}

export function decodeBlob(codec: number, body: Buffer): Buffer {
  if (codec === CODEC_RAW) return body;
  if (codec === CODEC_DEFLATE) return inflateRawSync(body);
  throw new Error(`Unknown cache codec ${codec}: the file was written by a newer version of the app.`);
}

/**
 * Reads and inflates packs through `db`: the cache's own connection, or the one a worker thread opens on
 * the same file (packFile.ts, for the export's pack thread), which is why it takes a bare connection.
 */
export function packReader(db: Database.Database): (packId: number) => Buffer {
  const select = db.prepare<[number], { codec: number; body: Buffer }>('SELECT codec, body FROM version_pack WHERE pack_id = ?');
  return (packId) => {
    const stored = select.get(packId);
    if (!stored) throw new Error(`Cache pack ${packId} is missing.`);
    return decodeBlob(stored.codec, stored.body);
  };
}

/** Inflated packs by id, least recently used dropped first. Packs are never changed once written. */
export class PackCache {
  private readonly packs = new Map<number, Buffer>();

  constructor(private readonly capacity = 32) {}

  get(packId: number, load: () => { codec: number; body: Buffer }): Buffer {
    const hit = this.packs.get(packId);
    if (hit !== undefined) {
      this.packs.delete(packId);
      this.packs.set(packId, hit);
      return hit;
    }
    const { codec, body } = load();
    const raw = decodeBlob(codec, body);
    this.packs.set(packId, raw);
    if (this.packs.size > this.capacity) this.packs.delete(this.packs.keys().next().value!);
    return raw;
  }

  /** Forgets everything (after a rolled-back transaction, pack ids may be reused). */
  clear(): void {
    this.packs.clear();
  }
}
