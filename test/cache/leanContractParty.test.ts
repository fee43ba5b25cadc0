/**
 * Migration 0035: `contract_party` names a contract's customer by its ref in `customer_name` (the table the tenders'
 * names are in), keeps no supplier columns of its own (the contract search reads `suppliers`), and no resolved INN
 * that only copies the contract's own. A cache made by the schema before migrates with every contract's customer,
 * suppliers and search results read the same, and the lean write path keeps the same from then on.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { createInsightUpkeep } from '../../src-main/cache/insightUpkeep';
import { insightStore } from '../../src-main/cache/insightStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { viewQueries, type ContractCriteria } from '../../src-main/cache/viewQueries';
import { contract, contractItem, tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

const customer = (name: string, inn: string): Record<string, unknown> => ({ name, inn });
const supplier = (name: string | undefined, inn?: string): Record<string, unknown> => ({ ...(name === undefined ? {} : { name }), ...(inn === undefined ? {} : { inn }) });

/** Contracts whose customers come every way (own, tender's, attribution) and whose suppliers a search must tell apart. */
function contracts(): Record<string, unknown>[] {
  const c = (id: number, version: number, tenderId: number, over: Record<string, unknown>): Record<string, unknown> => ({ ...contract(id, version, tenderId), ...over });
  return [
    c(1, 1, 1, { suppliers: [supplier('ООО «Ромашка»', '7707654321')] }),
    // An INN that is the start of another supplier's longer INN.
    c(2, 1, 2, { customer: customer('МБУ «Дорожник»', '5001000001'), suppliers: [supplier('ООО «Вектор»', '7707654321'), supplier('ИП Сидоров Пётр', '770765432101')] }),
    // No customer of its own: its cached tender's. A supplier without an INN, and a second name under one INN.
    c(3, 1, 3, { customer: undefined, suppliers: [supplier('Foreign Supplier GmbH'), supplier('АО «Альфа»', '7700000001'), supplier('АО «Альфа-Строй»', '7700000001')] }),
    // No customer and its tender never cached: attributed later.
    c(4, 1, 99, { customer: undefined, suppliers: [] }),
    // Delivered before its tender (the tender's customer is taken when the tender arrives).
    c(5, 1, 5, { customer: undefined, suppliers: [supplier('ЗАО «ЁЛКА»', '7800000002'), supplier(undefined, '7800000003')] }),
    // Characters a pattern would take as wildcards, and letters whose capitals fold to more than one character.
    c(6, 1, 1, {
      customer: customer('Управа района', '7702000006'),
      suppliers: [supplier('100% Качество_1', '7800000004'), supplier('KIWI İnşaat Ⅳ', '7800000005'), supplier('ООО «Звезда» [филиал*?]', '7800000006')],
    }),
    c(7, 1, 1, { suppliers: [supplier('ИП Сидоров Пётр', '770765432101')] }),
  ];
}

function fill(cache: CacheDb): void {
  const feeds = feedStore(cache);
  const tenderOf = (id: number, name: string, inn: string): Record<string, unknown> => tender(id, 1, { extra: { organization: { name, inn } } });
  feeds.saveFeedPage(tenderPage([tenderItem(tenderOf(1, 'ГБОУ Школа № 1', '7701234567')), tenderItem(tenderOf(2, 'ГБОУ Школа № 2', '7701234568')), tenderItem(tenderOf(3, 'Администрация поселения', '5002000003'))]));
  feeds.saveFeedPage(tenderPage(contracts().map((c) => contractItem(c)), { feed: 'contract' }));
  feeds.saveFeedPage(tenderPage([tenderItem(tenderOf(5, 'Больница № 5', '5003000005'))]));
  // A newer version renames the contract's own customer.
  feeds.saveFeedPage(tenderPage([contractItem({ ...contracts()[5]!, version: 2, customer: customer('Управа района Хамовники', '7702000006') })], { feed: 'contract' }));
  // The write path's attribution (what a backfill by customer INN does), in a transaction as insightStore runs it.
  cache.db.transaction(() => createInsightUpkeep(cache.db).attribute([4], '5004000004'))();
}

const SEARCHES: ContractCriteria[] = [
  { supplierInn: '7707654321' },
  { supplierInn: '770765432101' },
  { supplierInn: '77076543' },
  { supplierInn: '7700000001' },
  { supplierInn: '7800000003' },
  { supplierName: 'ромашка' },
  { supplierName: 'РОМАШКА' },
  { supplierName: 'сидоров пЁтр' },
  { supplierName: 'gmbh' },
  { supplierName: 'альфа-СТРОЙ' },
  { supplierName: 'ёлка' },
  { supplierName: 'елка' },
  { supplierName: '100%' },
  { supplierName: '%' },
  { supplierName: 'о_1' },
  { supplierName: 'а_1' },
  { supplierName: '77' },
  { supplierName: 'kiwi' },
  { supplierName: 'İNŞAAT Ⅳ' },
  { supplierName: 'ⅳ' },
  { supplierName: '[ФИЛИАЛ*?]' },
  { supplierName: '*' },
  { supplierName: 'ооо «' },
];

