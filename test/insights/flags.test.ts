/**
 * The red-flag engine over fixture facts (src-main/insights/flags/engine.ts); every expected number is worked
 * out by hand in the comments, including the edge cases: exactly at the legal minimum, exactly 99 %, HHI exactly
 * 2 500, exactly +10 %, one version only, a price drop, and objects lacking a field (counted as gaps, not flagged).
 * 2026-03-02 is a Monday.
 */
import { quantileSorted } from 'd3-array';
import { describe, expect, it } from 'vitest';
import type { ContractFact, ContractPriceStep, PartyRef, TenderFact } from '../../src-main/domain/insights';
import { FLAG_CATALOGUE, FLAG_CODES } from '../../src-main/insights/flags/catalogue';
import { quantileWithout, type PlacementCount } from '../../src-main/insights/flags/customerRules';
import { computeFlags, type FlagFacts } from '../../src-main/insights/flags/engine';
import { dismissalKey } from '../../src-main/cache/insightStore';
import { at, contract, tender } from './facts';

const NOTICE_44 = '0173100007426000018';
const NOTICE_223 = '32615951326';
const auction = { placement_type: 1, placement_name: 'Электронный аукцион' };
const quotation = { placement_type: 3, placement_name: 'Запрос котировок в электронной форме' };
const single = { placement_type: 5, placement_name: 'Закупка у единственного поставщика' };

function facts(over: Partial<FlagFacts>): FlagFacts {
  const tenders = over.tenders ?? [];
  return {
    tenders,
    contracts: [],
    tendersById: new Map(tenders.map((t) => [t.id, t])),
    priceSteps: [],
    customers: [],
    placementCounts: [],
    ...over,
  };
}

const run = (over: Partial<FlagFacts>, dismissed: ReadonlySet<string> = new Set()) => computeFlags(facts(over), dismissed);
const raised = (over: Partial<FlagFacts>, code: string) => run(over).flags.filter((f) => f.code === code);
const gapsOf = (over: Partial<FlagFacts>, code: string) =>
  Object.fromEntries(run(over).gaps.filter((g) => g.code === code).map((g) => [g.field, g.objects]));

describe('catalogue', () => {
  it('defines every flag once, in both languages, with its source and needs', () => {
    expect(FLAG_CATALOGUE.map((d) => d.code)).toEqual([...FLAG_CODES]);
    for (const d of FLAG_CATALOGUE) {
      for (const t of [d.title, d.definition, d.source]) {
        expect(t.ru.length).toBeGreaterThan(3);
        expect(t.en.length).toBeGreaterThan(3);
      }
      expect(d.needs.length).toBeGreaterThan(0);
    }
  });
});

