/**
 * Migration 0036: `insight_tender` keeps no copy of the customer INN and the law its `tender` row holds (only a law a
 * card stated that the row does not know), and `insight_tender_by_customer` is keyed by an `insight_customer` ref
 * instead of the INN's text. A cache made at 0035 migrates with every insight read the same (tender facts, a
 * customer's tenders, the single-supplier counts, contracts' laws from their tenders, positions' customers, party
 * names), what the lazy index still had queued is moved after it, and a new cache writes the same from then on.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { insightStore } from '../../src-main/cache/insightStore';
import { okpd2List } from '../../src-main/cache/insightUpkeep';
import { labelText } from '../../src-main/cache/labelRefs';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { createPartyIndexQueue } from '../../src-main/cache/partyIndexQueue';
import { contract, contractItem, tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

const A = '7701000001';
const B = '7702000002';
const C = '7703000003';
const INNS = [A, B, C];
const SINGLE = { id: 4, name: 'Закупка у единственного поставщика' };

const organization = (inn: string | undefined, name = `Заказчик ${inn ?? 'без ИНН'}`): Record<string, unknown> => ({ organization: { name, ...(inn ? { inn } : {}) } });

/** Tenders whose law is known, sent as text no law knows, not sent (a card says it), and whose customer changes. */
function tenders(): Record<string, unknown>[] {
  return [
    tender(1, 1, { extra: organization(A) }),
    tender(2, 1, { law: '223-FZ', extra: { ...organization(A), placement_type: SINGLE } }),
    tender(3, 1, { extra: { ...organization(B), law: '615-ПП' } }),
    tender(4, 1, { extra: { ...organization(B), law: null } }),
    tender(5, 1, { extra: organization(undefined) }),
  ];
}

/** Contracts that state no law of their own (registry numbers no law reads): their tenders' laws. */
const contractOf = (id: number, tenderId: number, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...contract(id, 1, tenderId),
  reestr_number: `R-${id}`,
  ...over,
});

const cardOf = (id: number, object: Record<string, unknown>) => ({
  kind: 'tender' as const,
  id,
  version: 1,
  positionsPage: 1,
  positionsLimit: 20,
  requestId: `req_card_tender_${id}`,
  receivedAt: '2026-07-03T08:00:00Z',
  billed: false,
  card: {
    ...object,
    positions: [{ lot_ordinal: 1, position_ordinal: 1, title: 'Ноутбук', okpd2_code: '26.20.11.110', quantity: 2, unit: 'Штука', price: 90_000, amount: 180_000 }],
    positions_total: 1,
  },
});

/** Everything but the last page, which a reader has not yet moved into the customer index when the file is closed. */
function fill(cache: CacheDb): void {
  const feeds = feedStore(cache);
  feeds.saveFeedPage(tenderPage(tenders().map((t) => tenderItem(t))));
  // The card states the law the feed did not, and a single-supplier placement.
  cardStore(cache).saveCard(cardOf(4, { ...tenders()[3]!, law: '44-FZ', placement_type: SINGLE }));
  feeds.saveFeedPage(
    tenderPage([contractItem(contractOf(10, 1)), contractItem(contractOf(11, 3)), contractItem(contractOf(12, 4, { customer: undefined })), contractItem(contractOf(13, 2))], {
      feed: 'contract',
    }),
  );
  createPartyIndexQueue(cache.db).flush(); // what a reader does first (insightStore is the latest schema's)
  // Tender 2 moves from customer A to B, tender 5 gets a customer: queued for the lazy index, not moved yet.
  feeds.saveFeedPage(
    tenderPage([
      tenderItem(tender(2, 2, { law: '223-FZ', extra: { ...organization(B), placement_type: SINGLE } })),
      tenderItem(tender(5, 2, { extra: organization(C) })),
    ]),
  );
}

interface Answers {
  tenders: unknown[];
  byCustomer: number[][];
  counts: unknown[];
  contractLaws: unknown[];
  positionCustomers: unknown[];
  names: (string | null)[];
}