/** The contract search as it read the columns before migration 0035 (viewQueries.ts then): what it found. */
function searchedBefore(old: CacheDb, criteria: ContractCriteria): number[] {
  const like = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const [where, param] = criteria.supplierInn
    ? ["p.supplier_inns LIKE ? ESCAPE '\\'", `% ${like(criteria.supplierInn)} %`]
    : ["p.supplier_text LIKE ? ESCAPE '\\'", `%${like(criteria.supplierName!.toLowerCase())}%`];
  return old.db.prepare<[string], number>(`SELECT c.id FROM contract c LEFT JOIN contract_party p ON p.id = c.id WHERE ${where} ORDER BY c.id DESC`).pluck().all(param);
}

const searched = (cache: CacheDb, criteria: ContractCriteria): number[] => viewQueries(cache).contracts(criteria, 0, 100).rows.map((r) => r.id);

/** Each contract's customer INN and name as the dossiers read them before migration 0035 (insightStore.ts then). */
function customersBefore(old: CacheDb): unknown[] {
  return old.db
    .prepare(
      `SELECT p.id, p.resolved_inn AS inn,
         CASE p.customer_source WHEN 'contract' THEN p.customer_name
           ELSE coalesce(p.resolved_name, (SELECT n.name FROM insight_tender_by_customer c2 JOIN tender t2 ON t2.id = c2.tender_id
                                           JOIN customer_name n ON n.ref = t2.customer_ref WHERE c2.customer_inn = p.resolved_inn LIMIT 1)) END AS name
       FROM contract_party p ORDER BY p.id`,
    )
    .all();
}

const IDS = [1, 2, 3, 4, 5, 6, 7];

function customersAfter(cache: CacheDb): unknown[] {
  return insightStore(cache)
    .contractFactsByIds(IDS)
    .map((f) => ({ id: f.id, inn: f.customer_inn, name: f.customer_name }));
}

/** The lean row with its refs read as names (refs are numbered in the order names arrived, which differs). */
const leanRows = (cache: CacheDb): unknown[] =>
  cache.db
    .prepare(
      `SELECT p.id, p.version, p.customer_inn, c.name AS customer, p.reestr_number, p.price, p.paid, p.stage, p.sign_at, p.region, p.law,
         p.suppliers, p.attributed_inn, p.resolved_inn, r.name AS resolved, p.customer_source
       FROM contract_party p LEFT JOIN customer_name c ON c.ref = p.customer_ref LEFT JOIN customer_name r ON r.ref = p.resolved_ref ORDER BY p.id`,
    )
    .all();

const columns = (cache: CacheDb): string[] => cache.db.prepare<[], string>("SELECT name FROM pragma_table_info('contract_party')").pluck().all();