describe('short submission period (R003)', () => {
  const mon = at('2026-03-02T10:00:00+03:00');
  const base = { etp_id: NOTICE_44, law: '44-FZ' as const, ...auction, price: 1_000_000, publish_at: mon, okpd2: ['26.20.11.110'] };

  it('a 44-FZ auction exactly at 7 days is not flagged, at 6 it is', () => {
    const atMinimum = tender(1, { ...base, end_at: at('2026-03-09T09:00:00+03:00') }); // 3..9 March = 7
    const short = tender(2, { ...base, end_at: at('2026-03-08T23:00:00+03:00'), customer_inn: '7707083893' }); // 3..8 = 6
    const flags = raised({ tenders: [atMinimum, short] }, 'short_submission');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.object).toEqual({ kind: 'tender', id: '2', name: 'Закупка 2' });
    expect(flags[0]!.source).toBe('OCP R003; 44-ФЗ, ст. 42 ч. 3 п. 2');
    expect(flags[0]!.evidence).toEqual({
      notice: NOTICE_44,
      law: '44-FZ',
      placement: 'Электронный аукцион',
      initial_price: 1_000_000,
      published_at: '2026-03-02T07:00:00.000Z',
      deadline_at: '2026-03-08T20:00:00.000Z',
      period_days: 6,
      minimum_days: 7,
      day_unit: 'calendar',
      article: { ru: '44-ФЗ, ст. 42 ч. 3 п. 2', en: '44-FZ, art. 42(3)(2)' },
      minimum_confirmed: true,
      customer_inn: '7707083893',
    });
  });

  it('counts in Moscow days: published at 01:00 Moscow (the day before in UTC)', () => {
    // Moscow: 3..8 March = 6 < 7 → flagged (in UTC it would be 2..8 = 7).
    const t = tender(3, { ...base, publish_at: at('2026-03-02T01:00:00+03:00'), end_at: at('2026-03-08T12:00:00+03:00') });
    expect(raised({ tenders: [t] }, 'short_submission').map((f) => f.evidence.period_days)).toEqual([6]);
  });

  it('above 300 mln an auction needs 15 days, unless it may be construction (OKPD2 41–43 or no codes)', () => {
    const ten = at('2026-03-12T10:00:00+03:00'); // 3..12 = 10 days
    const big = tender(4, { ...base, price: 400_000_000, end_at: ten });
    const building = tender(5, { ...base, price: 400_000_000, end_at: ten, okpd2: ['41.20.40.000'] });
    const noCodes = tender(6, { ...base, price: 400_000_000, end_at: ten, okpd2: [] });
    const flags = raised({ tenders: [big, building, noCodes] }, 'short_submission');
    expect(flags.map((f) => [f.object.id, f.evidence.minimum_days, f.evidence.period_days])).toEqual([['4', 15, 10]]);
  });

  it('quotations count working days: 44-FZ at least 1, 223-FZ at least 4 up to 7 mln and 5 above', () => {
    const fri = at('2026-03-06T10:00:00+03:00');
    const q44sat = tender(7, { ...base, ...quotation, publish_at: fri, end_at: at('2026-03-07T10:00:00+03:00') }); // 0 working days
    const q44mon = tender(8, { ...base, ...quotation, publish_at: fri, end_at: at('2026-03-09T10:00:00+03:00') }); // Mon = 1
    const q223 = { ...quotation, etp_id: NOTICE_223, law: '223-FZ' as const, publish_at: mon, end_at: at('2026-03-06T10:00:00+03:00') }; // Tue..Fri = 4
    const small = tender(9, { ...q223, price: 7_000_000 });
    const large = tender(10, { ...q223, price: 7_000_001 });
    const flags = raised({ tenders: [q44sat, q44mon, small, large] }, 'short_submission');
    expect(flags.map((f) => [f.object.id, f.evidence.law, f.evidence.period_days, f.evidence.minimum_days, f.evidence.day_unit])).toEqual([
      ['7', '44-FZ', 0, 1, 'working'],
      ['10', '223-FZ', 4, 5, 'working'],
    ]);
  });

  it('single-supplier and commercial purchases have no minimum; missing fields are gaps, not flags', () => {
    const end = at('2026-03-03T10:00:00+03:00');
    const over = {
      tenders: [
        tender(11, { ...base, ...single, end_at: end }),
        tender(12, { ...base, law: 'commercial', etp_id: null, end_at: end }),
        tender(13, { ...base, placement_type: null, placement_name: null, end_at: end }),
        tender(14, { ...base, law: null, end_at: end }),
        tender(15, { ...base, end_at: null }),
        tender(16, { ...base, publish_at: null, end_at: null, placement_name: null }),
        // No minimum applies to a single-supplier purchase: its missing deadline is no gap.
        tender(17, { ...base, ...single, end_at: null }),
      ],
    };
    expect(raised(over, 'short_submission')).toEqual([]);
    expect(gapsOf(over, 'short_submission')).toEqual({
      'tender.placement_type': 2,
      'tender.law': 1,
      'tender.end_date': 2,
      'tender.publish_date': 1,
    });
  });
});

describe('contract price close to the initial price (R031)', () => {
  const t = tender(1, { ...auction, price: 1000, etp_id: NOTICE_44 });
  const over = (contracts: ContractFact[], tenders: TenderFact[] = [t]) => ({ contracts, tendersById: new Map(tenders.map((x) => [x.id, x])) });

  it('flags 99 % and above, not 98.999 %', () => {
    const exactly = contract(21, { tender_id: 1, price: 990, reestr_number: '2770708389326000001' });
    const below = contract(22, { tender_id: 1, price: 989.99 });
    const above = contract(23, { tender_id: 1, price: 1000.5 });
    const flags = raised(over([exactly, below, above]), 'price_near_estimate');
    expect(flags.map((f) => [f.object.id, f.evidence.ratio_pct])).toEqual([
      ['21', 99],
      ['23', 100.05],
    ]);
    expect(flags[0]!.object).toEqual({ kind: 'contract', id: '21', name: '2770708389326000001' });
    expect(flags[0]!.evidence).toMatchObject({ contract_price: 990, initial_price: 1000, tender_id: 1, notice: NOTICE_44 });
  });

  it('skips single-supplier tenders; no price, no tender or a tender priced 0 are gaps where the flag applies', () => {
    const direct = tender(2, { ...single, price: 1000 });
    const free = tender(3, { ...auction, price: 0 });
    const contracts = [
      contract(24, { tender_id: 2, price: 1000 }),
      contract(25, { tender_id: 3, price: 1000 }),
      contract(26, { tender_id: 1, price: null }),
      contract(27, { tender_id: null, price: 1000 }),
      contract(28, { tender_id: 99, price: 1000 }),
      // Not applicable (a single-supplier tender), so its missing price is no gap.
      contract(29, { tender_id: 2, price: null }),
    ];
    const o = over(contracts, [t, direct, free]);
    expect(raised(o, 'price_near_estimate')).toEqual([]);
    expect(gapsOf(o, 'price_near_estimate')).toEqual({ 'tender.price': 1, 'contract.price': 1, 'contract.tender_id': 1, 'tender (not cached)': 1 });
  });
});

