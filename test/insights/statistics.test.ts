import { describe, expect, it } from 'vitest';
import { moscowMonth, monthlyTimeline } from '../../src-main/insights/months';
import { isSingleSupplierPlacement, singleSupplierShare } from '../../src-main/insights/placement';
import { coefficientOfVariation, hhi, isHomogeneous, median, mean, reductionPct, tukeyFences } from '../../src-main/insights/statistics';
import { at, contract, tender } from './facts';

describe('statistics (hand-computed)', () => {
  it('median of an odd and an even count, none for an empty set', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(mean([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
  });

  it('coefficient of variation uses the sample standard deviation (n − 1)', () => {
    // mean 100, squared deviations 100 + 0 + 100, / (3 − 1) = 100, sd 10, cv 10 %
    expect(coefficientOfVariation([90, 100, 110])).toBeCloseTo(10, 10);
    expect(coefficientOfVariation([100, 100, 100])).toBe(0);
    expect(coefficientOfVariation([100])).toBeNull();
  });

  it('homogeneous at exactly 33 %, not above', () => {
    expect(isHomogeneous(33)).toBe(true);
    expect(isHomogeneous(33.0001)).toBe(false);
    expect(isHomogeneous(null)).toBeNull();
  });

  it("Tukey's fences with quartiles interpolated as QUARTILE.INC", () => {
    // [1,2,3,4,100]: Q1 at position 1 = 2, Q3 at position 3 = 4, IQR 2 → fences −1 and 7
    expect(tukeyFences([100, 1, 2, 3, 4])).toEqual({ low: -1, high: 7 });
    // [90,95,100,105,110,1000]: Q1 = 95 + 0.25 × 5 = 96.25, Q3 = 105 + 0.75 × 5 = 108.75, IQR 12.5
    expect(tukeyFences([1000, 90, 95, 100, 105, 110])).toEqual({ low: 77.5, high: 127.5 });
    expect(tukeyFences([])).toBeNull();
  });

  it('HHI in percent points; none without value', () => {
    expect(hhi([50, 50])).toBe(5000);
    expect(hhi([1, 1, 1, 1])).toBe(2500); // four equal suppliers: exactly the "highly concentrated" line
    expect(hhi([7])).toBe(10000);
    expect(hhi([3, 1])).toBe(6250); // 75² + 25²
    expect(hhi([0, 0])).toBeNull();
    expect(hhi([])).toBeNull();
  });

  it('price reduction only against an initial price above 0', () => {
    expect(reductionPct(90, 100)).toBeCloseTo(10, 10);
    expect(reductionPct(110, 100)).toBeCloseTo(-10, 10);
    expect(reductionPct(90, 0)).toBeNull();
    expect(reductionPct(null, 100)).toBeNull();
    expect(reductionPct(90, null)).toBeNull();
  });

  it('single-supplier purchases by the placement name', () => {
    expect(isSingleSupplierPlacement('Закупка у единственного поставщика (подрядчика, исполнителя)')).toBe(true);
    expect(isSingleSupplierPlacement('Электронный аукцион')).toBe(false);
    expect(isSingleSupplierPlacement(null)).toBeNull();
    expect(singleSupplierShare(['Единственный поставщик', 'Аукцион', null, 'Конкурс'])).toEqual({ share: 1 / 3, known: 3 });
    expect(singleSupplierShare([null])).toEqual({ share: null, known: 0 });
  });
});

describe('Moscow months', () => {
  it('a moment after Moscow midnight on the 1st is the new month, one second before is the old', () => {
    expect(moscowMonth(at('2024-01-31T21:00:00Z'))).toBe('2024-02');
    expect(moscowMonth(at('2024-01-31T20:59:59Z'))).toBe('2024-01');
    expect(moscowMonth(at('2023-12-31T21:00:00Z'))).toBe('2024-01');
  });

  it('the timeline runs without gaps and leaves undated objects off', () => {
    const timeline = monthlyTimeline(
      [tender(1, { publish_at: at('2023-11-05T12:00:00+03:00'), price: 100 }), tender(2, { price: 5 })],
      [contract(1, { sign_at: at('2024-01-01T00:30:00+03:00'), price: null }), contract(2, { sign_at: at('2023-11-30T23:59:00+03:00'), price: 40 })],
    );
    expect(timeline).toEqual([
      { month: '2023-11', tenders: 1, tender_price: 100, contracts: 1, contract_price: 40 },
      { month: '2023-12', tenders: 0, tender_price: 0, contracts: 0, contract_price: 0 },
      { month: '2024-01', tenders: 0, tender_price: 0, contracts: 1, contract_price: 0 },
    ]);
    expect(monthlyTimeline([], [])).toEqual([]);
  });
});
