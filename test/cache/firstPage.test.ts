/**
 * Cold start: a saved search's early pages in the default order (receivedAt), by publication date
 * and by id are read in index order instead of after sorting every member. The pages must be the very ones the full sort gave:
 * here, on a mixed set (members interleaved with another filter's tenders, updates that move a tender's
 * place, ties and empty values in every column), every column both ways, page by page, against the full
 * sort's query as it was, and across a delivery that changes the set.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { viewQueries, type TenderSort, type TenderSortColumn } from '../../src-main/cache/viewQueries';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

const COLUMNS: TenderSortColumn[] = ['receivedAt', 'publishDate', 'endDate', 'price', 'name', 'region', 'customerName', 'id'];
const SQL: Record<TenderSortColumn, string> = {
  receivedAt: 't.seq',
  publishDate: 't.publish_at',
  endDate: 't.end_at',
  price: 't.price',
  name: 't.name',
  region: 't.region',
  customerName: 'c.name',
  id: 't.id',
};

/** The full sort of every member as viewQueries ran it before (empty values last, ties by id). */
function fullOrder(cache: CacheDb, filterId: string, sort: TenderSort): number[] {
  const col = SQL[sort.column];
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = sort.column === 'id' ? `t.id ${dir}` : `${col} IS NULL, ${col} ${dir}, t.id ${dir}`;
  return cache.db
    .prepare<[string], number>(
      `SELECT t.id FROM filter_member m JOIN tender t ON t.id = m.id LEFT JOIN customer_name c ON c.ref = t.customer_ref
       WHERE m.filter_id = ? AND m.kind = 1 ORDER BY ${order}`,
    )
    .pluck()
    .all(filterId);
}

/** 2,400 tenders: 3 of 4 delivered to flt_test, the rest to flt_other, in a shuffled id order; 300 updated later. */
function mixedCache(): CacheDb {
  const cache = tempCache();
  const feeds = feedStore(cache);
  const ids = Array.from({ length: 2_400 }, (_, i) => 1 + ((i * 7_919) % 10_007));
  const object = (id: number, version: number) =>
    tender(id, version, {
      name: ['Бумага', 'Картриджи', 'Уборка'][id % 3]!,
      customer: ['ГБОУ Школа № 1', 'ГБУЗ Больница № 2', 'Администрация'][id % 4 === 0 ? 0 : id % 3]!,
      price: (id % 7) * 1_000,
      region: [77, 50, 78][id % 3],
      publish: `2026-07-${String(1 + (id % 5)).padStart(2, '0')}T10:00:00+03:00`,
      end: `2026-08-${String(1 + (id % 6)).padStart(2, '0')}T09:00:00+03:00`,
      // Empty values in every sortable column of one tender in eleven.
      extra: id % 11 === 0 ? { price: null, publish_date: null, end_date: null, name: null, region: null, organization: null } : {},
    });
  for (let p = 0; p < ids.length; p += 100) {
    const chunk = ids.slice(p, p + 100);
    feeds.saveFeedPage(tenderPage(chunk.filter((_, i) => (p + i) % 4 !== 3).map((id) => tenderItem(object(id, 1)))));
    feeds.saveFeedPage(tenderPage(chunk.filter((_, i) => (p + i) % 4 === 3).map((id) => tenderItem(object(id, 1))), { filterId: 'flt_other' }));
  }
  // Later versions, some through the other filter: a member's place in the receivedAt order moves.
  const updated = ids.filter((_, i) => i % 8 === 1);
  feeds.saveFeedPage(tenderPage(updated.slice(0, 150).map((id) => tenderItem(object(id, 2)))));
  feeds.saveFeedPage(tenderPage(updated.slice(150).map((id) => tenderItem(object(id, 2))), { filterId: 'flt_other' }));
  return cache;
}