describe('single-supplier share far above the peers', () => {
  // Ten peers P0..P9 with 10 known tenders each, k of them single-supplier: shares 0, 0.1, …, 0.9.
  const peers: PlacementCount[] = Array.from({ length: 10 }, (_, k) => ({ customer_inn: `P${k}`, known: 10, single: k }));
  const X: PartyRef = { inn: 'X', name: 'Заказчик X' };

  it('flags a share of at least 10 % above the peers’ 90th percentile', () => {
    // X: 19 of 20 = 95 %. Its peers P0..P9 sorted: 90th percentile at h = 9 × 0.9 = 8.1 → 0.8 + 0.1 × 0.1 = 0.81.
    const counts = [...peers, { customer_inn: 'X', known: 20, single: 19 }];
    const flags = raised({ customers: [X, { inn: 'P0', name: null }], placementCounts: counts }, 'single_supplier_share');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.object).toEqual({ kind: 'customer', id: 'X', name: 'Заказчик X' });
    expect(flags[0]!.evidence).toEqual({
      customer_inn: 'X',
      known: 20,
      single: 19,
      share_pct: 95,
      peers: 10,
      peer_percentile: 90,
      peer_threshold_pct: 81,
      floor_pct: 10,
    });
  });

  it('leaves the customer out of its own peers: P9 (90 %) is above P0..P8 and X (95 %)', () => {
    // P9's peers: 0, 0.1, …, 0.8, 0.95 → h = 8.1 → 0.8 + 0.1 × (0.95 − 0.8) = 0.815 < 0.9 → flagged.
    const counts = [...peers, { customer_inn: 'X', known: 20, single: 19 }];
    const flags = raised({ customers: [{ inn: 'P9', name: null }], placementCounts: counts }, 'single_supplier_share');
    expect(flags.map((f) => f.evidence.peer_threshold_pct)).toEqual([81.5]);
  });

  it('not at the percentile itself, not below the 10 % floor', () => {
    // Ten peers at 50 %: the percentile is 0.5; Y at exactly 50 % is not above it.
    const flat = Array.from({ length: 10 }, (_, k) => ({ customer_inn: `F${k}`, known: 10, single: 5 }));
    expect(raised({ customers: [{ inn: 'Y', name: null }], placementCounts: [...flat, { customer_inn: 'Y', known: 10, single: 5 }] }, 'single_supplier_share')).toEqual([]);
    // Ten peers at 0 %: Z at 1 of 12 = 8.3 % is above them but below the floor.
    const none = Array.from({ length: 10 }, (_, k) => ({ customer_inn: `N${k}`, known: 10, single: 0 }));
    expect(raised({ customers: [{ inn: 'Z', name: null }], placementCounts: [...none, { customer_inn: 'Z', known: 12, single: 1 }] }, 'single_supplier_share')).toEqual([]);
  });

  it('the peers\' percentile equals d3\'s over the array without the customer', () => {
    let x = 7;
    const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const sorted = Array.from({ length: 2 + Math.floor(next() * 40) }, next).sort((a, b) => a - b);
      const skip = Math.floor(next() * sorted.length);
      const without = sorted.filter((_, k) => k !== skip);
      for (const p of [0, 0.5, 0.9, 1]) expect(quantileWithout(sorted, skip, p)).toBeCloseTo(quantileSorted(without, p)!, 12);
    }
  });

  it('too few known tenders or too few peers are gaps', () => {
    const counts = [...peers.slice(0, 9), { customer_inn: 'X', known: 20, single: 19 }, { customer_inn: 'W', known: 9, single: 9 }];
    const over = { customers: [X, { inn: 'W', name: null }, { inn: 'V', name: null }], placementCounts: counts };
    // X has only nine peers (P0..P8); W has 9 known; V is not in the table at all.
    expect(raised(over, 'single_supplier_share')).toEqual([]);
    expect(gapsOf(over, 'single_supplier_share')).toEqual({ peers: 1, 'tender.placement_type': 2 });
  });
});

