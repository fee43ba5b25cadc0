import { describe, expect, it } from 'vitest';
import { deliveryWriter } from '../../src-main/cache/deliveryWriter';
import { feedStore } from '../../src-main/cache/feedStore';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { versionStore } from '../../src-main/cache/versionStore';
import type { WriteStep } from '../../src-main/cache/writeUpkeep';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

/** Segments of the FTS5 index: leaf rowids hold the segment id above bit 37; tombstone pages sit at 2^16 and up. */
const ftsSegments = (cache: ReturnType<typeof tempCache>): number =>
  cache.db.prepare<[], number>('SELECT count(DISTINCT id >> 37) FROM tender_fts_data WHERE id >> 37 BETWEEN 1 AND 65535').pluck().get()!;

describe('upkeep after each write transaction (writeUpkeep.ts)', () => {
  it('merges the search index in small steps outside the page transactions: segments stay few', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    for (let p = 0; p < 60; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    // One segment per page without the steps (automatic merging is off); FTS5's crisis merge alone would
    // allow 15 per level.
    expect(ftsSegments(cache)).toBeLessThanOrEqual(10);
    expect(offlineSearch(cache).count({ text: 'канцелярских' })).toEqual({ count: 60, exact: true });
  });

  it('reports the write transaction, the merge step and the checkpoint each on its own', () => {
    const cache = tempCache();
    const steps: WriteStep[] = [];
    const stop = deliveryWriter(cache).upkeep.observe((step, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      steps.push(step);
    });
    const feeds = feedStore(cache);
    for (let p = 0; p < 10; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    stop();
    feeds.saveFeedPage(tenderPage([tenderItem(tender(99, 1))]));
    expect(steps.filter((s) => s === 'transaction')).toHaveLength(10);
    expect(steps.filter((s) => s === 'merge')).toHaveLength(10);
    expect(steps.filter((s) => s === 'checkpoint').length).toBeGreaterThan(0);
    expect(steps[0]).toBe('transaction'); // the upkeep runs after the transaction, never inside it
  });

  it("SQLite's automatic checkpoint (inside COMMIT) is off on the writer; the writer's own keeps the WAL short", () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    expect(cache.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    for (let p = 0; p < 40; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    const [wal] = cache.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(wal!.log).toBeLessThan(2000);
  });

  it('a failed page leaves no queued index rows behind for the next one', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    cache.db.exec(`CREATE TEMP TRIGGER fail_cursor BEFORE INSERT ON main.feed_cursor WHEN NEW.cursor = 'cur_bad'
                   BEGIN SELECT RAISE(ABORT, 'disk said no'); END`);
    expect(() => feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 1, { name: 'Ремонт кровли' }))], { cursor: 'cur_bad' }))).toThrow('disk said no');
    feeds.saveFeedPage(tenderPage([tenderItem(tender(2, 1))]));
    expect(versionStore(cache).has('tender', 1, 1)).toBe(false);
    expect(offlineSearch(cache).count({ text: 'кровли' }).count).toBe(0);
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(1);
  });

  it('index rows are written in rowid order within a page: an update of an old tender between new ones', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage([1, 2, 3].map((id) => tenderItem(tender(id, 1)))));
    feeds.saveFeedPage(
      tenderPage([
        tenderItem(tender(4, 1)),
        tenderItem(tender(2, 2, { name: 'Ремонт кровли' }), { event: 'updated' }),
        tenderItem(tender(5, 1)),
        tenderItem(tender(1, 2, { name: 'Поставка мебели' }), { event: 'updated' }),
        tenderItem(tender(5, 2, { name: 'Вывоз снега' }), { event: 'updated' }),
      ]),
    );
    const search = offlineSearch(cache);
    expect(search.search({ text: 'кровли' }).rows.map((r) => r.id)).toEqual([2]);
    expect(search.search({ text: 'мебели' }).rows.map((r) => r.id)).toEqual([1]);
    expect(search.search({ text: 'снега' }).rows.map((r) => r.id)).toEqual([5]);
    expect(search.search({ text: 'канцелярских' }).rows.map((r) => r.id)).toEqual([4, 3]);
    expect(() => cache.db.prepare("INSERT INTO tender_fts (tender_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();
  });
});