describe('a saved search\'s early pages in index order', () => {
  it('every column both ways: the same pages and count as the full sort, early pages, deep ones and again', () => {
    const cache = mixedCache();
    const views = viewQueries(cache);
    for (const column of COLUMNS) {
      for (const direction of ['desc', 'asc'] as const) {
        const sort = { column, direction };
        const all = fullOrder(cache, 'flt_test', sort);
        expect(all.length).toBe(1_800);
        // Pages from the top down past the early ones (the later ones come from the kept full order).
        for (let offset = 0; offset < all.length; offset += 150) {
          const page = views.filterTenders('flt_test', sort, offset, 50);
          expect(page.count, `${column} ${direction} @${offset}`).toBe(all.length);
          expect(page.rows.map((r) => r.id), `${column} ${direction} @${offset}`).toEqual(all.slice(offset, offset + 50));
        }
        expect(views.filterTenders('flt_test', sort, 0, 50).rows.map((r) => r.id)).toEqual(all.slice(0, 50));
      }
    }
    expect(views.filterTenders('flt_test', undefined, 0, 50).rows.map((r) => r.id)).toEqual(fullOrder(cache, 'flt_test', { column: 'receivedAt', direction: 'desc' }).slice(0, 50));
  });

  it('a set too sparse for the scanned tenders (or smaller than the page) gets the full sort\'s pages too', () => {
    const cache = mixedCache();
    // flt_few: 30 tenders delivered first, then 2,400 more of flt_test/flt_other after them in seq order.
    feedStore(cache).saveFeedPage(tenderPage([20_001, 20_002, 20_003].map((id) => tenderItem(tender(id, 1))), { filterId: 'flt_few' }));
    feedStore(cache).saveFeedPage(tenderPage(Array.from({ length: 27 }, (_, i) => tenderItem(tender(1 + ((i * 7_919) % 10_007), 1))), { filterId: 'flt_few' }));
    const views = viewQueries(cache);
    for (const sort of [{ column: 'receivedAt', direction: 'desc' }, { column: 'receivedAt', direction: 'asc' }, { column: 'id', direction: 'asc' }, { column: 'publishDate', direction: 'desc' }, { column: 'publishDate', direction: 'asc' }] as const) {
      const all = fullOrder(cache, 'flt_few', sort);
      expect(all).toHaveLength(30);
      for (const [offset, limit] of [[0, 50], [0, 10], [10, 10], [25, 10]] as const) {
        const page = views.filterTenders('flt_few', sort, offset, limit);
        expect(page.count).toBe(30);
        expect(page.rows.map((r) => r.id), `${sort.column} ${sort.direction} @${offset}`).toEqual(all.slice(offset, offset + limit));
      }
    }
  });

  it('a delivery after the first page shows at once in the next first page and count', () => {
    const cache = mixedCache();
    const views = viewQueries(cache);
    expect(views.filterTenders('flt_test', undefined, 0, 20).count).toBe(1_800);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(20_001, 1))]));
    const page = views.filterTenders('flt_test', undefined, 0, 20);
    expect(page.count).toBe(1_801);
    expect(page.rows[0]!.id).toBe(20_001);
    expect(views.filterTenders('flt_test', { column: 'id', direction: 'desc' }, 0, 20).rows[0]!.id).toBe(20_001);
  });

  it('the first page by publication date (the saved-search view\'s order) is a walk of tender_publish_order, not a sort', () => {
    const cache = mixedCache();
    const prepare = vi.spyOn(cache.db, 'prepare');
    const views = viewQueries(cache);
    for (const direction of ['desc', 'asc'] as const) {
      prepare.mockClear();
      const page = views.filterTenders('flt_test', { column: 'publishDate', direction }, 0, 50);
      expect(page.rows.map((r) => r.id)).toEqual(fullOrder(cache, 'flt_test', { column: 'publishDate', direction }).slice(0, 50));
      const reads = prepare.mock.calls.map(([sql]) => String(sql)).filter((sql) => /filter_member/.test(sql) && /LIMIT/.test(sql));
      expect(reads).toHaveLength(1);
      const plan = cache.db.prepare(`EXPLAIN QUERY PLAN ${reads[0]}`).all('flt_test', 50_000, 50) as { detail: string }[];
      const details = plan.map((r) => r.detail).join('\n');
      expect(details).toContain('tender_publish_order');
      expect(details).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('the first page of any order does not sort every member (the default and id orders by index, others by a LIMIT)', () => {
    const cache = mixedCache();
    const prepare = vi.spyOn(cache.db, 'prepare');
    const views = viewQueries(cache);
    for (const sort of [undefined, { column: 'receivedAt', direction: 'asc' }, { column: 'id', direction: 'desc' }, { column: 'id', direction: 'asc' }, { column: 'publishDate', direction: 'desc' }, { column: 'price', direction: 'asc' }] as const) {
      expect(views.filterTenders('flt_test', sort, 0, 50).rows).toHaveLength(50);
    }
    // A read of the members in an order with no LIMIT is the full sort.
    const fullSorts = prepare.mock.calls.map(([sql]) => String(sql)).filter((sql) => /filter_member/.test(sql) && /ORDER BY/.test(sql) && !/LIMIT/.test(sql));
    expect(fullSorts).toEqual([]);
  });
});
