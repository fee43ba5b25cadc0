/**
 * A cache over 32 MB skips quick_check at open, and SQLite's page checks never look inside a
 * value, so a pack whose bytes were damaged surfaced as zlib's or the JSON parser's raw words (exit 1 in the
 * CLI). A damaged pack is now detected where it is read: it does not inflate, inflates to another length than
 * the one stored beside it, holds no JSON where its row points, or holds JSON that does not parse. Each is a
 * StoredDataDamageError, which the CLI and the app handle as a damaged cache (isDamageError).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../src-main/workspace/errors';
import { openProfileCache } from '../../src-main/workspace/damagedCaches';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { DamagedCacheError, StoredDataDamageError } from '../../src-main/cache/damage';
import { feedStore } from '../../src-main/cache/feedStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { isDamageError } from '../../src-main/cache/fileCheck';
import { positionsTotalOf } from '../../src-main/cache/cardFacts';
import { CODEC_BROTLI, CODEC_RAW, decodeBlob, packMember } from '../../src-main/cache/packCodec';
import { versionStore } from '../../src-main/cache/versionStore';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { tenderRow } from '../../src-main/current/rows';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

/** A cache holding tenders 1..20 in one pack; answers the pack's id. */
function cacheWithPack(): { cache: CacheDb; packId: number } {
  const cache = tempCache();
  feedStore(cache).saveFeedPage(tenderPage(Array.from({ length: 20 }, (_, i) => tenderItem(tender(i + 1, 1, { name: `Поставка бумаги ${i + 1}` })))));
  const packId = cache.db.prepare('SELECT pack_id FROM object_version WHERE kind = 1 AND id = 1').pluck().get() as number;
  return { cache, packId };
}

/** What reading tender 5 throws: a stored version (cards, team push) and a table's row (tables, exports). */
function readFailures(cache: CacheDb): unknown[] {
  const out: unknown[] = [];
  const reads = [() => versionStore(cache).get('tender', 5, 1), () => viewQueries(cache).objects('tender', [5]).map(tenderRow)];
  for (const read of reads) {
    try {
      read();
      out.push(null);
    } catch (e) {
      out.push(e);
    }
  }
  return out;
}

function expectDamage(errors: unknown[]): void {
  for (const e of errors) {
    expect(e).toBeInstanceOf(StoredDataDamageError);
    expect(isDamageError(e)).toBe(true);
    // The app's answer is the damaged cache's, never the parser's or zlib's words.
    const answer = toIpcError(e, 'ru');
    expect(answer.code).toBe('cache_damaged');
    expect(answer.message).not.toMatch(/JSON|Unexpected|inflate|invalid|zlib/i);
  }
}

