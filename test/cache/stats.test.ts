import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { runMaintenance } from '../../src-main/cache/maintenance';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { outboxStore } from '../../src-main/cache/outboxStore';
import { cacheStats } from '../../src-main/cache/stats';
import { contract, tempCache, tender, tenderItem, tenderPage } from './helpers';

describe('cache stats', () => {
  it('counts objects, versions, deliveries, cards, packs and the bytes on disk', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    expect(cacheStats(cache)).toMatchObject({ objects: { tender: 0, contract: 0 }, versions: { tender: 0, contract: 0 } });

    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1)), tenderItem(tender(1, 2))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(2, 1), { billed: false })], { filterId: 'flt_b' }));
    feeds.saveFeedPage(
      tenderPage([{ kind: 'contract', id: 5, version: 1, billed: true, event: 'created', object: contract(5, 1, 1) }], { feed: 'contract' }),
    );
    cardStore(cache).saveCard({
      kind: 'tender', id: 1, version: 2, positionsPage: 1, positionsLimit: 20, requestId: 'req_card', receivedAt: '2026-07-01T00:00:00Z', billed: false,
      card: { ...tender(1, 2), positions: [] },
    });
    listStore(cache).upsertList({ listId: 'lst_1', name: 'x', createdAt: '2026-07-01T00:00:00Z' });
    outboxStore(cache).enqueue({ op: 'lists.create', payload: {} });

    const stats = cacheStats(cache);
    expect(stats.objects).toEqual({ tender: 2, contract: 1 });
    expect(stats.versions).toEqual({ tender: 3, contract: 1 });
    expect(stats.deliveries).toEqual({ total: 6, billed: 4, repeats: 2, feedPages: 3, cards: 1 });
    expect(stats.cachedCards).toBe(1);
    expect(stats.packs.count).toBe(2); // one per page that delivered new versions
    expect(stats.packs.jsonBytes).toBeGreaterThan(stats.packs.storedBytes); // compressed
    expect(stats).toMatchObject({ lists: 1, outboxPending: 1, savedSearches: 0, ledgerRows: 0 });
    expect(stats.disk.pageSize).toBe(4096);
    expect(stats.disk.databaseBytes).toBeGreaterThan(0);
    expect(stats.disk.walBytes).toBeGreaterThan(0);
    expect(stats.disk.totalBytes).toBe(stats.disk.databaseBytes + stats.disk.walBytes);
  });
});

describe('maintenance', () => {
  it('merges FTS segments in bounded steps, checkpoints, and changes nothing a reader sees', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    for (let p = 0; p < 20; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p * 2 + 1, 1)), tenderItem(tender(p * 2 + 2, 1))]));
    // The writer merges as it goes (writeUpkeep.ts), leaving fewer than 8 segments on a level; a backlog is
    // what steps that could not run leave: here 8 one-row segments written behind its back (automatic
    // merging is off, migration 0005; FTS5's own crisis merge would start at 16).
    for (let i = 0; i < 8; i++) cache.db.prepare('INSERT INTO tender_fts (rowid, body) VALUES (?, ?)').run(1000 + i, 'резерв');
    const before = cacheStats(cache);
    let step = runMaintenance(cache, 50);
    expect(step.merged).toBe(true);
    for (let i = 0; i < 20 && step.merged; i++) step = runMaintenance(cache, 50);
    expect(step.merged).toBe(false);
    expect(step.walFramesLeft).toBe(0);
    const after = cacheStats(cache);
    expect(after.objects).toEqual(before.objects);
    expect(offlineSearch(cache).count({ text: 'канцелярских' })).toEqual({ count: 40, exact: true });
  });
});