describe('contract parties without copies (migration 0035)', () => {
  it('a cache made at schema 0034 migrates: every contract’s customer, suppliers and supplier search read the same, and as a new cache writes them', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 34) });
    fill(old);
    const found = SEARCHES.map((q) => searchedBefore(old, q));
    const customers = customersBefore(old);
    old.close();
    // The cases the search must tell apart were there to tell (the old search's answers).
    expect(found.slice(0, 5)).toEqual([[2, 1], [7, 2], [], [3], [5]]);
    expect(customers).toEqual([
      { id: 1, inn: '7701234567', name: 'ГБОУ Школа № 1' },
      { id: 2, inn: '5001000001', name: 'МБУ «Дорожник»' },
      { id: 3, inn: '5002000003', name: 'Администрация поселения' },
      { id: 4, inn: '5004000004', name: null },
      { id: 5, inn: '5003000005', name: 'Больница № 5' },
      { id: 6, inn: '7702000006', name: 'Управа района Хамовники' },
      { id: 7, inn: '7701234567', name: 'ГБОУ Школа № 1' },
    ]);

    const cache = openCache(file);
    try {
      expect(cache.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const gone of ['customer_name', 'supplier_inns', 'supplier_text', 'resolved_name']) expect(columns(cache)).not.toContain(gone);
      expect(columns(cache)).toEqual(expect.arrayContaining(['customer_ref', 'resolved_ref', 'suppliers']));
      expect(SEARCHES.map((q) => searched(cache, q))).toEqual(found);
      expect(customersAfter(cache)).toEqual(customers);
      // A contract that names its own customer keeps its INN once.
      expect(cache.db.prepare("SELECT count(*) FROM contract_party WHERE customer_source = 'contract' AND resolved_inn IS NOT NULL").pluck().get()).toBe(0);

      // A cache written at the latest schema from the same deliveries holds and shows the same.
      const live = tempCache();
      fill(live);
      expect(leanRows(cache)).toEqual(leanRows(live));
      expect(SEARCHES.map((q) => searched(live, q))).toEqual(found);
      expect(customersAfter(live)).toEqual(customers);
      expect(insightStore(cache).contractFactsByIds(IDS)).toEqual(insightStore(live).contractFactsByIds(IDS));
      // The suppliers the dossiers read are the ones with an INN, as before; the search lines are not suppliers.
      expect(insightStore(cache).contractFactsByIds([3, 5]).map((f) => f.suppliers)).toEqual([
        [{ inn: '7700000001', name: 'АО «Альфа»' }],
        [{ inn: '7800000002', name: 'ЗАО «ЁЛКА»' }, { inn: '7800000003', name: null }],
      ]);
      expect(insightStore(cache).contractFactsBySupplier('7700000001').map((f) => f.id)).toEqual([3]);

      // The migrated cache keeps taking pages in the lean form.
      feedStore(cache).saveFeedPage(
        tenderPage([contractItem({ ...contracts()[0]!, version: 2, customer: customer('МБУ «Дорожник»', '5001000001'), suppliers: [supplier('ООО «Лютик»')] })], { feed: 'contract' }),
      );
      expect(customersAfter(cache)[0]).toEqual({ id: 1, inn: '5001000001', name: 'МБУ «Дорожник»' });
      expect(searched(cache, { supplierName: 'ЛЮТИК' })).toEqual([1]);
      expect(searched(cache, { supplierName: 'ромашка' })).toEqual([]);
    } finally {
      cache.close();
    }
  });

  it('a contract’s customer name is the tenders’ customer_name row: one row for a name tenders and contracts share', () => {
    const cache = tempCache();
    fill(cache);
    const names = cache.db.prepare<[], string>('SELECT name FROM customer_name ORDER BY ref').pluck().all();
    expect(names.filter((n) => n === 'ГБОУ Школа № 1')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['МБУ «Дорожник»', 'Управа района', 'Управа района Хамовники']));
    const ref = cache.db.prepare<[], number>("SELECT ref FROM customer_name WHERE name = 'ГБОУ Школа № 1'").pluck().get();
    expect(cache.db.prepare('SELECT customer_ref FROM tender WHERE id = 1').pluck().get()).toBe(ref);
    expect(cache.db.prepare('SELECT customer_ref FROM contract_party WHERE id = 7').pluck().get()).toBe(ref);
    // A contract without its own customer names its tender's, by the tender's ref.
    expect(cache.db.prepare('SELECT resolved_ref FROM contract_party WHERE id = 3').pluck().get()).toBe(
      cache.db.prepare('SELECT customer_ref FROM tender WHERE id = 3').pluck().get(),
    );
  });
});

describe('the contract search by supplier reads the suppliers as typed', () => {
  it('a Cyrillic name in another case finds its contracts; an INN finds only the suppliers with that whole INN; % and _ are characters', () => {
    const cache = tempCache();
    fill(cache);
    expect(searched(cache, { supplierName: 'ИП СИДОРОВ ПЁТР' })).toEqual([7, 2]);
    expect(searched(cache, { supplierName: 'зао «ёлка»' })).toEqual([5]);
    // ё is not е here, as before (the search text was the names in lower case).
    expect(searched(cache, { supplierName: 'елка' })).toEqual([]);
    expect(searched(cache, { supplierName: 'FOREIGN' })).toEqual([3]);
    expect(searched(cache, { supplierName: 'альфа-строй' })).toEqual([3]);
    // Digits of an INN are no part of a name.
    expect(searched(cache, { supplierName: '7707' })).toEqual([]);
    expect(searched(cache, { supplierInn: '7707654321' })).toEqual([2, 1]);
    expect(searched(cache, { supplierInn: '770765432101' })).toEqual([7, 2]);
    expect(searched(cache, { supplierInn: '77076543' })).toEqual([]);
    expect(searched(cache, { supplierInn: '0765432101' })).toEqual([]);
    expect(searched(cache, { supplierName: '100%' })).toEqual([6]);
    expect(searched(cache, { supplierName: '%' })).toEqual([6]);
    expect(searched(cache, { supplierName: 'о_1' })).toEqual([6]);
    expect(searched(cache, { supplierName: 'а_1' })).toEqual([]);
    expect(searched(cache, { supplierName: '[филиал*?]' })).toEqual([6]);
    expect(searched(cache, { supplierName: '[филиал?*]' })).toEqual([]);
    // Letters whose capital folds to two characters (İ → i̇) or that are no letters at all (Ⅳ) fold as before.
    expect(searched(cache, { supplierName: 'KiWi' })).toEqual([6]);
    expect(searched(cache, { supplierName: 'İNŞAAT ⅳ' })).toEqual([6]);
    // With another criterion it narrows that set.
    expect(viewQueries(cache).contracts({ customerInn: '7701234567', supplierName: 'сидоров' }, 0, 10).rows.map((r) => r.id)).toEqual([7]);
  });
});
