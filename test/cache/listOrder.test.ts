/**
 * A list's table sorts by the list's own order (list_item.position, the order its CSV export keeps),
 * and that is the default; each row says its place in that order.
 * The analyst reorders members here (the API has no route for member order), and from then on a
 * mirror of the members keeps that order: known members where the analyst put them, new ones appended
 * (D-LIST-8, migration 0031). A list never reordered here still takes the server's order.
 */
import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { listSortSchema, sortSchema } from '../../src-main/contract/ipc';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

function listOf(order: number[], held: number[]) {
  const cache = tempCache();
  feedStore(cache).saveFeedPage(tenderPage(held.map((id) => tenderItem(tender(id, 1)))));
  const lists = listStore(cache);
  lists.upsertList({ listId: 'lst_1', name: 'Мой список', createdAt: '2026-07-01T00:00:00Z' });
  lists.setItems('lst_1', order);
  return { cache, lists, views: viewQueries(cache) };
}

describe('list order', () => {
  it('a list reads in its own order by default, each row numbered by its place', () => {
    // 30 is not held: it keeps its place (3) in the numbering, the table skips it.
    const { views } = listOf([50, 10, 30, 40, 20], [10, 20, 40, 50]);
    const page = views.listTenders('lst_1', undefined, 0, 10);
    expect(page.rows.map((r) => r.id)).toEqual([50, 10, 40, 20]);
    expect(page.rows.map((r) => r.listPosition)).toEqual([1, 2, 4, 5]);
    expect(page.missing).toEqual([30]);
  });

  it('listOrder sorts both ways and pages; other columns still sort', () => {
    const { views } = listOf([3, 1, 2, 5, 4], [1, 2, 3, 4, 5]);
    expect(views.listTenders('lst_1', { column: 'listOrder', direction: 'asc' }, 0, 10).rows.map((r) => r.id)).toEqual([3, 1, 2, 5, 4]);
    expect(views.listTenders('lst_1', { column: 'listOrder', direction: 'desc' }, 0, 10).rows.map((r) => r.id)).toEqual([4, 5, 2, 1, 3]);
    expect(views.listTenders('lst_1', { column: 'listOrder', direction: 'asc' }, 2, 2).rows.map((r) => r.id)).toEqual([2, 5]);
    expect(views.listTenders('lst_1', { column: 'id', direction: 'asc' }, 0, 10).rows.map((r) => [r.id, r.listPosition])).toEqual([
      [1, 2],
      [2, 3],
      [3, 1],
      [4, 5],
      [5, 4],
    ]);
  });

  // Before reordering existed every mirror took the server's order; that rule now holds only for a list the analyst never
  // reordered here (its order is nobody's choice, so the server's is as good and keeps a fresh install alike).
  it('a list never reordered here takes a reorder by the server, and a local addition shows at once', () => {
    const { views, lists } = listOf([1, 2, 3], [1, 2, 3, 4]);
    expect(views.listTenders('lst_1', undefined, 0, 10).rows.map((r) => r.id)).toEqual([1, 2, 3]);
    lists.setItems('lst_1', [3, 2, 1]);
    expect(views.listTenders('lst_1', undefined, 0, 10).rows.map((r) => r.id)).toEqual([3, 2, 1]);
    lists.addItems('lst_1', [4]);
    const rows = views.listTenders('lst_1', undefined, 0, 10).rows;
    expect(rows.map((r) => [r.id, r.listPosition])).toEqual([
      [3, 1],
      [2, 2],
      [1, 3],
      [4, 4],
    ]);
  });

  it('a list reordered by the analyst keeps its order through a mirror: known members stay, new ones are appended, gone ones dropped', () => {
    const { views, lists } = listOf([1, 2, 3, 4], [1, 2, 3, 4, 5, 6]);
    expect(lists.getList('lst_1')?.orderedAt).toBeNull();
    expect(lists.moveItem('lst_1', 4, 1, '2026-07-02T00:00:00Z')).toBe(1);
    expect(lists.moveItem('lst_1', 1, 99, '2026-07-02T00:00:00Z')).toBe(4);
    expect(lists.getList('lst_1')?.orderedAt).toBe('2026-07-02T00:00:00Z');
    expect(lists.items('lst_1').map((m) => m.tenderId)).toEqual([4, 2, 3, 1]);
    // The server lists its members in its own order, without 2 and with 6 and 5 new.
    lists.setItems('lst_1', [1, 3, 4, 6, 5]);
    const rows = views.listTenders('lst_1', undefined, 0, 10).rows;
    expect(rows.map((r) => [r.id, r.listPosition])).toEqual([
      [4, 1],
      [3, 2],
      [1, 3],
      [6, 4],
      [5, 5],
    ]);
  });

  it('moving a member: places clamp to the list, a stranger is not moved, a bad place is refused', () => {
    const { lists } = listOf([1, 2, 3], [1, 2, 3]);
    expect(lists.moveItem('lst_1', 3, 2)).toBe(2);
    expect(lists.items('lst_1').map((m) => m.tenderId)).toEqual([1, 3, 2]);
    expect(lists.moveItem('lst_1', 9, 1)).toBeNull();
    expect(() => lists.moveItem('lst_1', 1, 0)).toThrow(/positive integer/);
    expect(() => lists.moveItem('lst_2', 1, 1)).toThrow(/not in the cache/);
    expect(lists.items('lst_1').map((m) => m.tenderId)).toEqual([1, 3, 2]);
  });

  it('the IPC contract takes listOrder for a list only, not for a saved search', () => {
    expect(listSortSchema.safeParse({ column: 'listOrder', direction: 'asc' }).success).toBe(true);
    expect(sortSchema.safeParse({ column: 'listOrder', direction: 'asc' }).success).toBe(false);
  });
});
