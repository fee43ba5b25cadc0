import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../src-main/cache/errors';
import { feedStore } from '../../src-main/cache/feedStore';
import { ledgerStore, type LedgerRow } from '../../src-main/cache/ledgerStore';
import { listStore } from '../../src-main/cache/listStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { tempCache, tender, tenderItem, tenderPage } from './helpers';

describe('saved searches', () => {
  it('upsert, get by filter_id or label, list and remove; labels are unique', () => {
    const cache = tempCache();
    const searches = searchStore(cache);
    const saved = searches.upsert({
      filterId: 'flt_a',
      params: { keywords: ['компьютер'], regions: [77] },
      label: 'Компьютеры Москва',
      events: ['updated', 'created'],
      createdAt: '2026-07-01T00:00:00Z',
      expiresAt: '2026-07-08T00:00:00Z',
    });
    expect(saved).toMatchObject({
      filterId: 'flt_a',
      label: 'Компьютеры Москва',
      events: ['created', 'updated'],
      expiresAt: '2026-07-08T00:00:00Z',
      lastSeenAt: null,
      newSinceSeen: 0,
    });
    expect(searches.getByLabel('Компьютеры Москва')?.filterId).toBe('flt_a');
    searches.upsert({ filterId: 'flt_b', params: {}, events: ['created'], createdAt: '2026-07-02T00:00:00Z' });
    expect(() => searches.upsert({ filterId: 'flt_b', params: {}, label: 'Компьютеры Москва', events: ['created'] })).toThrow(
      /already used by another saved search/,
    );
    // An update without a label keeps it; null removes it.
    searches.upsert({ filterId: 'flt_a', params: { keywords: ['ноутбук'] }, events: ['created'] });
    expect(searches.get('flt_a')).toMatchObject({ label: 'Компьютеры Москва', params: { keywords: ['ноутбук'] }, createdAt: '2026-07-01T00:00:00Z' });
    searches.upsert({ filterId: 'flt_a', params: {}, label: null, events: ['created'] });
    expect(searches.get('flt_a')!.label).toBeNull();
    expect(searches.list().map((s) => s.filterId)).toEqual(['flt_a', 'flt_b']);
    expect(searches.remove('flt_b')).toBe(true);
    expect(searches.remove('flt_b')).toBe(false);
    expect(() => searches.upsert({ filterId: 'flt_c', params: {}, events: [] })).toThrow(CacheInputError);
  });

  it('counts new and updated items since last seen; a repeat after a rebuild does not count again', () => {
    const cache = tempCache();
    const searches = searchStore(cache);
    const feeds = feedStore(cache);
    searches.upsert({ filterId: 'flt_test', params: {}, events: ['created', 'updated'] });
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2))]));
    feeds.saveFeedPage(tenderPage([tenderItem(tender(9, 1))], { filterId: 'flt_elsewhere' }));
    expect(searches.get('flt_test')).toMatchObject({ newSinceSeen: 2, updatedSinceSeen: 1 });

    searches.markSeen('flt_test', '2026-07-02T00:00:00Z');
    expect(searches.get('flt_test')).toMatchObject({ newSinceSeen: 0, updatedSinceSeen: 0, lastSeenAt: '2026-07-02T00:00:00Z' });
    // 409 cursor_expired: the new generation delivers the same versions again (free) and one new tender.
    feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 2), { billed: false, event: 'created' }), tenderItem(tender(2, 1), { billed: false }), tenderItem(tender(3, 1))]));
    expect(searches.get('flt_test')).toMatchObject({ newSinceSeen: 1, updatedSinceSeen: 0 });
  });
});

