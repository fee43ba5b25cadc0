/**
 * Dossiers and competitors over fixture facts; every figure computed by hand in the comments. The customer
 * C has four tenders and five contracts: a 10 % and a 0 % reduction, a tender priced 0, a tender not cached,
 * a contract without a tender, a joint bid of two suppliers, a contract without a price, and signings on
 * both sides of a Moscow midnight.
 */
import { describe, expect, it } from 'vitest';
import { computeCompetitors } from '../../src-main/insights/competitors';
import { computeCustomerDossier } from '../../src-main/insights/customerDossier';
import { computeSupplierDossier } from '../../src-main/insights/supplierDossier';
import { at, contract, tender } from './facts';

const C = '7707083893';
const S1 = '7725001111';
const S2 = '7725002222';
const S3 = '7725003333';
const school = { customer_inn: C, customer_name: 'ГБУ «Школа № 1»' };
const auction = { placement_type: 1, placement_name: 'Электронный аукцион' };

const T1 = tender(1, { ...school, version: 2, customer_name: 'Школа 1 (старое имя)', status: 'completed', law: '44-FZ', ...auction, price: 1000, publish_at: at('2024-01-15T10:00:00+03:00'), region: 77, okpd2: ['26.20.11.110'] });
const T1old = { ...T1, version: 1, price: 5000 };
const T2 = tender(2, { ...school, status: 'completed', law: '44-FZ', placement_type: 5, placement_name: 'Закупка у единственного поставщика', price: 200, publish_at: at('2024-03-10T10:00:00+03:00'), okpd2: ['26.20.11.110', '26.20.15'] });
const T3 = tender(3, { ...school, status: 'active', law: '223-FZ' });
const T4 = tender(4, { ...school, status: 'completed', ...auction, price: 0, publish_at: at('2024-01-20T10:00:00+03:00'), region: 50, okpd2: ['62.01', '26.30'] });

const K1 = contract(11, { ...school, tender_id: 1, price: 900, paid: 450, stage: 'completed', suppliers: [{ inn: S1, name: 'Альфа' }], sign_at: at('2024-01-31T21:00:00Z') });
const K2 = contract(12, { ...school, tender_id: 2, price: 200, stage: 'executing', suppliers: [{ inn: S1, name: 'Альфа' }, { inn: S2, name: 'Бета' }], sign_at: at('2024-03-20T12:00:00+03:00'), region: 77 });
const K3 = contract(13, { ...school, tender_id: 4, price: 50, paid: 50, stage: 'terminated', suppliers: [{ inn: S2, name: 'Бета' }], sign_at: at('2024-01-31T20:59:59Z') });
const K4 = contract(14, { ...school, tender_id: 99, suppliers: [{ inn: S3, name: null }] });
const K5 = contract(15, { ...school, price: 300, paid: 100, stage: 'executing', suppliers: [{ inn: S3, name: 'Гамма' }], sign_at: at('2024-03-05T12:00:00+03:00') });

const tenderOf = new Map([T1, T2, T4].map((t) => [t.id, t]));

