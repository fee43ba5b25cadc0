/**
 * Packs against a dictionary learned from the cache's own JSON (packDictionary.ts, migration 0034): built once
 * the cache holds enough pages, committed before any pack uses it, never inside a page's transaction; every
 * version reads back as delivered, through the cache's connection and another one; a lost dictionary is damage
 * named as such, never a wrong body.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { StoredDataDamageError } from '../../src-main/cache/damage';
import { feedStore } from '../../src-main/cache/feedStore';
import { CODEC_BROTLI, CODEC_ZSTD_DICTIONARY, encodeBlob, packEncoder, packReader } from '../../src-main/cache/packCodec';
import { dictionaryForWriting, zstdDictionariesSupported } from '../../src-main/cache/packDictionary';
import { versionStore } from '../../src-main/cache/versionStore';
import { tempDir, tender, tenderItem, tenderPage } from './helpers';

const PAGES = 20;

/** Page `p` of 100 tenders whose names and prices vary (so a page compresses about as a real one does). */
function page(p: number): Record<string, unknown>[] {
  return Array.from({ length: 100 }, (_, i) => {
    const id = p * 100 + i + 1;
    return tender(id, 1, { name: `Поставка ${(id * 7919) % 1009} изделий вида ${id % 17} для нужд учреждения ${id % 311}`, price: 1000 + ((id * 104729) % 99991) });
  });
}

function filled(): { cache: CacheDb; file: string; objects: Record<string, unknown>[] } {
  const file = join(tempDir(), 'cache.db');
  const cache = openCache(file);
  const objects: Record<string, unknown>[] = [];
  for (let p = 0; p < PAGES; p++) {
    const items = page(p);
    objects.push(...items);
    feedStore(cache).saveFeedPage(tenderPage(items.map((o) => tenderItem(o))));
  }
  return { cache, file, objects };
}

const codecs = (cache: CacheDb) =>
  cache.db.prepare<[], { pack_id: number; codec: number; raw_bytes: number; stored: number }>('SELECT pack_id, codec, raw_bytes, length(body) AS stored FROM version_pack ORDER BY pack_id').all();

describe('packs against the cache’s own dictionary', () => {
  it('this runtime compresses with dictionaries (the app’s Node 24), so the tests below exercise them', () => {
    expect(zstdDictionariesSupported()).toBe(true);
  });

  it('the first 16 pages are Brotli; then one dictionary is stored and later pages use it, smaller, reading back byte for byte', () => {
    const { cache, file, objects } = filled();
    try {
      const packs = codecs(cache);
      expect(packs.slice(0, 16).every((p) => p.codec === CODEC_BROTLI)).toBe(true);
      expect(packs.slice(16).map((p) => p.codec)).toEqual(Array(PAGES - 16).fill(CODEC_ZSTD_DICTIONARY));
      expect(cache.db.prepare('SELECT count(*) FROM pack_dictionary').pluck().get()).toBe(1);
      const dictionary = cache.db.prepare<[], Buffer>('SELECT body FROM pack_dictionary').pluck().get()!;
      expect(dictionary.length).toBeGreaterThan(200 * 1024);
      // The same bytes in Brotli (as before this codec) take more room.
      const read = packReader(cache.db);
      for (const p of packs.slice(16)) expect(p.stored).toBeLessThan(encodeBlob(read(p.pack_id), CODEC_BROTLI).body.length);
      const versions = versionStore(cache);
      for (const o of objects) expect(versions.getJson('tender', o.id as number, 1)).toBe(JSON.stringify(o));
      // Another connection (the export's pack thread reads this way) finds the dictionary in the file.
      const other = new Database(file, { readonly: true });
      try {
        const otherRead = packReader(other);
        for (const p of packs) expect(otherRead(p.pack_id).equals(read(p.pack_id))).toBe(true);
      } finally {
        other.close();
      }
    } finally {
      cache.close();
    }
  });

  it('a dictionary is never made inside a transaction (a rollback could take it back from a pack that uses it)', () => {
    const file = join(tempDir(), 'cache.db');
    const cache = openCache(file);
    try {
      for (let p = 0; p < 17; p++) cache.db.transaction(() => feedStore(cache).saveFeedPage(tenderPage(page(p).map((o) => tenderItem(o)))))();
      expect(cache.db.prepare('SELECT count(*) FROM pack_dictionary').pluck().get()).toBe(0);
      expect(codecs(cache).every((p) => p.codec === CODEC_BROTLI)).toBe(true);
      // Outside one, the next pack builds it first and uses it.
      expect(packEncoder(cache.db)(Buffer.from(JSON.stringify(page(99)))).codec).toBe(CODEC_ZSTD_DICTIONARY);
      expect(cache.db.prepare('SELECT count(*) FROM pack_dictionary').pluck().get()).toBe(1);
    } finally {
      cache.close();
    }
  });

  it('a cache of small packs samples them again only when it holds twice the packs, not at every page', () => {
    const file = join(tempDir(), 'cache.db');
    const cache = openCache(file);
    // A second connection to the same file: its first attempt is counted here (the pages below tried on their own).
    const other = openCache(file);
    try {
      // Pages of one tender: 20 packs hold far less JSON than a dictionary needs.
      for (let p = 0; p < 20; p++) feedStore(cache).saveFeedPage(tenderPage(page(p).slice(0, 1).map((o) => tenderItem(o))));
      const read = packReader(other.db);
      let decoded = 0;
      const counting = (packId: number): Buffer => {
        decoded += 1;
        return read(packId);
      };
      expect(dictionaryForWriting(other.db, counting)).toBeUndefined();
      const first = decoded;
      expect(first).toBeGreaterThanOrEqual(8);
      for (let i = 0; i < 5; i++) expect(dictionaryForWriting(other.db, counting)).toBeUndefined();
      expect(decoded).toBe(first);
      for (let p = 20; p < 40; p++) feedStore(cache).saveFeedPage(tenderPage(page(p).slice(0, 1).map((o) => tenderItem(o))));
      expect(dictionaryForWriting(other.db, counting)).toBeUndefined();
      expect(decoded).toBeGreaterThan(first);
      expect(cache.db.prepare('SELECT count(*) FROM pack_dictionary').pluck().get()).toBe(0);
    } finally {
      other.close();
      cache.close();
    }
  });

  it('a pack whose dictionary is gone is damage that says so, never other bytes', () => {
    const { cache, file } = filled();
    const last = codecs(cache).at(-1)!.pack_id;
    cache.close();
    const raw = new Database(file);
    raw.prepare('DELETE FROM pack_dictionary').run();
    raw.close();
    const again = openCache(file);
    try {
      expect(() => packReader(again.db)(last)).toThrow(StoredDataDamageError);
      expect(() => packReader(again.db)(last)).toThrow(/pack_dictionary/);
    } finally {
      again.close();
    }
  });
});