describe('a damaged pack is damage when it is read', () => {
  it('a compressed pack whose bytes were overwritten (it does not inflate, or inflates to another length)', () => {
    const { cache, packId } = cacheWithPack();
    const { codec, body } = cache.db.prepare('SELECT codec, body FROM version_pack WHERE pack_id = ?').get(packId) as { codec: number; body: Buffer };
    expect(codec).toBe(CODEC_BROTLI);
    const damaged = Buffer.from(body);
    damaged.fill(0xa5, 8, 40);
    cache.db.prepare('UPDATE version_pack SET body = ? WHERE pack_id = ?').run(damaged, packId);
    expectDamage(readFailures(cache));
    cache.close();
  });

  it('a compressed pack that inflates to another length than the one stored beside it', () => {
    const { cache, packId } = cacheWithPack();
    cache.db.prepare('UPDATE version_pack SET raw_bytes = raw_bytes + 7 WHERE pack_id = ?').run(packId);
    expectDamage(readFailures(cache));
    cache.close();
  });

  it('an uncompressed pack whose text was overwritten: what the row points at does not parse', () => {
    const spoils = [(b: Buffer, at: number) => b.fill(0x20, at, at + 3), (b: Buffer, at: number) => b.fill(0x22, at + 20, at + 24)];
    for (const spoil of spoils) {
      const { cache, packId } = cacheWithPack();
      const { codec, body } = cache.db.prepare('SELECT codec, body FROM version_pack WHERE pack_id = ?').get(packId) as { codec: number; body: Buffer };
      const whole = Buffer.from(decodeBlob(codec, body));
      const { at, length } = cache.db.prepare('SELECT pack_offset AS at, byte_length AS length FROM object_version WHERE kind = 1 AND id = 5').get() as { at: number; length: number };
      expect(JSON.parse(whole.toString('utf8', at, at + length))).toMatchObject({ id: 5 });
      spoil(whole, at);
      // Stored raw, as encodeBlob does when compression does not pay: nothing but the text itself to go by.
      cache.db.prepare('UPDATE version_pack SET codec = ?, raw_bytes = ?, body = ? WHERE pack_id = ?').run(CODEC_RAW, whole.length, whole, packId);
      expectDamage(readFailures(cache));
      cache.close();
    }
  });

  it('a version whose row points past the end of its pack', () => {
    const { cache } = cacheWithPack();
    cache.db.prepare('UPDATE object_version SET pack_offset = pack_offset + 1000000 WHERE kind = 1 AND id = 5').run();
    expectDamage(readFailures(cache));
    cache.close();
    // Inside the pack, any stored JSON value reads back: what a teammate pushed can never pass for damage.
    const value = '"строка"';
    expect(packMember(Buffer.from(`[1,${value}]`), 3, Buffer.byteLength(value), 1)).toBe(value);
  });

  it('a pack that is not there at all', () => {
    const { cache, packId } = cacheWithPack();
    cache.db.pragma('foreign_keys = OFF');
    cache.db.prepare('DELETE FROM version_pack WHERE pack_id = ?').run(packId);
    expectDamage(readFailures(cache));
    cache.close();
  });

  it('a stored card page whose text is cut is damage too, not the parser\'s words (enrichment reads its positions_total)', () => {
    const cut = Buffer.from('{"id":5,"name":"Поставка","positions":[{"n');
    let thrown: unknown = null;
    try {
      positionsTotalOf(cut);
    } catch (e) {
      thrown = e;
    }
    expectDamage([thrown]);
    expect(positionsTotalOf(Buffer.from('{"id":5,"positions_total":3}'))).toBe(3);
  });

  it('a damaged pack met by a migration that reads every pack at open (0012) is a damaged cache, moved aside, not the parser\'s words', () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 11) });
    feedStore(old).saveFeedPage(tenderPage(Array.from({ length: 20 }, (_, i) => tenderItem(tender(i + 1, 1, { name: `Поставка бумаги ${i + 1}` })))));
    const packId = old.db.prepare('SELECT pack_id FROM object_version WHERE kind = 1 AND id = 5').pluck().get() as number;
    const stored = old.db.prepare('SELECT codec, body FROM version_pack WHERE pack_id = ?').get(packId) as { codec: number; body: Buffer };
    const whole = Buffer.from(decodeBlob(stored.codec, stored.body));
    const at = old.db.prepare('SELECT pack_offset FROM object_version WHERE kind = 1 AND id = 5').pluck().get() as number;
    whole.fill(0x22, at + 20, at + 24); // still an object's braces around it, no longer JSON
    old.db.prepare('UPDATE version_pack SET codec = ?, raw_bytes = ?, body = ? WHERE pack_id = ?').run(CODEC_RAW, whole.length, whole, packId);
    old.close();

    let thrown: unknown = null;
    try {
      openProfileCache(dir).close();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DamagedCacheError);
    const damaged = thrown as DamagedCacheError;
    expect(damaged.reason).toBe('corrupt');
    expect(damaged.movedTo).toMatch(/cache\.db\.damaged-\d{8}T\d{6}Z$/);
    expect(existsSync(file)).toBe(false);
    expect(damaged.text.ru).not.toMatch(/JSON|Unexpected/);
  });
});