/** What insightStore answered at schema 0035, read with its SQL of then from a file whose queue was moved. */
function answersBefore(old: CacheDb): Answers {
  createPartyIndexQueue(old.db).flush();
  const all = <T = unknown>(sql: string, ...params: unknown[]): T[] => old.db.prepare(sql).all(...params) as T[];
  return {
    tenders: all<{ okpd2: string }>(
      `SELECT t.id, i.customer_inn, i.law, i.placement_type, ${labelText('i.placement_ref')} AS placement_name, i.okpd2
       FROM insight_tender i JOIN tender t ON t.id = i.id ORDER BY i.id`,
    ).map((r) => ({ ...r, okpd2: okpd2List(r.okpd2) })),
    byCustomer: INNS.map((inn) => old.db.prepare<[string], number>('SELECT tender_id FROM insight_tender_by_customer WHERE customer_inn = ? ORDER BY 1').pluck().all(inn)),
    counts: all(
      `SELECT customer_inn, count(single_supplier) AS known, coalesce(sum(single_supplier), 0) AS single
       FROM insight_tender_by_customer GROUP BY customer_inn ORDER BY customer_inn`,
    ),
    contractLaws: all(
      `SELECT p.id, coalesce(p.law, i.law) AS law FROM contract_party p JOIN contract k ON k.id = p.id LEFT JOIN insight_tender i ON i.id = k.tender_id ORDER BY p.id`,
    ),
    positionCustomers: all("SELECT p.object_id, i.customer_inn FROM insight_position p JOIN insight_tender i ON i.id = p.object_id WHERE p.kind = 1 ORDER BY 1"),
    names: INNS.map(
      (inn) =>
        old.db
          .prepare<[string], string>(
            `SELECT n.name FROM insight_tender_by_customer c2 JOIN tender t2 ON t2.id = c2.tender_id JOIN customer_name n ON n.ref = t2.customer_ref
             WHERE c2.customer_inn = ? LIMIT 1`,
          )
          .pluck()
          .get(inn) ?? null,
    ),
  };
}

/** The same answers from insightStore itself. */
function answers(cache: CacheDb): Answers {
  const store = insightStore(cache);
  return {
    tenders: store.allTenderFacts().map((f) => ({ id: f.id, customer_inn: f.customer_inn, law: f.law, placement_type: f.placement_type, placement_name: f.placement_name, okpd2: f.okpd2 })),
    byCustomer: INNS.map((inn) => store.tenderFactsByCustomer(inn).map((f) => f.id)),
    counts: store.customerPlacementCounts(),
    contractLaws: store.contractFactsByIds([10, 11, 12, 13]).map((f) => ({ id: f.id, law: f.law })),
    positionCustomers: store.positionFacts({ code: '26' }).map((p) => ({ object_id: p.object_id, customer_inn: p.customer_inn })),
    names: INNS.map((inn) => store.partyName(inn)),
  };
}

const columns = (cache: CacheDb, table: string): string[] => cache.db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);

