/**
 * What each filter was is never lost (migration 0020): a saved search's name stays after it is
 * deleted, whatever deletes it, a rename is followed, the same search saved again is no longer «удалён»; a
 * cache from before keeps its saved searches' names; a damaged cache's names are salvaged. And the one naming
 * function says each kind of set the same way (i18n/filterName.ts).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { filterNameStore } from '../../src-main/cache/filterNameStore';
import { listStore } from '../../src-main/cache/listStore';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { salvageInto } from '../../src-main/cache/salvage';
import { searchStore } from '../../src-main/cache/searchStore';
import { filterNamer } from '../../src-main/current/filterNames';
import { filterName, partySetName } from '../../src-main/i18n/filterName';
import { tempCache, tempDir } from './helpers';

describe('filter names kept in the cache', () => {
  it("a deleted saved search keeps its label and criteria; a rename is followed; saved again it is not «удалён»", () => {
    const cache = tempCache();
    const searches = searchStore(cache);
    searches.upsert({ filterId: 'flt_it', params: { keywords: ['компьютер'] }, label: 'ИТ', events: ['created'] });
    searches.upsert({ filterId: 'flt_it', params: { keywords: ['компьютер'] }, label: 'ит', events: ['created'] });
    const name = filterNamer(cache, 'ru');
    expect(name('flt_it')).toBe('ит');
    searches.remove('flt_it');
    expect(filterNameStore(cache).get('flt_it')).toMatchObject({ label: 'ит', saved: true, criteria: { keywords: ['компьютер'] } });
    expect(filterNamer(cache, 'ru')('flt_it')).toBe('Поиск «ит» (удалён)');
    expect(filterNamer(cache, 'en')('flt_it')).toBe('Search «ит» (deleted)');
    // A deletion by SQL (a team pull, a repair) is caught the same way: the trigger, not the store, keeps it.
    searches.upsert({ filterId: 'flt_x', params: { keywords: ['бумага'] }, events: ['created'] });
    cache.db.prepare("DELETE FROM saved_search WHERE filter_id = 'flt_x'").run();
    expect(filterNamer(cache, 'ru')('flt_x')).toBe('Поиск «бумага · подача заявок и работа комиссии» (удалён)');
    searches.upsert({ filterId: 'flt_it', params: { keywords: ['компьютер'] }, label: 'ит снова', events: ['created'] });
    expect(filterNamer(cache, 'ru')('flt_it')).toBe('ит снова');
    expect(filterNameStore(cache).get('flt_it')?.deletedAt).toBeNull();
  });

  it('a set the server named is remembered by its first body; a saved search of the same filter wins', () => {
    const cache = tempCache();
    const known = filterNameStore(cache);
    known.remember('flt_sup', 'contract', { supplier: { name: 'Продторг' }, events: ['created'], limit: 1 });
    known.remember('flt_sup', 'contract', { filter_id: 'flt_other' });
    expect(known.get('flt_sup')).toMatchObject({ feed: 'contract', criteria: { supplier: { name: 'Продторг' } }, saved: false, deletedAt: null });
    // A body that is the filter itself says nothing.
    known.remember('flt_self', 'tender', { filter_id: 'flt_self', events: ['created'], limit: 1 });
    expect(known.get('flt_self')).toBeUndefined();
    known.remember('flt_prev', 'tender', { keywords: ['уголь'] });
    searchStore(cache).upsert({ filterId: 'flt_prev', params: { keywords: ['уголь'] }, label: 'уголь', events: ['created'] });
    expect(filterNamer(cache, 'ru')('flt_prev')).toBe('уголь');
    expect(filterNamer(cache, 'ru')('flt_sup')).toBe('Контракты поставщика «Продторг»');
  });

  it('a cache from before 0020 keeps the names of the saved searches it held', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 19) });
    old.db
      .prepare('INSERT INTO saved_search (filter_id, params, label, events, created_at) VALUES (?, ?, ?, ?, ?)')
      .run('flt_old', JSON.stringify({ keywords: ['вакцины'] }), 'вакцины', '["created"]', '2026-10-01T10:00:00.000Z');
    old.close();
    const cache = tempCache(file);
    searchStore(cache).remove('flt_old');
    expect(filterNamer(cache, 'ru')('flt_old')).toBe('Поиск «вакцины» (удалён)');
  });

  it("a damaged cache's filter names come with its salvage, a deleted search's too", () => {
    const dir = tempDir();
    const source = openCache(join(dir, 'old.db'));
    searchStore(source).upsert({ filterId: 'flt_gone', params: { keywords: ['уголь'] }, label: 'уголь', events: ['created'] });
    searchStore(source).remove('flt_gone');
    filterNameStore(source).remember('flt_cust', 'contract', { customer: { inn: ['7707083893'] } });
    source.close();
    copyFileSync(join(dir, 'old.db'), join(dir, 'damaged.db'));
    const cache = tempCache(join(dir, 'new.db'));
    salvageInto(cache, join(dir, 'damaged.db'));
    const name = filterNamer(cache, 'ru');
    expect(name('flt_gone')).toBe('Поиск «уголь» (удалён)');
    expect(name('flt_cust')).toBe('Контракты заказчика ИНН 7707083893');
  });

  it('a list set is named by the list held here; a filter known by nothing is said so, never as a bare id', () => {
    const cache = tempCache();
    listStore(cache).upsertList({ listId: 'lst_1', name: 'Мониторинг', createdAt: '2026-10-01T10:00:00.000Z' });
    filterNameStore(cache).remember('flt_l', 'contract', { list_id: 'lst_1' });
    filterNameStore(cache).remember('flt_lt', 'tender', { list_id: 'lst_1' });
    const name = filterNamer(cache, 'ru');
    expect(name('flt_l')).toBe('Контракты закупок списка «Мониторинг»');
    expect(name('flt_lt')).toBe('Закупки списка «Мониторинг»');
    expect(name('flt_unknown')).toBe('Фильтр flt_unknown (условия не сохранились)');
    expect(name(null)).toBeNull();
  });
});

describe('filterName: one name per kind of set', () => {
  const set = (criteria: Record<string, unknown>, feed: 'tender' | 'contract' = 'contract') => ({ feed, criteria, label: null, saved: false, deleted: false });
  it('contract sets: a customer, a supplier by INN or name, tenders, a saved search, procurement criteria', () => {
    expect(filterName('f', set({ customer: { inn: ['7707083893'] } }), 'ru')).toBe(partySetName('customer', ['7707083893'], 'ru'));
    expect(filterName('f', set({ supplier: { inn: ['7707083893'] } }), 'ru')).toBe('Контракты поставщика ИНН 7707083893');
    expect(filterName('f', set({ supplier: { inn: ['7707083893'], name: 'Вектор' } }), 'en')).toBe('Contracts of supplier «Вектор», INN 7707083893');
    expect(filterName('f', set({ tender_ids: [1, 2, 3, 4, 5] }), 'ru')).toBe('Контракты закупок № 1, 2, 3 и ещё 2');
    expect(filterName('f', set({ filter_id: 'flt_it' }), 'ru', { filterName: () => 'ит' })).toBe('Контракты поиска «ит»');
    expect(filterName('f', set({ keywords: ['уголь'] }), 'ru')).toBe('Контракты закупок: уголь');
  });

  it('a tender set never saved is a search «not saved»; the one party of a filter known by nothing names it', () => {
    expect(filterName('f', set({ keywords: ['уголь'] }, 'tender'), 'ru')).toBe('Поиск «уголь · подача заявок и работа комиссии» (не сохранён)');
    expect(filterName('f', undefined, 'ru', { party: { kind: 'supplier', inn: '7707083893' } })).toBe('Контракты поставщика ИНН 7707083893');
  });
});
