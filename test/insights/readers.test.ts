/**
 * The readers over a fixture cache written through the real write path (feed pages and cards, as the default
 * sandbox shapes them): every figure computed by hand in the comments. The customer is the helpers' school
 * (7701234567); Ромашка wins alone and jointly with «Б»; «Б» also holds a contract whose tender is not cached.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { attributeContractsToCustomer } from '../../src-main/cache/insightStore';
import { listStore } from '../../src-main/cache/listStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { AppError } from '../../src-main/domain/appError';
import { writePriceBenchmarkCsv } from '../../src-main/export/priceBenchmarkCsv';
import { competitors, customerDossier, priceBenchmark, supplierDossier } from '../../src-main/insights/index';
import { contract, tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

const CUST = '7701234567';
const ROMASHKA = '7707654321';
const B = '7800000001';
const single = { placement_type: { id: 9, name: 'Закупка у единственного поставщика' } };

const contractItem = (object: Record<string, unknown>): FeedItem => ({ kind: 'contract', id: object.id as number, version: object.version as number, billed: true, event: 'created', object });

const position = (ordinal: number, price: number, o: Record<string, unknown> = {}): Record<string, unknown> => ({
  lot_ordinal: 1,
  position_ordinal: ordinal,
  title: `Ноутбук ${ordinal}`,
  characteristics: [],
  quantity: 2,
  unit: 'шт',
  price,
  amount: 2 * price,
  okpd2_code: '26.20.11.110',
  okpd2_name: 'Компьютеры портативные',
  ktru_code: null,
  ...o,
});

function saveCard(cache: CacheDb, kind: 'tender' | 'contract', object: Record<string, unknown>, positions: Record<string, unknown>[]): void {
  cardStore(cache).saveCard({
    kind,
    id: object.id as number,
    version: object.version as number,
    positionsPage: 1,
    positionsLimit: 50,
    requestId: `req_card_${kind}_${String(object.id)}`,
    receivedAt: '2026-09-05T08:00:00Z',
    billed: false,
    card: { ...object, positions, positions_total: positions.length },
  });
}

function fixture(): CacheDb {
  const cache = tempCache();
  const feeds = feedStore(cache);
  searchStore(cache).upsert({ filterId: 'flt_test', params: {}, label: 'Канцелярия', events: ['created', 'updated'] });
  const t1 = tender(1, 2, { status: 'completed', price: 100_000 });
  const t3 = tender(3, 1, { price: 20_000, publish: '2026-07-15T10:00:00+03:00' });
  feeds.saveFeedPage(
    tenderPage([
      tenderItem(tender(1, 1, { status: 'completed', price: 90_000 })),
      tenderItem(t1),
      // Published 23:30 Moscow time on 31 August: August, though it is 20:30 UTC.
      tenderItem(tender(2, 1, { status: 'completed', price: 50_000, law: '223-FZ', publish: '2026-08-31T23:30:00+03:00', extra: single })),
      tenderItem(t3),
    ]),
  );
  const k11 = { ...contract(11, 1, 1, 1000), price: 95_000 };
  const k12 = {
    ...contract(12, 1, 2, 40_000),
    price: 40_000,
    suppliers: [
      { name: 'ООО «Ромашка»', inn: ROMASHKA },
      { name: 'ООО «Б»', inn: B },
    ],
    // 00:10 Moscow time on 1 September: September, though it is still 31 August in UTC.
    sign_date: '2026-09-01T00:10:00+03:00',
    execution: { stage: { id: 2, code: 'completed', name: 'Исполнение завершено' }, paid: 40_000 },
  };
  const k13 = { ...contract(13, 1, 99, 0), price: 10_000, suppliers: [{ name: 'ООО «Б»', inn: B }] };
  feeds.saveFeedPage(tenderPage([contractItem(k11), contractItem(k12), contractItem(k13)], { feed: 'contract', filterId: 'flt_contracts' }));
  listStore(cache).upsertList({ listId: 'lst_1', name: 'Единственные', createdAt: '2026-09-01T10:00:00Z' });
  listStore(cache).setItems('lst_1', [2]);
  // Positions: the notice of tender 1 and tender 3, and contract 11's card.
  saveCard(cache, 'tender', t1, [position(1, 100), position(2, 110), position(3, 90), position(4, 5, { okpd2_code: '17.12.14.110' })]);
  saveCard(cache, 'tender', t3, [position(1, 1000, { okpd2_code: '26.20.15.000' })]);
  saveCard(cache, 'contract', k11, [position(1, 105, { unit: 'Шт.' }), position(2, 95, { okpd2_code: null, ktru_code: '26.20.11.110-00000138' })]);
  return cache;
}

describe('insight readers over a fixture cache (hand-computed)', () => {
  it('customer dossier', () => {
    // Read before tender 3's deadline (20.07.2026 09:00 Moscow time): its bids are open.
    const d = customerDossier(fixture(), CUST, Date.parse('2026-07-16T12:00:00+03:00'));
    expect(d).toMatchObject({ inn: CUST, name: 'ГБОУ Школа № 1', tenders: 3, total_initial_price: 170_000, contracts: 3, total_price: 145_000, suppliers: 2, reduction_sample: 2 });
    expect(d.tenders_by_status.map((c) => [c.key, c.count, c.value])).toEqual([
      ['completed', 2, 150_000],
      ['bidding', 1, 20_000],
    ]);
    // After it, the same cached version is under the commission's review: the breakdown follows the clock.
    expect(customerDossier(fixture(), CUST, Date.parse('2026-07-20T09:00:00+03:00')).tenders_by_status.map((c) => c.key)).toEqual(['completed', 'commission']);
    expect(d.tenders_by_law.map((c) => [c.key, c.count, c.value])).toEqual([
      ['44-FZ', 2, 120_000],
      ['223-FZ', 1, 50_000],
    ]);
    expect(d.tenders_by_placement).toEqual([
      { key: '1', label: 'Электронный аукцион', count: 2, value: 120_000, priced: 2 },
      { key: '9', label: 'Закупка у единственного поставщика', count: 1, value: 50_000, priced: 1 },
    ]);
    // K11: (100 000 − 95 000) / 100 000 = 5 %; K12: (50 000 − 40 000) / 50 000 = 20 %; K13's tender is not cached
    expect(d.median_reduction_pct).toBe(12.5);
    expect(d.single_supplier_share).toBeCloseTo(1 / 3, 12);
    // credits: Ромашка 95 000 + 20 000 = 115 000, «Б» 20 000 + 10 000 = 30 000, of 145 000
    expect(d.hhi).toBeCloseTo((10_000 * (115 ** 2 + 30 ** 2)) / 145 ** 2, 9);
    expect(d.top_suppliers.map((p) => [p.inn, p.name, p.contracts, p.total_price, p.median_reduction_pct])).toEqual([
      [ROMASHKA, 'ООО «Ромашка»', 2, 135_000, 12.5],
      [B, 'ООО «Б»', 2, 50_000, 20],
    ]);
    expect(d.top_suppliers[0]!.share_pct).toBeCloseTo((115 / 145) * 100, 9);
    expect(d.top_suppliers[1]!.share_pct).toBeCloseTo((30 / 145) * 100, 9);
    expect(d.stages).toEqual({ executing: 2, completed: 1, terminated: 0, unknown: 0 });
    expect(d.paid_share).toBeCloseTo(41_000 / 145_000, 12);
    expect(d.timeline).toEqual([
      { month: '2026-07', tenders: 2, tender_price: 120_000, contracts: 2, contract_price: 105_000 },
      { month: '2026-08', tenders: 1, tender_price: 50_000, contracts: 0, contract_price: 0 },
      { month: '2026-09', tenders: 0, tender_price: 0, contracts: 1, contract_price: 40_000 },
    ]);
    expect(d.completeness).toEqual({
      completed_tenders: 2,
      completed_tenders_with_contract: 2,
      contracts_without_price: 0,
      contracts_without_tender: 1,
      tenders_without_placement: 0,
      contracts_without_customer: 0,
    });
  });

  it('supplier dossier', () => {
    const d = supplierDossier(fixture(), B);
    expect(d).toMatchObject({ inn: B, name: 'ООО «Б»', contracts: 2, total_price: 50_000, customers: 1, median_reduction_pct: 20, reduction_sample: 1, terminations: 0 });
    expect(d.top_customers).toEqual([{ inn: CUST, name: 'ГБОУ Школа № 1', contracts: 2, total_price: 50_000, share_pct: 100, median_reduction_pct: 20 }]);
    // K12 has the region of its tender (77); K13 has neither region nor tender
    expect(d.regions.map((c) => [c.key, c.count, c.value])).toEqual([
      ['77', 1, 40_000],
      ['unknown', 1, 10_000],
    ]);
    expect(d.okpd2_classes.map((c) => [c.key, c.count, c.value])).toEqual([
      ['17', 1, 40_000],
      ['unknown', 1, 10_000],
    ]);
    expect(d.stages).toEqual({ executing: 1, completed: 1, terminated: 0, unknown: 0 });
    expect(d.timeline.map((p) => [p.month, p.tenders, p.contracts, p.contract_price])).toEqual([
      ['2026-07', 0, 1, 10_000],
      ['2026-08', 1, 0, 0],
      ['2026-09', 0, 1, 40_000],
    ]);
  });

  it('competitors of a saved search and of a list; an unknown scope is not_found', () => {
    const cache = fixture();
    const search = competitors(cache, { kind: 'search', filterId: 'flt_test' });
    expect(search).toMatchObject({ scope: { kind: 'search', id: 'flt_test', name: 'Канцелярия' }, tenders: 3, contracts: 2, supplier_count: 2 });
    // credits: Ромашка 95 000 + 20 000, «Б» 20 000, of 135 000
    expect(search.suppliers.map((p) => [p.inn, p.contracts, p.total_price])).toEqual([
      [ROMASHKA, 2, 135_000],
      [B, 1, 40_000],
    ]);
    expect(search.suppliers[0]!.share_pct).toBeCloseTo((115 / 135) * 100, 9);
    const list = competitors(cache, { kind: 'list', listId: 'lst_1' });
    expect(list).toMatchObject({ scope: { kind: 'list', id: 'lst_1', name: 'Единственные' }, tenders: 1, contracts: 1 });
    // equal value and contracts: the INN decides
    expect(list.suppliers.map((p) => [p.inn, p.total_price, p.share_pct, p.median_reduction_pct])).toEqual([
      [ROMASHKA, 40_000, 50, 20],
      [B, 40_000, 50, 20],
    ]);
    expect(() => competitors(cache, { kind: 'list', listId: 'lst_none' })).toThrow(AppError);
    expect(() => competitors(cache, { kind: 'search', filterId: 'flt_none' })).toThrow(/flt_none/);
  });

  it('price benchmark over tender and contract positions, by OKPD2 or KTRU prefix, unit and period', () => {
    const cache = fixture();
    const b = priceBenchmark(cache, { code: '26.20' });
    // 90, 95 (by its KTRU), 100, 105 («Шт.»), 110 and 1000; the 17.12 position is another code
    expect(b).toMatchObject({ n_found: 6, n: 5, unit: 'шт', min: 90, median: 100, max: 110, mean: 100, homogeneous: true });
    expect(b.cv).toBeCloseTo(Math.sqrt(62.5), 10);
    const outlier = b.rows.find((r) => r.outlier)!;
    expect(outlier).toMatchObject({ kind: 'tender', object_id: 3, unit_price: 1000, number: '0373100000003', customer_inn: CUST, region: 77 });
    expect(b.rows.find((r) => r.unit_price === 105)).toMatchObject({ kind: 'contract', number: '2770123456726000011', date_at: Date.parse('2026-07-25T12:00:00+03:00') / 1000 });
    // A unit spelled otherwise is the same unit; the period is Moscow calendar days (tender 1 was published on 1 July)
    expect(priceBenchmark(cache, { code: '26.20', unit: 'ШТ' }).n_found).toBe(6);
    expect(priceBenchmark(cache, { code: '26.20', from: '2026-07-02' }).rows.map((r) => r.unit_price)).toEqual([95, 105, 1000]);
    expect(priceBenchmark(cache, { code: '26.20.11.110-00000138' }).rows.map((r) => r.unit_price)).toEqual([95]);
    expect(priceBenchmark(cache, { code: '26.20', region: 50 }).n_found).toBe(0);
  });

  it('the price table as Excel-ready CSV: BOM, `;`, long numbers kept as text (a quoted ="…"), decimal comma, marks in the user language', async () => {
    const b = priceBenchmark(fixture(), { code: '26.20' });
    const read = async (locale: 'ru' | 'en'): Promise<string[]> => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const result = await writePriceBenchmarkCsv(fixture(), b, out, { locale });
      expect(result.rows).toBe(6);
      return Buffer.concat(chunks).toString('utf8').split('\r\n');
    };
    const ru = await read('ru');
    expect(ru[0]).toBe(
      '\uFEFFИсточник;Номер контракта или извещения;Дата;ИНН заказчика;Заказчик;Регион;Код региона;ОКПД2;КТРУ;Наименование позиции;Единица измерения;Количество;Цена за единицу, руб.;Сумма, руб.;Выброс;Не сравнима',
    );
    expect(ru[1]).toBe('Извещение;"=""0373100000001""";01.07.2026;7701234567;ГБОУ Школа № 1;Москва;77;26.20.11.110;;Ноутбук 3;шт;2;90,00;180,00;нет;');
    expect(ru).toContain('Контракт;"=""2770123456726000011""";25.07.2026;7701234567;ГБОУ Школа № 1;Москва;77;;26.20.11.110-00000138;Ноутбук 2;шт;2;95,00;190,00;нет;');
    expect(ru[6]).toBe('Извещение;"=""0373100000003""";15.07.2026;7701234567;ГБОУ Школа № 1;Москва;77;26.20.15.000;;Ноутбук 1;шт;2;1000,00;2000,00;да;');
    const en = await read('en');
    expect(en[0]!.startsWith('\uFEFFSource;Contract or notice number;Date;')).toBe(true);
    expect(en[6]!.endsWith(';yes;')).toBe(true);
  });

  it('strict-shaped objects (only what the reference guarantees): what is known is counted, what is not is said', () => {
    const cache = tempCache();
    const strictTender = (id: number, etpId: string, publish: string): FeedItem => ({
      kind: 'tender',
      id,
      version: 1,
      billed: true,
      event: 'created',
      object: {
        id,
        etp_id: etpId,
        name: `Поставка бумаги ${id}`,
        price: 200_000,
        publish_date: publish,
        end_date: '2026-04-20T09:00:00+03:00',
        update_date: publish,
        end_date_computed: false,
        region: { id: 50, name: 'Московская область' },
        platform: { id: 2, name: 'Сбербанк-АСТ' },
        status: { id: 2, name: 'Завершена' },
        organization: { name: 'МБОУ СОШ № 7', inn: '5001234567' },
      },
    });
    // The law from the notice number (19 digits 44-FZ, 11 digits 223-FZ); no placement type in a feed.
    feedStore(cache).saveFeedPage(
      tenderPage([strictTender(30, '0148300012326000007', '2026-03-31T22:30:00+03:00'), strictTender(31, '32615951326', '2026-04-01T10:00:00+03:00')]),
    );
    const bare: FeedItem = {
      kind: 'contract',
      id: 40,
      version: 1,
      billed: true,
      event: 'created',
      object: { id: 40, suppliers: [{ name: 'ИП Иванов', inn: '500100732259' }], execution: { stage: { id: 3, name: 'Исполнение прекращено' } } },
    };
    feedStore(cache).saveFeedPage(tenderPage([bare], { feed: 'contract', filterId: 'flt_contracts' }));

    const before = supplierDossier(cache, '500100732259');
    expect(before).toMatchObject({ name: 'ИП Иванов', contracts: 1, total_price: 0, customers: 0, top_customers: [], median_reduction_pct: null, terminations: 1, timeline: [] });
    expect(before.completeness).toMatchObject({ contracts_without_price: 1, contracts_without_tender: 1, contracts_without_customer: 1 });
    expect(customerDossier(cache, '5001234567').contracts).toBe(0); // nobody says whose contract it is yet

    // A backfill by the customer's INN found it (engineer D's job calls this).
    attributeContractsToCustomer(cache, [40], '5001234567');
    const d = customerDossier(cache, '5001234567');
    expect(d).toMatchObject({ name: 'МБОУ СОШ № 7', tenders: 2, total_initial_price: 400_000, contracts: 1, total_price: 0, suppliers: 1 });
    expect(d).toMatchObject({ median_reduction_pct: null, reduction_sample: 0, single_supplier_share: null, hhi: null, paid_share: null });
    expect(d.tenders_by_law.map((c) => [c.key, c.count])).toEqual([
      ['223-FZ', 1],
      ['44-FZ', 1],
    ]);
    expect(d.tenders_by_placement).toEqual([{ key: 'unknown', label: null, count: 2, value: 400_000, priced: 2 }]);
    expect(d.top_suppliers).toEqual([{ inn: '500100732259', name: 'ИП Иванов', contracts: 1, total_price: 0, share_pct: null, median_reduction_pct: null }]);
    expect(d.stages).toEqual({ executing: 0, completed: 0, terminated: 1, unknown: 0 });
    // 22:30 Moscow time on 31 March is March; the contract has no date, so it is not on the timeline.
    expect(d.timeline.map((p) => [p.month, p.tenders, p.contracts])).toEqual([
      ['2026-03', 1, 0],
      ['2026-04', 1, 0],
    ]);
    expect(d.completeness).toEqual({
      completed_tenders: 2,
      completed_tenders_with_contract: 0,
      contracts_without_price: 1,
      contracts_without_tender: 1,
      tenders_without_placement: 2,
      contracts_without_customer: 0,
    });
  });
});