describe('supplier concentration (HHI > 2 500 per customer and OKPD2 class)', () => {
  const C = '7707083893';
  const sup = (inn: string) => ({ inn, name: `Поставщик ${inn}` });
  const T = tender(1, { okpd2: ['26.20.11.110', '43.21.10'] });
  const k = (id: number, price: number | null, ...suppliers: string[]) =>
    contract(id, { tender_id: 1, customer_inn: C, customer_name: 'Школа', price, suppliers: suppliers.map(sup) });
  const over = (contracts: ContractFact[]) => ({ contracts, tendersById: new Map([[1, T]]) });

  it('flags 40/20/20/20 (HHI 1600 + 3 × 400 = 2800) once per customer, each class in the evidence', () => {
    const contracts = [k(1, 100, 'S1'), k(2, 100, 'S1'), k(3, 100, 'S2'), k(4, 100, 'S3'), k(5, 100, 'S4')];
    const flags = raised(over(contracts), 'supplier_concentration');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.object).toEqual({ kind: 'customer', id: C, name: 'Школа' });
    const classOf = (cls: string) => ({
      okpd2_class: cls,
      hhi: 2800,
      contracts: 5,
      total_price: 500,
      suppliers: [
        { inn: 'S1', name: 'Поставщик S1', share_pct: 40 },
        { inn: 'S2', name: 'Поставщик S2', share_pct: 20 },
        { inn: 'S3', name: 'Поставщик S3', share_pct: 20 },
        { inn: 'S4', name: 'Поставщик S4', share_pct: 20 },
      ],
    });
    // The tender names classes 26 and 43: the contracts count in both.
    expect(flags[0]!.evidence).toEqual({ customer_inn: C, hhi_above: 2500, classes: [classOf('26'), classOf('43')] });
  });

  it('a joint contract is split equally: 300 over S1, S2, S3 and 4 × 25 to S4 is 4 × 25² = 2500, not above', () => {
    // Crediting each joint supplier the whole 300 would give 30/30/30/10 → 2800 and a flag.
    const contracts = [k(1, 300, 'S1', 'S2', 'S3'), k(2, 25, 'S4'), k(3, 25, 'S4'), k(4, 25, 'S4'), k(5, 25, 'S4')];
    expect(raised(over(contracts), 'supplier_concentration')).toEqual([]);
  });

  it('needs five priced contracts; no customer, price, tender or codes are gaps', () => {
    const four = [k(1, 100, 'S1'), k(2, 100, 'S1'), k(3, 100, 'S1'), k(4, 100, 'S1')];
    const lacking = [
      contract(6, { tender_id: 1, price: 100, suppliers: [sup('S1')] }),
      k(7, null, 'S1'),
      contract(8, { customer_inn: C, price: 100, suppliers: [sup('S1')] }),
      contract(9, { tender_id: 2, customer_inn: C, price: 100, suppliers: [sup('S1')] }),
      contract(10, { tender_id: 3, customer_inn: C, price: 100, suppliers: [sup('S1')] }),
    ];
    const o = { contracts: [...four, ...lacking], tendersById: new Map([[1, T], [3, tender(3)]]) };
    expect(raised(o, 'supplier_concentration')).toEqual([]);
    expect(gapsOf(o, 'supplier_concentration')).toEqual({
      'contract.customer.inn': 1,
      'contract.price': 1,
      'contract.tender_id': 1,
      'tender (not cached)': 1,
      'tender.okpd2': 1,
    });
  });
});