describe('customer dossier (hand-computed)', () => {
  const d = computeCustomerDossier(C, [T1old, T1, T2, T3, T4], [K1, K2, K3, K4, K5], tenderOf);

  it('counts distinct tenders (latest versions) by status, law and placement, with their initial prices', () => {
    expect(d.inn).toBe(C);
    expect(d.name).toBe('ГБУ «Школа № 1»'); // the newest tender's (T2), not T1's older spelling
    expect(d.tenders).toBe(4);
    expect(d.total_initial_price).toBe(1200); // 1000 + 200 + 0; T3 has none; T1's old 5000 is history
    expect(d.tenders_by_status).toEqual([
      { key: 'completed', label: null, count: 3, value: 1200, priced: 3 },
      { key: 'bidding', label: null, count: 1, value: 0, priced: 0 }, // T3: active, no deadline known: bids open
    ]);
    expect(d.tenders_by_law).toEqual([
      { key: '44-FZ', label: null, count: 2, value: 1200, priced: 2 },
      { key: '223-FZ', label: null, count: 1, value: 0, priced: 0 }, // T3: no price, the sum is unknown
      { key: 'unknown', label: null, count: 1, value: 0, priced: 1 }, // T4: priced 0, a known zero
    ]);
    expect(d.tenders_by_placement).toEqual([
      { key: '1', label: 'Электронный аукцион', count: 2, value: 1000, priced: 2 },
      { key: '5', label: 'Закупка у единственного поставщика', count: 1, value: 200, priced: 1 },
      { key: 'unknown', label: null, count: 1, value: 0, priced: 0 },
    ]);
  });

  it('contracts, value, suppliers and the median reduction over contracts with a cached priced tender', () => {
    expect(d.contracts).toBe(5);
    expect(d.total_price).toBe(1450); // 900 + 200 + 50 + 300; K4 has no price
    expect(d.suppliers).toBe(3);
    // K1: 1 − 900/1000 = 10 %; K2: 1 − 200/200 = 0 %; K3's tender is priced 0, K4's is not cached, K5 has none
    expect(d.median_reduction_pct).toBeCloseTo(5, 10);
    expect(d.reduction_sample).toBe(2);
    expect(d.single_supplier_share).toBeCloseTo(1 / 3, 12); // T2 of T1, T2, T4 (T3's placement unknown)
  });

  it('HHI and shares split a joint bid equally; ranking by value, then contracts, then INN', () => {
    // credits: S1 900 + 200/2 = 1000, S2 200/2 + 50 = 150, S3 300 (K4 no price); of 1450
    const hhi = (10000 * (1000 ** 2 + 150 ** 2 + 300 ** 2)) / 1450 ** 2;
    expect(d.hhi).toBeCloseTo(hhi, 9);
    expect(d.hhi).toBeCloseTo(5291.3199, 3);
    expect(d.top_suppliers.map((p) => [p.inn, p.name, p.contracts, p.total_price])).toEqual([
      [S1, 'Альфа', 2, 1100],
      [S3, 'Гамма', 2, 300],
      [S2, 'Бета', 2, 250],
    ]);
    expect(d.top_suppliers[0]!.share_pct).toBeCloseTo((1000 / 1450) * 100, 9);
    expect(d.top_suppliers[1]!.share_pct).toBeCloseTo((300 / 1450) * 100, 9);
    expect(d.top_suppliers[2]!.share_pct).toBeCloseTo((150 / 1450) * 100, 9);
    expect(d.top_suppliers.map((p) => p.median_reduction_pct)).toEqual([5, null, 0]);
  });

  it('stages, the paid share over contracts stating both, the Moscow timeline and completeness', () => {
    expect(d.stages).toEqual({ executing: 2, completed: 1, terminated: 1, unknown: 1 });
    expect(d.paid_share).toBeCloseTo(600 / 1250, 12); // K1 450/900, K3 50/50, K5 100/300
    expect(d.timeline).toEqual([
      { month: '2024-01', tenders: 2, tender_price: 1000, contracts: 1, contract_price: 50 }, // K3 at 23:59:59 MSK on the 31st
      { month: '2024-02', tenders: 0, tender_price: 0, contracts: 1, contract_price: 900 }, // K1 at 00:00 MSK on 1 Feb
      { month: '2024-03', tenders: 1, tender_price: 200, contracts: 2, contract_price: 500 },
    ]);
    expect(d.completeness).toEqual({
      completed_tenders: 3,
      completed_tenders_with_contract: 3,
      contracts_without_price: 1,
      contracts_without_tender: 2, // K4 (tender 99 not cached), K5 (no tender)
      tenders_without_placement: 1,
      contracts_without_customer: 0,
    });
  });

  it('an empty dossier has zeros and no ratios', () => {
    const empty = computeCustomerDossier(C, [], [], new Map());
    expect(empty).toMatchObject({ name: null, tenders: 0, contracts: 0, total_price: 0, suppliers: 0, median_reduction_pct: null, reduction_sample: 0, single_supplier_share: null, hhi: null, top_suppliers: [], paid_share: null, timeline: [] });
  });

  it('one contract of one supplier: HHI 10 000, share 100 %', () => {
    const one = computeCustomerDossier(C, [T1], [K1], tenderOf);
    expect(one.hhi).toBe(10000);
    expect(one.top_suppliers).toEqual([{ inn: S1, name: 'Альфа', contracts: 1, total_price: 900, share_pct: 100, median_reduction_pct: 10 }]);
    expect(one.completeness.completed_tenders_with_contract).toBe(1);
  });
});

