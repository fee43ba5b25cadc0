import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../src-main/cache/errors';
import { feedStore, normalizeStream } from '../../src-main/cache/feedStore';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { cacheStats } from '../../src-main/cache/stats';
import { versionStore } from '../../src-main/cache/versionStore';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

const fivePage = () => [1, 2, 3, 4, 5].map((id) => tenderItem(tender(id, 1)));

describe('feed pages and cursors', () => {
  it('a page is stored with its cursor: versions, deliveries, latest pointers, search rows and cursor', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const page = tenderPage(fivePage());
    const summary = feeds.saveFeedPage(page);
    expect(summary).toMatchObject({ items: 5, billed: 5, newVersions: 5, repeats: 0, created: 5, updated: 0 });
    expect(feeds.getCursor('flt_test', 'tender', 'created,updated')).toBe(page.cursor);
    expect(versionStore(cache).latestVersion('tender', 3)).toBe(1);
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(5);
    const state = feeds.feedState('flt_test', 'tender', 'updated,created')!;
    expect(state).toMatchObject({ cursor: page.cursor, pages: 1, items: 5, billed: 5, newVersions: 5, lastPageAt: page.receivedAt });
    expect(state.lastRequestId).toBe(page.requestId);
  });

  it('a failure in the middle of a page stores neither its items nor its cursor', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const first = tenderPage([tenderItem(tender(100, 1))]);
    feeds.saveFeedPage(first);
    // The database refuses the third delivery row, after two items were already written in the transaction.
    cache.db.exec(`CREATE TEMP TRIGGER fail_third BEFORE INSERT ON main.delivery WHEN NEW.id = 3
                   BEGIN SELECT RAISE(ABORT, 'disk said no'); END`);
    expect(() => feeds.saveFeedPage(tenderPage(fivePage()))).toThrow('disk said no');
    expect(feeds.getCursor('flt_test', 'tender', 'created,updated')).toBe(first.cursor);
    for (const id of [1, 2, 3, 4, 5]) expect(versionStore(cache).has('tender', id, 1)).toBe(false);
    expect(cacheStats(cache).deliveries.total).toBe(1);
    expect(cacheStats(cache).packs.count).toBe(1);
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(1);
    expect(feeds.feedState('flt_test', 'tender', 'created,updated')!.pages).toBe(1);

    // Once the cause is gone, the same page is stored whole.
    cache.db.exec('DROP TRIGGER temp.fail_third');
    feeds.saveFeedPage(tenderPage(fivePage()));
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(6);
  });

  it('a failure when the cursor is written (the last step) rolls the items back too', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    cache.db.exec(`CREATE TEMP TRIGGER fail_cursor BEFORE INSERT ON main.feed_cursor BEGIN SELECT RAISE(ABORT, 'no cursor'); END`);
    expect(() => feeds.saveFeedPage(tenderPage(fivePage()))).toThrow('no cursor');
    expect(feeds.getCursor('flt_test', 'tender', 'created,updated')).toBeUndefined();
    expect(cacheStats(cache).versions.tender).toBe(0);
    expect(cacheStats(cache).deliveries.total).toBe(0);
    expect(cacheStats(cache).objects.tender).toBe(0);
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(0);
  });

  it('an invalid item fails the whole page before anything is written', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    const items = fivePage();
    items[3] = { ...items[3]!, object: { ...(items[3]!.object as object), id: 999 } };
    expect(() => feeds.saveFeedPage(tenderPage(items))).toThrow(CacheInputError);
    expect(cacheStats(cache).versions.tender).toBe(0);
    expect(feeds.getCursor('flt_test', 'tender', 'created,updated')).toBeUndefined();
  });

  it('an empty page still replaces the cursor (2.3: always store next_cursor)', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage(fivePage()));
    const empty = tenderPage([]);
    expect(feeds.saveFeedPage(empty)).toMatchObject({ requestSeq: null, items: 0 });
    const state = feeds.feedState('flt_test', 'tender', 'created,updated')!;
    expect(state).toMatchObject({ cursor: empty.cursor, pages: 2, items: 5, lastPageAt: empty.receivedAt, lastRequestId: empty.requestId });
  });

  it('streams are kept apart: one cursor per filter, feed and set of streams', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 1))], { stream: 'created', cursor: 'cur_created' }));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2))], { stream: 'updated', cursor: 'cur_updated' }));
    expect(feeds.getCursor('flt_test', 'tender', 'created')).toBe('cur_created');
    expect(feeds.getCursor('flt_test', 'tender', 'updated')).toBe('cur_updated');
    expect(feeds.getCursor('flt_test', 'tender', 'created,updated')).toBeUndefined();
    expect(feeds.getCursor('flt_test', 'contract', 'created')).toBeUndefined();
    expect(feeds.feedStates('flt_test').map((s) => s.stream)).toEqual(['created', 'updated']);
    expect(normalizeStream(' updated , created ')).toBe('created,updated');
    expect(() => normalizeStream('deleted')).toThrow(CacheInputError);
  });

  it('a contract in the tender feed is refused', () => {
    const cache = tempCache();
    const item = { ...tenderItem(tender(1, 1)), kind: 'contract' as const };
    expect(() => feedStore(cache).saveFeedPage(tenderPage([item]))).toThrow(/contract in the tender feed/);
  });

  it('after a rolled-back page, customer names still map to the right rows (no stale in-memory refs)', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    cache.db.exec(`CREATE TEMP TRIGGER fail_second BEFORE INSERT ON main.delivery WHEN NEW.id = 2
                   BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    const page = [tenderItem(tender(1, 1, { customer: 'ООО «Икс»' })), tenderItem(tender(2, 1, { customer: 'ООО «Икс»' }))];
    expect(() => feeds.saveFeedPage(tenderPage(page))).toThrow('boom');
    cache.db.exec('DROP TRIGGER temp.fail_second');
    // A new name now takes the row number the rolled-back one had.
    feeds.saveFeedPage(tenderPage([tenderItem(tender(3, 1, { customer: 'АО «Игрек»' }))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(4, 1, { customer: 'ООО «Икс»' }))]));
    const rows = offlineSearch(cache).search({}).rows;
    expect(rows.map((r) => [r.id, r.customer])).toEqual([
      [4, 'ООО «Икс»'],
      [3, 'АО «Игрек»'],
    ]);
  });
});
