/**
 * The insight tables (migration 0012) kept by the one write path, read back as facts: feed pages
 * shaped as the default sandbox sends them and as the strict one does (only what the reference guarantees),
 * cards with positions, customer resolution of contracts, price history, dismissals, and an existing cache
 * filled by the migration.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { insightStore } from '../../src-main/cache/insightStore';
import { listStore } from '../../src-main/cache/listStore';
import { runMaintenance } from '../../src-main/cache/maintenance';
import { QUEUE_BOUND } from '../../src-main/cache/partyIndexQueue';
import { latestSchemaVersion, MIGRATIONS } from '../../src-main/cache/migrations/index';
import { PROVISIONAL_BASE } from '../../src-main/cache/versionMatch';
import { contract, contractItem, strictTender, tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

const CUSTOMER = '7701234567';
const SUPPLIER = '7707654321';

const saveContracts = (cache: CacheDb, items: FeedItem[]): void => {
  feedStore(cache).saveFeedPage(tenderPage(items, { feed: 'contract', filterId: 'flt_contracts' }));
};

/** The strict feed's objects carry no version: the item says it. */
const strictItem = (object: Record<string, unknown>, version: number): FeedItem => ({ ...tenderItem(object), version, event: version > 1 ? 'updated' : 'created' });


function card(kind: 'tender' | 'contract', id: number, version: number, page: number, limit: number, object: Record<string, unknown>, positions: Record<string, unknown>[]) {
  return {
    kind,
    id,
    version,
    positionsPage: page,
    positionsLimit: limit,
    requestId: `req_card_${kind}_${id}_${version}_${page}`,
    receivedAt: '2026-07-03T08:00:00Z',
    billed: false,
    card: { ...object, positions, positions_total: 3 },
  };
}

const position = (ordinal: number, o: Record<string, unknown> = {}): Record<string, unknown> => ({
  lot_ordinal: 1,
  position_ordinal: ordinal,
  title: `Бумага ${ordinal}`,
  characteristics: [],
  quantity: 10,
  unit: 'Пачка',
  price: 300 + ordinal,
  amount: 10 * (300 + ordinal),
  okpd2_code: '17.12.14.110',
  okpd2_name: 'Бумага',
  ktru_code: null,
  ...o,
});