describe('contract value just below the 44-FZ art. 93 threshold', () => {
  const REESTR = '2770708389326000001';
  const direct = (id: number, price: number | null, over: Partial<ContractFact> = {}) => contract(id, { reestr_number: REESTR, law: '44-FZ', price, ...over });

  it('flags 570 000 to 600 000 inclusive for a 44-FZ contract without a tender', () => {
    const contracts = [direct(1, 590_000), direct(2, 600_000), direct(3, 600_000.01), direct(4, 570_000), direct(5, 569_999.99)];
    const flags = raised({ contracts }, 'below_threshold');
    expect(flags.map((f) => [f.object.id, f.evidence.below_by])).toEqual([
      ['1', 10_000],
      ['2', 0],
      ['4', 30_000],
    ]);
    expect(flags[0]!.evidence).toMatchObject({ threshold: 600_000, band_from: 570_000, price: 590_000, article: { ru: '44-ФЗ, ст. 93 ч. 1 п. 4 и 5' } });
    expect(flags[0]!.source).toBe('44-ФЗ ст. 93 ч. 1 п. 4 и 5');
  });

  it('only without competition: a single-supplier tender yes, an auction no; other laws no; gaps only where it applies', () => {
    const tenders = new Map([
      [1, tender(1, { ...single, etp_id: NOTICE_44 })],
      [2, tender(2, { ...auction, etp_id: NOTICE_44 })],
      [3, tender(3, { etp_id: NOTICE_44 })],
    ]);
    const contracts = [
      contract(11, { tender_id: 1, price: 590_000, law: '44-FZ' }),
      contract(12, { tender_id: 2, price: 590_000, law: '44-FZ' }),
      contract(13, { price: 590_000, law: '223-FZ' }),
      contract(14, { tender_id: 3, price: 590_000, law: '44-FZ' }),
      contract(15, { tender_id: 9, price: 590_000, law: '44-FZ' }),
      contract(16, { price: 590_000 }),
      contract(17, { price: null, law: '44-FZ' }),
      // Not applicable (an auction, another law), so their missing prices are no gaps.
      contract(18, { tender_id: 2, price: null, law: '44-FZ' }),
      contract(19, { price: null, law: '223-FZ' }),
    ];
    const o = { contracts, tendersById: tenders };
    expect(raised(o, 'below_threshold').map((f) => f.object.id)).toEqual(['11']);
    expect(gapsOf(o, 'below_threshold')).toEqual({ 'tender.placement_type': 1, 'tender (not cached)': 1, 'contract.law': 1, 'contract.price': 1 });
  });
});

describe('contract price rise across versions (44-FZ art. 95: +10 %)', () => {
  const steps = (id: number, ...prices: number[]): ContractPriceStep[] => prices.map((price, i) => ({ contract_id: id, version: i + 1, price }));

  it('exactly +10 % is allowed, above it is flagged; the highest later version is the evidence', () => {
    const contracts = [contract(1), contract(2), contract(3, { reestr_number: '2770708389326000003' })];
    // Versions given out of order: the engine sorts them.
    const priceSteps = [...steps(1, 1000, 1100), ...steps(2, 1000, 1100.01), ...steps(3, 1000, 1200, 1050).reverse()];
    const flags = raised({ contracts, priceSteps }, 'price_rise');
    expect(flags.map((f) => [f.object.id, f.evidence.rise_pct])).toEqual([
      ['2', 10],
      ['3', 20],
    ]);
    expect(flags[1]!.evidence).toEqual({
      contract_id: 3,
      reestr_number: '2770708389326000003',
      first_version: 1,
      first_price: 1000,
      top_version: 2,
      top_price: 1200,
      rise_pct: 20,
      limit_pct: 10,
      steps: [
        { version: 1, price: 1000 },
        { version: 2, price: 1200 },
        { version: 3, price: 1050 },
      ],
      customer_inn: null,
    });
  });

  it('a drop, one version only, and no price at all', () => {
    const o = { contracts: [contract(4), contract(5), contract(6)], priceSteps: [...steps(4, 1000, 800), ...steps(5, 1000)] };
    expect(raised(o, 'price_rise')).toEqual([]);
    expect(gapsOf(o, 'price_rise')).toEqual({ 'contract.price': 1 });
  });
});

describe('dismissals', () => {
  it('a dismissed flag is still listed, marked dismissed; others are not', () => {
    const contracts = [contract(1), contract(2)];
    const priceSteps: ContractPriceStep[] = [
      { contract_id: 1, version: 1, price: 100 },
      { contract_id: 1, version: 2, price: 200 },
      { contract_id: 2, version: 1, price: 100 },
      { contract_id: 2, version: 2, price: 200 },
    ];
    const { flags } = run({ contracts, priceSteps }, new Set([dismissalKey('price_rise', 'contract', '2')]));
    expect(flags.map((f) => [f.object.id, f.dismissed])).toEqual([
      ['1', false],
      ['2', true],
    ]);
  });
});