describe('tender insights without copies (migration 0036)', () => {
  it('a cache made at schema 0035 migrates: every tender insight reads the same, its queued index changes are moved after it, and as a new cache writes them', () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 35) });
    fill(old);
    expect(old.db.prepare('SELECT count(*) FROM insight_pending').pluck().get()).toBe(2);
    old.close();
    const copy = join(dir, 'copy.db');
    copyFileSync(file, copy);
    const before = openCache(copy, { migrations: MIGRATIONS.slice(0, 35) });
    const expected = answersBefore(before);
    before.close();
    // The cases were there: a law as sent that no law knows, a card's law, a customer moved, a single supplier.
    expect(expected.tenders).toEqual([
      { id: 1, customer_inn: A, law: '44-FZ', placement_type: 1, placement_name: 'Электронный аукцион', okpd2: ['17.12.14.110'] },
      { id: 2, customer_inn: B, law: '223-FZ', placement_type: 4, placement_name: SINGLE.name, okpd2: ['17.12.14.110'] },
      { id: 3, customer_inn: B, law: null, placement_type: 1, placement_name: 'Электронный аукцион', okpd2: ['17.12.14.110'] },
      { id: 4, customer_inn: B, law: '44-FZ', placement_type: 4, placement_name: SINGLE.name, okpd2: ['17.12.14.110', '26.20.11.110'] },
      { id: 5, customer_inn: C, law: '44-FZ', placement_type: 1, placement_name: 'Электронный аукцион', okpd2: ['17.12.14.110'] },
    ]);
    expect(expected.byCustomer).toEqual([[1], [2, 3, 4], [5]]);
    expect(expected.counts).toEqual([
      { customer_inn: A, known: 1, single: 0 },
      { customer_inn: B, known: 3, single: 2 },
      { customer_inn: C, known: 1, single: 0 },
    ]);
    expect(expected.contractLaws).toEqual([
      { id: 10, law: '44-FZ' },
      { id: 11, law: null },
      { id: 12, law: '44-FZ' },
      { id: 13, law: '223-FZ' },
    ]);
    expect(expected.positionCustomers).toEqual([{ object_id: 4, customer_inn: B }]);

    const cache = openCache(file);
    try {
      expect(cache.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(columns(cache, 'insight_tender')).toEqual(['id', 'law', 'placement_type', 'placement_ref', 'single_supplier', 'okpd2']);
      expect(columns(cache, 'insight_tender_by_customer')).toEqual(['customer_ref', 'tender_id', 'single_supplier']);
      // The law is kept only where the tender's row does not know it: the card's, for tender 4.
      expect(cache.db.prepare('SELECT id, law FROM insight_tender WHERE law IS NOT NULL').all()).toEqual([{ id: 4, law: '44-FZ' }]);
      // The queue written at 0035 (INNs as text) is still there, and the first reader moves it.
      expect(cache.db.prepare('SELECT count(*) FROM insight_pending').pluck().get()).toBe(2);
      expect(answers(cache)).toEqual(expected);
      expect(cache.db.prepare('SELECT count(*) FROM insight_pending').pluck().get()).toBe(0);

      // A cache written at the latest schema from the same deliveries answers the same.
      const live = tempCache();
      fill(live);
      expect(answers(live)).toEqual(expected);
      expect(insightStore(live).allTenderFacts()).toEqual(insightStore(cache).allTenderFacts());

      // The migrated cache keeps taking pages in the lean form: a customer moves, a law no one stated stays unknown.
      feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 2, { extra: organization(C) })), tenderItem(tender(4, 2, { extra: { ...organization(B), law: null } }))]));
      const store = insightStore(cache);
      expect(INNS.map((inn) => store.tenderFactsByCustomer(inn).map((f) => f.id))).toEqual([[], [2, 3, 4], [1, 5]]);
      // Tender 4's new version states an auction, over its card's single supplier.
      expect(store.customerPlacementCounts()).toEqual([
        { customer_inn: B, known: 3, single: 1 },
        { customer_inn: C, known: 2, single: 0 },
      ]);
      // A new feed version that states no law leaves the fact without one, as before 0036 (the card's was older).
      expect(store.tenderFactsByIds([4]).map((f) => f.law)).toEqual([null]);
      expect(cache.db.prepare('SELECT count(*) FROM insight_tender WHERE law IS NOT NULL').pluck().get()).toBe(0);
    } finally {
      cache.close();
    }
  });

  it('a customer INN is kept once, however many tenders it placed, and its tenders are keyed by its ref', () => {
    const cache = tempCache();
    fill(cache);
    insightStore(cache).flushQueued();
    expect(cache.db.prepare('SELECT inn FROM insight_customer ORDER BY inn').pluck().all()).toEqual(INNS);
    const ref = cache.db.prepare<[string], number>('SELECT ref FROM insight_customer WHERE inn = ?').pluck().get(B);
    expect(cache.db.prepare('SELECT tender_id FROM insight_tender_by_customer WHERE customer_ref = ? ORDER BY 1').pluck().all(ref)).toEqual([2, 3, 4]);
    expect(cache.db.prepare('SELECT count(*) FROM insight_tender_by_customer').pluck().get()).toBe(5);
  });
});