describe('insight store: facts kept by the write path', () => {
  it('default-shaped tenders and contracts come back as facts by customer, supplier, ids and tender ids', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(
      tenderPage([tenderItem(tender(1, 1, { price: 100_000, status: 'completed' })), tenderItem(tender(2, 1, { price: 50_000, law: '223-FZ' }))]),
    );
    saveContracts(cache, [contractItem(contract(11, 1, 1, 1000)), contractItem(contract(12, 1, 2))]);
    const store = insightStore(cache);

    const tenders = store.tenderFactsByCustomer(CUSTOMER);
    expect(tenders.map((t) => t.id)).toEqual([1, 2]);
    expect(tenders[0]).toEqual({
      id: 1,
      version: 1,
      etp_id: '0373100000001',
      name: 'Поставка канцелярских товаров для нужд учреждения 1',
      customer_inn: CUSTOMER,
      customer_name: 'ГБОУ Школа № 1',
      law: '44-FZ',
      status: 'completed',
      placement_type: 1,
      placement_name: 'Электронный аукцион',
      price: 100_000,
      publish_at: Date.parse('2026-07-01T10:00:00+03:00') / 1000,
      end_at: Date.parse('2026-07-20T09:00:00+03:00') / 1000,
      // As delivered too: a bare date's deadline is the end of its day, which end_at (its first second) cannot say.
      end_date: '2026-07-20T09:00:00+03:00',
      region: 77,
      okpd2: ['17.12.14.110'],
    });
    expect(tenders[1]!.law).toBe('223-FZ');

    const contracts = store.contractFactsByCustomer(CUSTOMER);
    expect(contracts.map((c) => c.id)).toEqual([11, 12]);
    expect(contracts[0]).toEqual({
      id: 11,
      version: 1,
      reestr_number: '2770123456726000011',
      tender_id: 1,
      customer_inn: CUSTOMER,
      customer_name: 'ГБОУ Школа № 1',
      suppliers: [{ inn: SUPPLIER, name: 'ООО «Ромашка»' }],
      price: 95_000,
      paid: 1000,
      stage: 'executing',
      sign_at: Date.parse('2026-07-25T12:00:00+03:00') / 1000,
      // The contract states no region or law: the tender's region; the 19-digit registry number says 44-FZ.
      region: 77,
      law: '44-FZ',
    });
    expect(store.customerSourceOf(11)).toBe('contract');
    expect(store.contractFactsBySupplier(SUPPLIER).map((c) => c.id)).toEqual([11, 12]);
    expect(store.contractFactsBySupplier('0000000000')).toEqual([]);
    expect(store.tenderFactsByIds([2, 99]).map((t) => t.id)).toEqual([2]);
    expect(store.tenderFactsByIds([])).toEqual([]);
    expect(store.contractFactsByTenderIds([2]).map((c) => c.id)).toEqual([12]);
    expect(store.contractFactsByIds([12]).map((c) => c.id)).toEqual([12]);
    expect(store.tenderIdsOfSavedSearch('flt_test')).toEqual([1, 2]);
    expect(store.partyName(SUPPLIER)).toBe('ООО «Ромашка»');
    expect(store.partyName(CUSTOMER)).toBe('ГБОУ Школа № 1');
    expect(store.partyName('0000000000')).toBeNull();
  });

  it('a newer version replaces the fact, an older one arriving late does not; every price is a step of the history', () => {
    const cache = tempCache();
    const at = (v: number, price: number) => ({ ...contract(20, v, 5), price });
    saveContracts(cache, [contractItem(at(1, 1000)), contractItem(at(3, 1150))]);
    saveContracts(cache, [contractItem(at(2, 1100))]);
    const store = insightStore(cache);
    expect(store.contractFactsByCustomer(CUSTOMER).map((c) => [c.version, c.price])).toEqual([[3, 1150]]);
    expect(store.contractPriceSteps([20, 99])).toEqual([
      { contract_id: 20, version: 1, price: 1000 },
      { contract_id: 20, version: 2, price: 1100 },
      { contract_id: 20, version: 3, price: 1150 },
    ]);
    // The suppliers of the latest version only.
    saveContracts(cache, [contractItem({ ...at(4, 1150), suppliers: [{ inn: '7800000001', name: 'ООО «Б»' }, { inn: SUPPLIER, name: 'ООО «Ромашка»' }] })]);
    expect(store.contractFactsByIds([20])[0]!.suppliers.map((s) => s.inn)).toEqual(['7800000001', SUPPLIER]);
    saveContracts(cache, [contractItem({ ...at(5, 1150), suppliers: [{ inn: '7800000001', name: 'ООО «Б»' }] })]);
    expect(store.contractFactsBySupplier(SUPPLIER)).toEqual([]);
  });

  it('strict-shaped objects: law from the notice number, status from its id, placement and codes from the card, customer by attribution', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(
      tenderPage([strictItem(strictTender(30, '0148300012326000007'), 1), strictItem(strictTender(31, '32615951326'), 1), strictItem(strictTender(32, 'T-32'), 1)]),
    );
    const store = insightStore(cache);
    const [t30, t31, t32] = store.tenderFactsByCustomer('5001234567');
    expect([t30!.law, t31!.law, t32!.law]).toEqual(['44-FZ', '223-FZ', null]);
    expect(t30).toMatchObject({ status: 'completed', placement_type: null, placement_name: null, okpd2: [], region: 50, price: 200_000 });
    expect(store.customerPlacementCounts()).toEqual([{ customer_inn: '5001234567', known: 0, single: 0 }]);

    // The card (strict: placement_type {id, name}, positions with okpd2_code and ktru_code).
    const strictCard = { ...strictTender(30, '0148300012326000007'), placement_type: { id: 9, name: 'Закупка у единственного поставщика' } };
    cardStore(cache).saveCard(card('tender', 30, 1, 1, 2, strictCard, [position(1), position(2, { okpd2_code: '26.20.11.110', ktru_code: '26.20.11.110-00000138' })]));
    expect(store.tenderFactsByIds([30])[0]).toMatchObject({ placement_type: 9, placement_name: 'Закупка у единственного поставщика', okpd2: ['17.12.14.110', '26.20.11.110'] });
    expect(store.customerPlacementCounts()).toEqual([{ customer_inn: '5001234567', known: 1, single: 1 }]);
    // A newer feed version without them keeps them (they do not change with a version).
    feedStore(cache).saveFeedPage(tenderPage([strictItem({ ...strictTender(30, '0148300012326000007'), price: 190_000 }, 2)]));
    expect(store.tenderFactsByIds([30])[0]).toMatchObject({ version: 2, price: 190_000, placement_type: 9, okpd2: ['17.12.14.110', '26.20.11.110'] });

    // A strict contract: only id, suppliers, execution. Nobody is its customer until a backfill attributes it.
    const strictContract = { id: 40, suppliers: [{ name: 'ИП Иванов', inn: '500100732259' }], execution: { stage: { id: 3, name: 'Исполнение прекращено' } } };
    saveContracts(cache, [contractItem(strictContract, 1)]);
    expect(store.contractFactsBySupplier('500100732259')).toEqual([
      { id: 40, version: 1, reestr_number: null, tender_id: null, customer_inn: null, customer_name: null, suppliers: [{ inn: '500100732259', name: 'ИП Иванов' }], price: null, paid: null, stage: 'terminated', sign_at: null, region: null, law: null },
    ]);
    expect(store.customerSourceOf(40)).toBeNull();
    expect(store.attributeContractsToCustomer([40], '5001234567')).toBe(1);
    expect(store.contractFactsByCustomer('5001234567')).toMatchObject([{ id: 40, customer_inn: '5001234567', customer_name: 'МБОУ СОШ № 7' }]);
    expect(store.customerSourceOf(40)).toBe('attribution');
    // A newer version keeps the attribution.
    saveContracts(cache, [contractItem({ ...strictContract, execution: { stage: { id: 2, name: 'Исполнение завершено' } } }, 2)]);
    expect(store.contractFactsByCustomer('5001234567')).toMatchObject([{ id: 40, version: 2, stage: 'completed' }]);
  });

  it('a contract stored before its tender takes the tender\'s customer when the tender arrives; its own customer always wins', () => {
    const cache = tempCache();
    const noCustomer = { ...contract(50, 1, 60), customer: undefined };
    saveContracts(cache, [contractItem(noCustomer), contractItem(contract(51, 1, 60))]);
    const store = insightStore(cache);
    expect(store.customerSourceOf(50)).toBeNull();
    store.attributeContractsToCustomer([50, 51], '7800000002');
    expect(store.contractFactsByCustomer('7800000002').map((c) => c.id)).toEqual([50]);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem({ ...tender(60, 1), organization: { name: 'ФГБУ «Центр»', inn: '7712345678' } })]));
    expect(store.contractFactsByCustomer('7712345678')).toMatchObject([{ id: 50, customer_name: 'ФГБУ «Центр»' }]);
    expect(store.customerSourceOf(50)).toBe('tender');
    expect(store.contractFactsByCustomer(CUSTOMER).map((c) => c.id)).toEqual([51]);
    expect(store.customerSourceOf(51)).toBe('contract');
    expect(store.contractFactsByCustomer('7800000002')).toEqual([]);
  });

  it('a page that rolled back resolves no contract later: its tenders\' customers, queued for the page\'s end, are forgotten', () => {
    const cache = tempCache();
    saveContracts(cache, [contractItem({ ...contract(50, 1, 60), customer: undefined })]);
    // The page's second delivery fails after the first tender was indexed (and its customer queued).
    cache.db.exec("CREATE TEMP TRIGGER fail_second BEFORE INSERT ON delivery WHEN NEW.ordinal = 1 BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const failing = tenderPage([tenderItem({ ...tender(60, 1), organization: { name: 'ФГБУ «Центр»', inn: '7712345678' } }), tenderItem(tender(61, 1))]);
    expect(() => feedStore(cache).saveFeedPage(failing)).toThrow(/disk full/);
    cache.db.exec('DROP TRIGGER fail_second');
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(62, 1))]));
    const store = insightStore(cache);
    expect(store.customerSourceOf(50)).toBeNull();
    expect(store.contractFactsByCustomer('7712345678')).toEqual([]);
  });

  it('positions of the newest card version (all pages), found by OKPD2 or KTRU prefix, unit, region and Moscow dates', () => {
    const cache = tempCache();
    // Published 2026-03-31 22:30 Moscow = 19:30 UTC: the 31st in Moscow.
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(70, 1, { publish: '2026-03-31T22:30:00+03:00', region: 50 }))]));
    saveContracts(cache, [contractItem({ ...contract(80, 1, 70), sign_date: '2026-04-01T00:30:00+03:00' })]);
    const cards = cardStore(cache);
    cards.saveCard(card('tender', 70, 1, 1, 2, tender(70, 1), [position(1), position(2, { okpd2_code: '26.20.11.110', ktru_code: '26.20.11.110-00000138', unit: 'Штука' })]));
    cards.saveCard(card('tender', 70, 1, 2, 2, tender(70, 1), [position(3)]));
    cards.saveCard(card('contract', 80, 1, 1, 20, contract(80, 1, 70), [position(1, { price: 290 })]));
    const store = insightStore(cache);

    const paper = store.positionFacts({ code: '17.12' });
    expect(paper.map((p) => [p.kind, p.object_id, p.ordinal, p.unit_price])).toEqual([
      ['tender', 70, 1, 301],
      ['tender', 70, 3, 303],
      ['contract', 80, 1, 290],
    ]);
    expect(paper[0]).toEqual({
      kind: 'tender', object_id: 70, version: 1, ordinal: 1, okpd2: '17.12.14.110', ktru: null, title: 'Бумага 1', unit: 'Пачка',
      quantity: 10, unit_price: 301, amount: 3010, number: '0373100000070', date_at: Date.parse('2026-03-31T22:30:00+03:00') / 1000,
      customer_inn: CUSTOMER, customer_name: 'ГБОУ Школа № 1', region: 50,
    });
    expect(paper[2]).toMatchObject({ number: '2770123456726000080', customer_inn: CUSTOMER, customer_name: 'ГБОУ Школа № 1', region: 50 });
    expect(store.positionFacts({ code: '26.20.11.110-0000013' }).map((p) => p.ordinal)).toEqual([2]);
    expect(store.positionFacts({ code: '26' }).map((p) => p.ordinal)).toEqual([2]);
    expect(store.positionFacts({ code: '17.12', unit: 'Штука' })).toEqual([]);
    expect(store.positionFacts({ code: '17.12', region: 77 })).toEqual([]);
    // Moscow calendar days: the tender is of March 31, the contract of April 1.
    expect(store.positionFacts({ code: '17.12', to: '2026-03-31' }).map((p) => p.kind)).toEqual(['tender', 'tender']);
    expect(store.positionFacts({ code: '17.12', from: '2026-04-01', to: '2026-04-01' }).map((p) => p.kind)).toEqual(['contract']);

    // A newer card version replaces every page of the older one; an older one arriving late changes nothing.
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(70, 2, { publish: '2026-03-31T22:30:00+03:00', region: 50 }))]));
    cards.saveCard(card('tender', 70, 2, 1, 20, tender(70, 2), [position(1, { price: 310 })]));
    cards.saveCard(card('tender', 70, 1, 1, 20, tender(70, 1), [position(1), position(2), position(3)]));
    expect(store.positionFacts({ code: '17.12', to: '2026-03-31' }).map((p) => [p.version, p.ordinal, p.unit_price])).toEqual([[2, 1, 310]]);
  });

  it('positions of a card read without a version take the real version when it arrives, so an older card later changes nothing', () => {
    const cache = tempCache();
    const object = tender(90, 3, { publish: '2026-05-05T10:00:00+03:00' });
    const { version: _stated, ...unversioned } = object;
    cardStore(cache).saveCard(card('tender', 90, PROVISIONAL_BASE, 1, 20, unversioned, [position(1, { price: 400 })]));
    const store = insightStore(cache);
    expect(store.positionFacts({ code: '17' }).map((p) => p.version)).toEqual([PROVISIONAL_BASE]);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(object)]));
    expect(store.positionFacts({ code: '17' }).map((p) => [p.version, p.unit_price])).toEqual([[3, 400]]);
    cardStore(cache).saveCard(card('tender', 90, 2, 1, 20, tender(90, 2), [position(1, { price: 380 })]));
    expect(store.positionFacts({ code: '17' }).map((p) => [p.version, p.unit_price])).toEqual([[3, 400]]);
  });

  it('tenders of a list come from the list\'s members; dismissals are kept with their note and restored', () => {
    const cache = tempCache();
    listStore(cache).upsertList({ listId: 'lst_1', name: 'Мой список', createdAt: '2026-07-01T00:00:00Z' });
    listStore(cache).setItems('lst_1', [5, 3]);
    const store = insightStore(cache);
    expect(store.tenderIdsOfList('lst_1')).toEqual([5, 3]);

    store.dismissFlag('short_period', 'tender', '5', 'срок продлён', '2026-07-01T00:00:00Z');
    store.dismissFlag('hhi', 'customer', CUSTOMER, null);
    store.dismissFlag('short_period', 'tender', '5', 'другая заметка');
    expect(store.dismissedFlags()).toEqual(new Set(['short_period|tender|5', `hhi|customer|${CUSTOMER}`]));
    expect(cache.db.prepare("SELECT note FROM flag_dismissal WHERE code = 'short_period'").pluck().get()).toBe('другая заметка');
    expect(store.restoreFlag('short_period', 'tender', '5')).toBe(true);
    expect(store.restoreFlag('short_period', 'tender', '5')).toBe(false);
    expect(store.dismissedFlags()).toEqual(new Set([`hhi|customer|${CUSTOMER}`]));
  });
});

