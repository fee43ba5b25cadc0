import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { cacheStats } from '../../src-main/cache/stats';
import { versionStore } from '../../src-main/cache/versionStore';
import { contract, tempCache, tender, tenderItem, tenderPage } from './helpers';

describe('versions and deliveries', () => {
  it('rule 6 (dedupe by id + version): a repeat delivery adds a delivery row, never a second version', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const versions = versionStore(cache);
    feeds.saveFeedPage(tenderPage([tenderItem(tender(7, 1))]));
    // The same version again: under another filter (free, rule 5) and in a repeated page after a rebuild.
    const again = feeds.saveFeedPage(tenderPage([tenderItem(tender(7, 1), { billed: false })], { filterId: 'flt_other' }));
    expect(again).toMatchObject({ newVersions: 0, repeats: 1, billed: 0, created: 1 });
    const replay = feeds.saveFeedPage(tenderPage([tenderItem(tender(7, 1), { billed: false })], { filterId: 'flt_other' }));
    expect(replay).toMatchObject({ newVersions: 0, repeats: 1, created: 0 }); // not new to flt_other any more

    expect(versions.history('tender', 7)).toHaveLength(1);
    const log = versions.deliveries('tender', 7);
    expect(log.map((d) => [d.filterId, d.billed, d.event, d.via])).toEqual([
      ['flt_test', true, 'created', 'feed'],
      ['flt_other', false, 'created', 'feed'],
      ['flt_other', false, 'created', 'feed'],
    ]);
    expect(log.every((d) => d.requestId?.startsWith('req_') && d.receivedAt.startsWith('2026-07-01'))).toBe(true);
    const stats = cacheStats(cache);
    expect(stats.versions.tender).toBe(1);
    expect(stats.deliveries).toMatchObject({ total: 3, billed: 1, repeats: 2, feedPages: 3 });
  });

  it('the same version twice in one page is stored once and logged twice', () => {
    const cache = tempCache();
    const summary = feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(8, 1)), tenderItem(tender(8, 1), { billed: false })]));
    expect(summary).toMatchObject({ items: 2, newVersions: 1, repeats: 1, created: 1 });
    expect(versionStore(cache).deliveries('tender', 8, 1)).toHaveLength(2);
  });

  it('history keeps every version; latest is the highest version held, also when an older one arrives late', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const versions = versionStore(cache);
    feeds.saveFeedPage(tenderPage([tenderItem(tender(5, 1, { price: 100 }))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(5, 3, { price: 300 }))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(5, 2, { price: 200 }))]));
    expect(versions.history('tender', 5).map((v) => [v.version, (v.object as { price: number }).price])).toEqual([
      [1, 100],
      [2, 200],
      [3, 300],
    ]);
    expect(versions.latestVersion('tender', 5)).toBe(3);
    expect((versions.latest('tender', 5)!.object as { price: number }).price).toBe(300);
    expect((versions.get('tender', 5, 2)!.object as { price: number }).price).toBe(200);
    expect(versions.get('tender', 5, 4)).toBeUndefined();
    expect(versions.latest('tender', 6)).toBeUndefined();
    expect(versions.get('tender', 5, 1)).toMatchObject({ firstVia: 'feed', firstReceivedAt: expect.stringMatching(/^2026-07-01T/) });
  });

  it('unknown JSON fields are kept: the stored text is the compact JSON of what was delivered', () => {
    const cache = tempCache();
    const object = tender(9, 1, {
      extra: { new_field_2027: { nested: [1, 'два', null, true], 'ключ с пробелом': 'значение' }, big: 12345678901234, ratio: 0.1 },
    });
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(object)]));
    const stored = versionStore(cache).get('tender', 9, 1)!;
    expect(stored.json).toBe(JSON.stringify(object));
    expect(stored.object).toEqual(object);
    expect(Object.keys(stored.object as object)).toEqual(Object.keys(object)); // key order kept
  });

  it('contracts keep history and a latest pointer too', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const item = (v: number, paid: number) => ({
      kind: 'contract' as const,
      id: 40,
      version: v,
      billed: true,
      event: v === 1 ? ('created' as const) : ('updated' as const),
      object: contract(40, v, 7, paid),
    });
    feeds.saveFeedPage(tenderPage([item(1, 0), item(2, 5000)], { feed: 'contract' }));
    const versions = versionStore(cache);
    expect(versions.latestVersion('contract', 40)).toBe(2);
    expect(versions.history('contract', 40)).toHaveLength(2);
    expect(versions.latestVersion('tender', 40)).toBeUndefined();
    expect(cacheStats(cache).objects).toEqual({ tender: 0, contract: 1 });
  });

  it('allVersions yields every key once, by kind, id and version', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage([tenderItem(tender(2, 1)), tenderItem(tender(1, 1)), tenderItem(tender(1, 2))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2), { billed: false })]));
    expect([...versionStore(cache).allVersions()]).toEqual([
      { kind: 'tender', id: 1, version: 1 },
      { kind: 'tender', id: 1, version: 2 },
      { kind: 'tender', id: 2, version: 1 },
    ]);
  });

  it('record() stores deliveries that are neither a feed page nor a card', () => {
    const cache = tempCache();
    const versions = versionStore(cache);
    const summary = versions.record({ via: 'feed', requestId: 'req_1', receivedAt: '2026-07-02T00:00:00Z' }, [
      { kind: 'tender', id: 3, version: 1, billed: true, event: 'created', object: tender(3, 1) },
    ]);
    expect(summary).toMatchObject({ newVersions: 1, billed: 1 });
    expect(versions.has('tender', 3, 1)).toBe(true);
    expect(versions.getJson('tender', 3, 1)).toBe(JSON.stringify(tender(3, 1)));
  });

  it('history survives closing and re-opening the file', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(1, 2))]));
    const file = cache.file;
    cache.close();
    const again = tempCache(file);
    expect(versionStore(again).history('tender', 1).map((v) => v.version)).toEqual([1, 2]);
  });
});