describe('lists mirror', () => {
  it('set, add and remove members of a local list', () => {
    const cache = tempCache();
    const lists = listStore(cache);
    lists.upsertList({ listId: 'lst_1', name: 'Интересное', description: 'на неделю', metadata: { color: 'red' }, createdAt: '2026-07-01T00:00:00Z' });
    expect(lists.addItems('lst_1', [5, 3, 5, 9], '2026-07-01T01:00:00Z')).toEqual({ added: 3, alreadyPresent: 0 });
    expect(lists.addItems('lst_1', [3, 4])).toEqual({ added: 1, alreadyPresent: 1 });
    expect(lists.removeItems('lst_1', [9, 10])).toEqual({ removed: 1, notPresent: 1 });
    expect(lists.items('lst_1').map((m) => m.tenderId)).toEqual([5, 3, 4]); // the list's order: as added
    lists.setItems('lst_1', [4, 5, 6], '2026-07-05T00:00:00Z');
    const members = lists.items('lst_1');
    expect(members.map((m) => m.tenderId)).toEqual([4, 5, 6]);
    expect(members.find((m) => m.tenderId === 5)!.addedAt).toBe('2026-07-01T01:00:00Z');
    expect(members.find((m) => m.tenderId === 6)!.addedAt).toBe('2026-07-05T00:00:00Z');
    expect(lists.getList('lst_1')).toEqual({
      listId: 'lst_1',
      name: 'Интересное',
      serverName: 'Интересное',
      hiddenAt: null,
      description: 'на неделю',
      metadata: { color: 'red' },
      createdAt: '2026-07-01T00:00:00Z',
      itemsCount: 3,
      // Never reordered here: the server's order.
      orderedAt: null,
    });
    lists.upsertList({ listId: 'lst_2', name: 'Второй', createdAt: '2026-07-02T00:00:00Z' });
    lists.addItems('lst_2', [5]);
    expect(lists.listsOf(5)).toEqual(['lst_1', 'lst_2']);
    expect(lists.lists().map((l) => l.listId)).toEqual(['lst_1', 'lst_2']);
    expect(lists.removeList('lst_1')).toBe(true);
    expect(lists.listsOf(5)).toEqual(['lst_2']); // members go with their list
    expect(() => lists.addItems('lst_404', [1])).toThrow(/not in the cache/);
  });
});

describe('ledger and balance mirror', () => {
  const row = (id: number, o: Partial<LedgerRow> = {}): LedgerRow => ({
    id,
    balanceType: 'tenders',
    amount: 1,
    objectId: 100 + id,
    version: 1,
    filterId: 'flt_a',
    requestId: `req_${id}`,
    createdAt: '2026-07-01T00:00:00Z',
    ...o,
  });

  it('rows are stored once by id; maxId is where the next fetch starts; rows iterate in id order', () => {
    const cache = tempCache();
    const ledger = ledgerStore(cache);
    expect(ledger.maxId()).toBe(0);
    expect(ledger.upsertRows([row(1), row(2), row(3, { balanceType: 'contracts', filterId: null })])).toBe(3);
    expect(ledger.upsertRows([row(3), row(4)])).toBe(1);
    expect(ledger.maxId()).toBe(4);
    expect(ledger.count()).toBe(4);
    expect(ledger.count('contracts')).toBe(1);
    expect([...ledger.rows({ afterId: 1 })].map((r) => r.id)).toEqual([2, 3, 4]);
    expect([...ledger.rows({ balanceType: 'contracts' })]).toEqual([row(3, { balanceType: 'contracts', filterId: null })]);
    expect(ledger.rowsFor(102, 1)).toEqual([row(2)]);
    expect(() => ledger.upsertRows([row(0)])).toThrow(CacheInputError);
  });

  it('keeps the last balance fetched', () => {
    const cache = tempCache();
    const ledger = ledgerStore(cache);
    expect(ledger.getBalance()).toBeUndefined();
    const b = { balance: { tenders: 9_900, contracts: 1_000 }, usageToday: { tenders: 100, contracts: 0 }, lastUpdated: '2026-07-01T00:00:00Z', fetchedAt: '2026-07-01T00:00:05Z' };
    ledger.setBalance(b);
    ledger.setBalance({ ...b, balance: { tenders: 9_800, contracts: 1_000 } });
    expect(ledger.getBalance()).toEqual({ ...b, balance: { tenders: 9_800, contracts: 1_000 } });
  });
});