describe('supplier dossier (hand-computed)', () => {
  it('S2: the joint bid and a terminated contract, regions and OKPD2 classes via the tenders', () => {
    const d = computeSupplierDossier(S2, [K1, K2, K3], tenderOf); // K1 is not S2's: left out
    expect(d).toMatchObject({ inn: S2, name: 'Бета', contracts: 2, total_price: 250, customers: 1, terminations: 1 });
    expect(d.top_customers).toEqual([{ inn: C, name: 'ГБУ «Школа № 1»', contracts: 2, total_price: 250, share_pct: 100, median_reduction_pct: 0 }]);
    // K2's own region 77; K3 has none, its tender T4 says 50
    expect(d.regions).toEqual([
      { key: '50', label: null, count: 1, value: 50, priced: 1 },
      { key: '77', label: null, count: 1, value: 200, priced: 1 },
    ]);
    // K2 → T2: class 26 (two codes, once); K3 → T4: 62 and 26
    expect(d.okpd2_classes).toEqual([
      { key: '26', label: null, count: 2, value: 250, priced: 2 },
      { key: '62', label: null, count: 1, value: 50, priced: 1 },
    ]);
    expect(d.median_reduction_pct).toBe(0); // K2 only (K3's tender priced 0)
    expect(d.reduction_sample).toBe(1);
    expect(d.stages).toEqual({ executing: 1, completed: 0, terminated: 1, unknown: 0 });
    expect(d.timeline).toEqual([
      { month: '2024-01', tenders: 1, tender_price: 0, contracts: 1, contract_price: 50 },
      { month: '2024-02', tenders: 0, tender_price: 0, contracts: 0, contract_price: 0 },
      { month: '2024-03', tenders: 1, tender_price: 200, contracts: 1, contract_price: 200 },
    ]);
    expect(d.completeness).toEqual({
      completed_tenders: 2,
      completed_tenders_with_contract: 2,
      contracts_without_price: 0,
      contracts_without_tender: 0,
      tenders_without_placement: 0,
      contracts_without_customer: 0,
    });
  });

  it('a contract with only what the reference guarantees (id, suppliers, execution): counted, every gap stated', () => {
    const bare = contract(21, { suppliers: [{ inn: S3, name: 'Гамма' }], stage: 'executing' });
    const d = computeSupplierDossier(S3, [bare], new Map());
    expect(d).toMatchObject({ contracts: 1, total_price: 0, customers: 0, top_customers: [], median_reduction_pct: null, reduction_sample: 0, timeline: [] });
    // No price: the sums are not known (priced 0), not zero.
    expect(d.regions).toEqual([{ key: 'unknown', label: null, count: 1, value: 0, priced: 0 }]);
    expect(d.okpd2_classes).toEqual([{ key: 'unknown', label: null, count: 1, value: 0, priced: 0 }]);
    expect(d.completeness).toEqual({
      completed_tenders: 0,
      completed_tenders_with_contract: 0,
      contracts_without_price: 1,
      contracts_without_tender: 1,
      tenders_without_placement: 0,
      contracts_without_customer: 1,
    });
  });
});

describe('competitors of a list (hand-computed)', () => {
  it('the suppliers of the scope tenders only, shares split on joint bids', () => {
    const other = contract(30, { tender_id: 77, price: 10_000, suppliers: [{ inn: S3, name: 'Гамма' }] });
    const a = computeCompetitors({ kind: 'list', id: 'lst_1', name: 'ИТ' }, [T1, T2, T3, T4], [K1, K2, K3, K5, other]);
    expect(a.tenders).toBe(4);
    expect(a.contracts).toBe(3); // K5 has no tender, `other` is of a tender outside the list
    expect(a.supplier_count).toBe(2);
    // credits: S1 900 + 100 = 1000, S2 100 + 50 = 150, of 1150
    expect(a.suppliers.map((p) => [p.inn, p.contracts, p.total_price, p.median_reduction_pct])).toEqual([
      [S1, 2, 1100, 5],
      [S2, 2, 250, 0],
    ]);
    expect(a.suppliers[0]!.share_pct).toBeCloseTo((1000 / 1150) * 100, 9);
    expect(a.suppliers[1]!.share_pct).toBeCloseTo((150 / 1150) * 100, 9);
    expect(a.completeness).toEqual({
      completed_tenders: 3,
      completed_tenders_with_contract: 3,
      contracts_without_price: 0,
      contracts_without_tender: 0,
      tenders_without_placement: 1,
      contracts_without_customer: 0,
    });
  });
});
