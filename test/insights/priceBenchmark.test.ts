/** The price benchmark over fixture positions; every figure computed by hand in the comments. */
import { describe, expect, it } from 'vitest';
import { computePriceBenchmark, unitKey } from '../../src-main/insights/priceBenchmark';
import { OUTLIER_RULE } from '../../src-main/insights/statistics';
import { position } from './facts';

const q = { code: '26.20' };
const priced = (id: number, price: number | null, unit: string | null = 'шт') => position(id, 1, { unit_price: price, unit });

describe('price benchmark (hand-computed)', () => {
  it('drops the outlier by Tukey fences before the cv, keeps other units and unpriced rows out of the figures', () => {
    const b = computePriceBenchmark(q, [
      priced(1, 100),
      priced(2, 110),
      priced(3, 90),
      priced(4, 105),
      priced(5, 95),
      priced(6, 1000, 'Шт.'), // the same unit spelled otherwise
      priced(7, 50, 'кг'),
      priced(8, null),
      priced(9, 0),
    ]);
    expect(b.unit).toBe('шт');
    expect(b.units).toEqual([
      { key: 'шт', label: 'шт', count: 6, value: 1500 },
      { key: 'кг', label: 'кг', count: 1, value: 50 },
    ]);
    // comparable [90, 95, 100, 105, 110, 1000]: Q1 96.25, Q3 108.75, fences 77.5 and 127.5: 1000 is out
    expect(b.n_found).toBe(6);
    expect(b.n).toBe(5);
    expect([b.min, b.median, b.max, b.mean]).toEqual([90, 100, 110, 100]);
    // sd = √((100 + 25 + 0 + 25 + 100) / 4) = √62.5 = 7.9057; cv 7.9057 %
    expect(b.cv).toBeCloseTo(Math.sqrt(62.5), 10);
    expect(b.homogeneous).toBe(true);
    expect(b.outlier_rule).toEqual(OUTLIER_RULE);
    expect(b.rows.map((r) => [r.object_id, r.unit_price, r.outlier, r.excluded])).toEqual([
      [3, 90, false, null],
      [5, 95, false, null],
      [1, 100, false, null],
      [4, 105, false, null],
      [2, 110, false, null],
      [6, 1000, true, null],
      [9, 0, false, 'no_price'],
      [7, 50, false, 'other_unit'],
      [8, null, false, 'no_price'],
    ]);
  });

  it('a unit asked for: only that unit, no unit list; one position has no cv and no verdict', () => {
    const b = computePriceBenchmark({ ...q, unit: 'КГ' }, [priced(1, 100), priced(7, 50, 'кг')]);
    expect(b).toMatchObject({ unit: 'кг', units: [], n: 1, n_found: 1, min: 50, median: 50, max: 50, mean: 50, cv: null, homogeneous: null });
    expect(b.rows.map((r) => r.object_id)).toEqual([7]);
  });

  it('all prices equal: cv 0, homogeneous, nothing dropped', () => {
    const b = computePriceBenchmark(q, [priced(1, 200), priced(2, 200), priced(3, 200)]);
    expect(b).toMatchObject({ n: 3, n_found: 3, cv: 0, homogeneous: true });
    expect(b.rows.every((r) => !r.outlier)).toBe(true);
  });

  it('cv above 33 % is not homogeneous', () => {
    // mean 150, sd √((2500 + 0 + 2500) / 2) = 50, cv 33.33 %; fences 50 and 250 drop nothing
    const b = computePriceBenchmark(q, [priced(1, 100), priced(2, 150), priced(3, 200)]);
    expect(b.n).toBe(3);
    expect(b.cv).toBeCloseTo(100 / 3, 10);
    expect(b.homogeneous).toBe(false);
  });

  it('two units as frequent: the statistics take the first alphabetically and say so', () => {
    const b = computePriceBenchmark(q, [priced(1, 10, 'шт'), priced(2, 12, 'шт'), priced(3, 500, 'кг'), priced(4, 520, 'кг')]);
    expect(b.unit).toBe('кг');
    expect([b.n, b.min, b.max]).toEqual([2, 500, 520]);
  });

  it('positions without a unit are compared only among themselves', () => {
    const b = computePriceBenchmark(q, [priced(1, 10, null), priced(2, 30, ' '), priced(3, 500, 'кг')]);
    expect(b.unit).toBeNull();
    expect(b.units.map((u) => [u.key, u.count])).toEqual([
      ['unknown', 2],
      ['кг', 1],
    ]);
    expect([b.n, b.median]).toEqual([2, 20]);
  });

  it('nothing found: no figures', () => {
    expect(computePriceBenchmark(q, [])).toMatchObject({ n: 0, n_found: 0, unit: null, min: null, median: null, max: null, mean: null, cv: null, homogeneous: null, units: [], rows: [] });
  });

  it('units compare without case, spaces or a final dot', () => {
    expect(unitKey(' Усл.  ед. ')).toBe('усл. ед');
  });
});

describe('price benchmark: where the prices come from, and warnings on weak data', () => {
  const notice = (id: number, ordinal: number, price: number, over: Partial<Parameters<typeof position>[2]> = {}) =>
    position(id, ordinal, { kind: 'tender', unit_price: price, customer_inn: '7707083893', ...over });

  it('three prices from one notice of one customer: one source, notices only (the trial\'s mouse)', () => {
    const b = computePriceBenchmark(q, [notice(1, 1, 500), notice(1, 2, 520), notice(1, 3, 510)]);
    expect(b.n).toBe(3);
    expect(b.sources).toEqual({ objects: 1, contracts: 0, notices: 1, customers: 1, ktru_codes: 0 });
    expect(b.warnings).toEqual(['few_sources', 'notices_only']);
  });

  it('three objects of two kinds, two KTRU items pooled; an outlier and another unit are not sources', () => {
    const b = computePriceBenchmark(q, [
      notice(1, 1, 100, { ktru: '26.20.11.110-00000001' }),
      position(2, 1, { unit_price: 102, customer_inn: '7701111111', ktru: '26.20.11.110-00000002' }),
      position(3, 1, { unit_price: 98, customer_inn: null, ktru: '26.20.11.110-00000001' }),
      position(3, 2, { unit_price: 101 }),
      // In «шт»: 98, 99, 100, 101, 102, 10 000: Q1 99.25, Q3 101.75, IQR 2.5, fences 95.5 and 105.5: 10 000 is out.
      position(4, 1, { unit_price: 10_000, customer_inn: '7702222222', ktru: '26.20.11.110-00000003' }),
      position(5, 1, { unit_price: 99 }),
      position(6, 1, { unit_price: 100, unit: 'кг', customer_inn: '7703333333' }),
    ]);
    expect(b.n).toBe(5);
    // Kept: notice 1, contracts 2, 3 (twice), 5 → 4 objects (1 notice, 3 contracts); customers 7707083893 and
    // 7701111111 (3 and 5 name none); KTRU …01 and …02 (the outlier's …03 is not kept).
    expect(b.sources).toEqual({ objects: 4, contracts: 3, notices: 1, customers: 2, ktru_codes: 2 });
    expect(b.warnings).toEqual(['ktru_pooled']);
  });

  it('nothing found: no warning, sources all 0', () => {
    const b = computePriceBenchmark(q, []);
    expect(b.sources).toEqual({ objects: 0, contracts: 0, notices: 0, customers: 0, ktru_codes: 0 });
    expect(b.warnings).toEqual([]);
  });
});