/** A few thousand versions and cards, in the shapes the write path meets (both migration tests write them). */
const fillCache = (cache: CacheDb): void => {
  const feeds = feedStore(cache);
  for (let page = 0; page < 30; page++) {
    const items: FeedItem[] = [];
    for (let i = 0; i < 100; i++) {
      const id = page * 100 + i + 1;
      items.push(tenderItem(tender(id, 1, { price: 1000 + id, region: 1 + (id % 90) })));
      if (id % 3 === 0) items.push(tenderItem(tender(id, 2, { price: 900 + id, status: 'completed' })));
    }
    feeds.saveFeedPage(tenderPage(items));
    const contracts: FeedItem[] = [];
    for (let i = 0; i < 50; i++) {
      const id = 10_000 + page * 50 + i;
      const tenderId = page * 100 + i + 1;
      const own = i % 2 === 0 ? contract(id, 1, tenderId) : { ...contract(id, 1, tenderId), customer: undefined };
      contracts.push(contractItem({ ...own, price: 500 + i }), contractItem({ ...own, version: 2, price: 520 + i }));
    }
    saveContracts(cache, contracts);
  }
  const cards = cardStore(cache);
  for (let id = 1; id <= 40; id++) {
    const version = id % 3 === 0 ? 2 : 1;
    cards.saveCard(card('tender', id, version, 1, 2, tender(id, version), [position(1), position(2)]));
    cards.saveCard(card('tender', id, version, 2, 2, tender(id, version), [position(3)]));
  }
  cards.saveCard(card('contract', 10_000, 2, 1, 20, contract(10_000, 2, 1), [position(1, { price: 250 })]));
};

