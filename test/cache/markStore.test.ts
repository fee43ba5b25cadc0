/**
 * The analyst's marks in the cache (migration 0014; rules in domain/marks.ts): a cache made before
 * the marks is migrated with its tenders kept; marks round-trip; tags are one regardless of case; rename,
 * recolour, merge and delete; marks survive a new version delivered through the real write path, which then
 * shows as "changed since marked"; a tender never delivered may be marked; nothing marked leaves no row; the
 * offline search limited to the marked tenders.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { markStore, markedTenderIds, tenderMarksFor, listTags } from '../../src-main/cache/markStore';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { TAG_COLORS } from '../../src-main/domain/marks';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

let cursor = 0;
const deliver = (cache: ReturnType<typeof tempCache>, objects: Record<string, unknown>[]) =>
  feedStore(cache).saveFeedPage(tenderPage(objects.map((o) => tenderItem(o)), { filterId: 'flt_marks', cursor: `cur_${++cursor}` }));

describe('marks store (migration 0014)', () => {
  it('a cache made before the marks keeps its tenders and takes marks after the migration', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 13) });
    deliver(old, [tender(7, 1)]);
    old.close();
    const cache = tempCache(file);
    expect(cache.schemaVersion).toBeGreaterThanOrEqual(14);
    expect(markStore(cache).apply({ tender_ids: [7], add_tags: ['Срочно'], status: 'reviewing' })).toEqual([7]);
    const marks = tenderMarksFor(cache, [7]).get(7)!;
    expect(marks).toMatchObject({ tender_id: 7, status: 'reviewing', marked_version: 1, latest_version: 1, changed_since_marked: false });
    expect(marks.tags.map((t) => t.name)).toEqual(['Срочно']);
  });

  it('round trip: tags, status, assignee and notes on many tenders at once; a tender never marked has none', () => {
    const cache = tempCache();
    deliver(cache, [tender(1, 1), tender(2, 1)]);
    const store = markStore(cache);
    expect(store.apply({ tender_ids: [1, 2], add_tags: ['ИТ', 'Срочно'], status: 'new', assignee: ' Иванова ', note: 'Позвонить заказчику' }, '2026-03-01T10:00:00.000Z')).toEqual([1, 2]);
    store.apply({ tender_ids: [1], note: 'Документация скачана' }, '2026-03-01T11:00:00.000Z');
    const all = tenderMarksFor(cache, [1, 2, 3]);
    expect([...all.keys()].sort()).toEqual([1, 2, 3]);
    const one = all.get(1)!;
    expect(one.tags.map((t) => t.name)).toEqual(['ИТ', 'Срочно']);
    expect(one.tags.map((t) => t.color)).toEqual([TAG_COLORS[0], TAG_COLORS[1]]);
    expect(one).toMatchObject({ status: 'new', assignee: 'Иванова', marked_at: '2026-03-01T11:00:00.000Z' });
    expect(one.notes.map((n) => n.text)).toEqual(['Документация скачана', 'Позвонить заказчику']);
    expect(all.get(3)).toEqual({ tender_id: 3, tags: [], status: null, assignee: null, notes: [], interest: null, marked_version: null, marked_at: null, latest_version: null, changed_since_marked: false });
    expect(listTags(cache)).toEqual([
      { id: expect.any(Number), name: 'ИТ', color: TAG_COLORS[0], count: 2, held: 2 },
      { id: expect.any(Number), name: 'Срочно', color: TAG_COLORS[1], count: 2, held: 2 },
    ]);
    expect(store.assignees()).toEqual(['Иванова']);
    // A change that changes nothing answers no tender; clearing everything leaves no marked tender behind.
    expect(store.apply({ tender_ids: [2], status: 'new' })).toEqual([]);
    expect(store.apply({ tender_ids: [2], remove_tags: ['ит', 'СРОЧНО'], status: null, assignee: '' })).toEqual([2]);
    expect(markedTenderIds(cache, {})).toEqual([2, 1]);
    store.deleteNote(tenderMarksFor(cache, [2]).get(2)!.notes[0]!.id);
    expect(markedTenderIds(cache, {})).toEqual([1]);
    expect(store.apply({ tender_ids: [9], remove_tags: ['ИТ'] })).toEqual([]);
    expect(markedTenderIds(cache, {})).toEqual([1]);
  });

  it('tags are one regardless of case, in Cyrillic too; a filter needs every tag, a status of the given ones and the assignee', () => {
    const cache = tempCache();
    const store = markStore(cache);
    store.apply({ tender_ids: [1, 2, 3], add_tags: ['Срочно'] }, '2026-03-01T10:00:00.000Z');
    store.apply({ tender_ids: [2], add_tags: ['срочно', 'ИТ'], status: 'preparing', assignee: 'Петров' }, '2026-03-01T11:00:00.000Z');
    store.apply({ tender_ids: [3], status: 'won', assignee: 'петров' }, '2026-03-01T12:00:00.000Z');
    expect(listTags(cache).map((t) => [t.name, t.count])).toEqual([['ИТ', 1], ['Срочно', 3]]);
    expect(markedTenderIds(cache, { tags: ['СРОЧНО'] })).toEqual([3, 2, 1]);
    expect(markedTenderIds(cache, { tags: ['срочно', 'ит'] })).toEqual([2]);
    expect(markedTenderIds(cache, { tags: ['нет такой'] })).toEqual([]);
    expect(markedTenderIds(cache, { status: ['won', 'preparing'] })).toEqual([3, 2]);
    expect(markedTenderIds(cache, { assignee: 'ПЕТРОВ', status: ['won'] })).toEqual([3]);
    expect(store.assignees()).toHaveLength(1);
  });

  it('rename refuses another tag\'s name in any case, recolour, merge moves every tender and deletes the sources, delete', () => {
    const cache = tempCache();
    const store = markStore(cache);
    store.apply({ tender_ids: [1, 2], add_tags: ['Срочно'] });
    store.apply({ tender_ids: [2, 3], add_tags: ['Горит'] });
    store.apply({ tender_ids: [4], add_tags: ['ИТ'] });
    const id = (name: string) => listTags(cache).find((t) => t.name === name)!.id;
    expect(store.renameTag(id('Горит'), 'СРОЧНО').result).toBe('exists');
    expect(store.renameTag(id('Горит'), 'горит!')).toEqual({ result: 'renamed', tenderIds: [2, 3] });
    expect(store.renameTag(999, 'x').result).toBe('not_found');
    expect(store.recolorTag(id('ИТ'), '#000000')).toEqual([4]);
    expect(store.recolorTag(999, '#000000')).toBeNull();
    expect(store.mergeTags([id('горит!'), id('ИТ')], id('Срочно'))).toEqual([2, 3, 4]);
    expect(listTags(cache).map((t) => [t.name, t.count])).toEqual([['Срочно', 4]]);
    expect(markedTenderIds(cache, { tags: ['Срочно'] }).sort()).toEqual([1, 2, 3, 4]);
    expect(store.mergeTags([id('Срочно')], 999)).toBeNull();
    expect(store.deleteTag(id('Срочно'))).toEqual([1, 2, 3, 4]);
    expect(listTags(cache)).toEqual([]);
    expect(markedTenderIds(cache, {})).toEqual([]);
  });

  it('a merge that fails half-way leaves every tag as it was (one transaction)', () => {
    const cache = tempCache();
    const store = markStore(cache);
    store.apply({ tender_ids: [1], add_tags: ['А'] });
    store.apply({ tender_ids: [2], add_tags: ['Б'] });
    const before = listTags(cache);
    cache.db.exec(`CREATE TRIGGER no_delete BEFORE DELETE ON mark_tag BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    expect(() => store.mergeTags([before[0]!.id], before[1]!.id)).toThrow('boom');
    expect(listTags(cache)).toEqual(before);
  });

  it('marks survive a new version delivered through the write path, which then shows as changed since marked; marking again settles it', () => {
    const cache = tempCache();
    deliver(cache, [tender(5, 1)]);
    markStore(cache).apply({ tender_ids: [5], status: 'reviewing', add_tags: ['ИТ'] });
    deliver(cache, [tender(5, 2, { price: 99_000 })]);
    const marks = tenderMarksFor(cache, [5]).get(5)!;
    expect(marks).toMatchObject({ status: 'reviewing', marked_version: 1, latest_version: 2, changed_since_marked: true });
    expect(marks.tags.map((t) => t.name)).toEqual(['ИТ']);
    markStore(cache).apply({ tender_ids: [5], status: 'preparing' });
    expect(tenderMarksFor(cache, [5]).get(5)).toMatchObject({ marked_version: 2, changed_since_marked: false });
  });

  it('the offline search limited to the marked tenders, with words (the index) and without (the table), newest first or by relevance', () => {
    const cache = tempCache();
    deliver(cache, [tender(1, 1, { name: 'Поставка вакцин' }), tender(2, 1, { name: 'Поставка вакцин и шприцев' }), tender(3, 1, { name: 'Ремонт кровли' }), tender(4, 1, { name: 'Поставка вакцин' })]);
    markStore(cache).apply({ tender_ids: [1, 2, 3, 99], status: 'reviewing' });
    const ids = markedTenderIds(cache, { status: ['reviewing'] });
    const search = offlineSearch(cache);
    expect(search.search({ ids }).rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(search.search({ text: 'вакцина', ids: [...ids, ...ids] }).rows.map((r) => r.id)).toEqual([2, 1]);
    expect(search.search({ text: 'вакцина', ids }, { order: 'relevance' }).rows.map((r) => r.id).sort()).toEqual([1, 2]);
    expect(search.count({ text: 'вакцина', ids })).toEqual({ count: 2, exact: true });
    expect(search.count({ ids: [] })).toEqual({ count: 0, exact: true });
    expect(search.count({ text: 'вакцина' }).count).toBe(3);
  });

  it('a tender not held may be marked (the id is what is marked); its marks hold when it arrives', () => {
    const cache = tempCache();
    markStore(cache).apply({ tender_ids: [42], status: 'new' });
    expect(tenderMarksFor(cache, [42]).get(42)).toMatchObject({ status: 'new', marked_version: null, latest_version: null, changed_since_marked: false });
    deliver(cache, [tender(42, 3)]);
    expect(tenderMarksFor(cache, [42]).get(42)).toMatchObject({ status: 'new', latest_version: 3, changed_since_marked: false });
  });
});