// The customer and supplier indexes are lazy (0013): what the write path queued is moved first.
const dumpInsights = (cache: CacheDb): unknown[] => {
  insightStore(cache).flushQueued();
  // The customer index by INN: its refs (migration 0036) are given in the order INNs were first flushed.
  const byCustomer = '(SELECT r.inn, c.tender_id, c.single_supplier FROM insight_tender_by_customer c JOIN insight_customer r ON r.ref = c.customer_ref)';
  return ['insight_tender', 'contract_party', 'insight_contract_supplier', 'insight_contract_price', 'insight_position', byCustomer].map(
    (table) => cache.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all(),
  );
};

/**
 * The two migration tests build two caches of a few thousand versions each and then run every later migration
 * over one: ~2.5 s on a quiet machine, which a two-core machine at load 20 stretched to 34 s, past the default 30 s.
 * The time is work, not waiting, so they get room; what they assert is unchanged.
 */
const MIGRATION_TEST_TIMEOUT_MS = 120_000;

describe('migration 0012 fills an existing cache', () => {
  it('a cache written before 0012 (a few thousand versions and cards) gets the same insight rows the write path keeps', () => {
    const live = tempCache();
    fillCache(live);

    const file = join(tempDir(), 'old.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 11) });
    fillCache(old);
    expect(old.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'insight_tender'").pluck().get()).toBe(0);
    old.close();

    const migrated = tempCache(file);
    expect(migrated.schemaVersion).toBe(latestSchemaVersion());
    const [tenders, contracts, suppliers, prices, positions] = dumpInsights(migrated) as unknown[][];
    expect(tenders).toHaveLength(3000);
    expect(contracts).toHaveLength(1500);
    expect(suppliers).toHaveLength(1500);
    expect(prices).toHaveLength(3000);
    expect(positions).toHaveLength(121);
    expect(dumpInsights(migrated)).toEqual(dumpInsights(live));
    // Contracts without a customer of their own took their tender's.
    expect(insightStore(migrated).customerSourceOf(10_001)).toBe('tender');
    expect(insightStore(migrated).contractFactsByCustomer(CUSTOMER)).toHaveLength(1500);
  }, MIGRATION_TEST_TIMEOUT_MS);
});

describe('migration 0013: the customer and supplier indexes kept lazily', () => {
  const pending = (cache: CacheDb): number => cache.db.prepare('SELECT count(*) FROM insight_pending').pluck().get() as number;
  const byCustomer = (cache: CacheDb): unknown[] =>
    cache.db
      .prepare('SELECT r.inn, c.tender_id FROM insight_tender_by_customer c JOIN insight_customer r ON r.ref = c.customer_ref ORDER BY 1, 2')
      .raw()
      .all();
  const withCustomer = (id: number, version: number, inn: string): FeedItem =>
    tenderItem(tender(id, version, { extra: { organization: { name: `Заказчик ${inn}`, inn } } }));
  const withSupplier = (id: number, version: number, inn: string): FeedItem =>
    contractItem({ ...contract(id, version, 1), suppliers: [{ name: `Поставщик ${inn}`, inn }] });

  it('a dossier read right after a page counts it: the page only queued its objects, the reader moves them first', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]));
    saveContracts(cache, [contractItem(contract(11, 1, 1))]);
    // Nothing in the indexes yet: the page's transaction wrote its rows and the queue only.
    expect(pending(cache)).toBe(3);
    expect(byCustomer(cache)).toEqual([]);
    expect(cache.db.prepare('SELECT count(*) FROM insight_contract_supplier').pluck().get()).toBe(0);

    const store = insightStore(cache);
    expect(store.tenderFactsByCustomer(CUSTOMER).map((t) => t.id)).toEqual([1, 2]);
    expect(pending(cache)).toBe(0);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(3, 1))]));
    saveContracts(cache, [contractItem(contract(12, 1, 3))]);
    expect(store.contractFactsBySupplier(SUPPLIER).map((c) => c.id)).toEqual([11, 12]);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(4, 1))]));
    expect(store.customerPlacementCounts()).toEqual([{ customer_inn: CUSTOMER, known: 4, single: 0 }]);
  });

  it('a tender that changes its customer, or a contract its suppliers, while queued (and after a move) is found under the new one only', () => {
    const cache = tempCache();
    const store = insightStore(cache);
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage([withCustomer(1, 1, '1111111111')]));
    feeds.saveFeedPage(tenderPage([withCustomer(1, 2, '2222222222')]));
    saveContracts(cache, [withSupplier(11, 1, '3333333333')]);
    saveContracts(cache, [withSupplier(11, 2, '4444444444')]);
    expect(store.tenderFactsByCustomer('1111111111')).toEqual([]);
    expect(store.tenderFactsByCustomer('2222222222').map((t) => t.version)).toEqual([2]);
    expect(store.contractFactsBySupplier('3333333333')).toEqual([]);
    expect(store.contractFactsBySupplier('4444444444').map((c) => c.version)).toEqual([2]);
    // Moved; then back to the first customer and supplier and on again, all while queued.
    feeds.saveFeedPage(tenderPage([withCustomer(1, 3, '1111111111')]));
    feeds.saveFeedPage(tenderPage([withCustomer(1, 4, '2222222222')]));
    feeds.saveFeedPage(tenderPage([withCustomer(1, 5, '1111111111')]));
    saveContracts(cache, [withSupplier(11, 3, '3333333333')]);
    expect(store.tenderFactsByCustomer('2222222222')).toEqual([]);
    expect(store.tenderFactsByCustomer('1111111111').map((t) => t.version)).toEqual([5]);
    expect(store.contractFactsBySupplier('4444444444')).toEqual([]);
    expect(store.contractFactsBySupplier('3333333333').map((c) => c.version)).toEqual([3]);
    expect(byCustomer(cache)).toEqual([['1111111111', 1]]);
  });

  it('a queue left by a killed process (the files as kill -9 leaves them) is moved at the first read after reopening', () => {
    const dir = tempDir();
    const cache = tempCache(join(dir, 'cache.db'));
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]));
    saveContracts(cache, [contractItem(contract(11, 1, 1))]);
    // The connection stays open (no close, no checkpoint): what is on disk is what a kill -9 leaves.
    const crashed = join(tempDir(), 'cache.db');
    for (const suffix of ['', '-wal']) if (existsSync(join(dir, `cache.db${suffix}`))) copyFileSync(join(dir, `cache.db${suffix}`), `${crashed}${suffix}`);
    const reopened = tempCache(crashed);
    expect(pending(reopened)).toBe(3);
    expect(insightStore(reopened).tenderFactsByCustomer(CUSTOMER).map((t) => t.id)).toEqual([1, 2]);
    expect(insightStore(reopened).contractFactsBySupplier(SUPPLIER).map((c) => c.id)).toEqual([11]);
    expect(pending(reopened)).toBe(0);
  });

  it('past its bound the queue is moved in the page\'s own transaction, with no reader; the idle maintenance step moves it too', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1))]));
    // The queue as long as its bound (its length is its last seq: a flush empties it).
    cache.db.prepare('INSERT INTO insight_pending (seq, kind, id) VALUES (?, 1, 1)').run(QUEUE_BOUND);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(2, 1))]));
    expect(pending(cache)).toBe(0);
    expect(byCustomer(cache)).toEqual([[CUSTOMER, 1], [CUSTOMER, 2]]);

    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(3, 1))]));
    expect(pending(cache)).toBe(1);
    runMaintenance(cache, 10);
    expect(pending(cache)).toBe(0);
    expect(byCustomer(cache)).toHaveLength(3);
  });

  it('a cache at 0012 is migrated to the same indexes the live write path keeps (a stale entry of the old upkeep dropped)', () => {
    const live = tempCache();
    fillCache(live);

    const file = join(tempDir(), 'at12.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 12) });
    fillCache(old);
    // The upkeep before 0013 wrote the supplier entries itself; one that no longer holds must not survive.
    old.db.prepare('INSERT INTO insight_contract_supplier (supplier_inn, contract_id) VALUES (?, ?)').run('9999999999', 10_000);
    old.close();

    const migrated = tempCache(file);
    expect(migrated.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'insight_tender_customer'").pluck().get()).toBe(0);
    expect(pending(migrated)).toBe(0);
    const [, , suppliers, , , customers] = dumpInsights(migrated) as unknown[][];
    expect(suppliers).toHaveLength(1500);
    expect(customers).toHaveLength(3000);
    expect(dumpInsights(migrated)).toEqual(dumpInsights(live));
  }, MIGRATION_TEST_TIMEOUT_MS);
});
