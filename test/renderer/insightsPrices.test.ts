/**
 * The price benchmark's sources (issue 15, the analyst's trial): three prices from one notice of one customer
 * warn, all-notices is said, pooled KTRU items are said, outliers and excluded rows do not count.
 */
import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../src-main/domain/insights';
import { priceSources } from '../../src-renderer/views/insights/priceSources';

const row = (kind: 'tender' | 'contract', id: number, customer: string | null, extra: Partial<PriceRow> = {}): PriceRow => ({
  kind, object_id: id, version: 1, ordinal: 1, okpd2: '26.20', ktru: null, title: null, unit: 'шт', quantity: 1, unit_price: 100, amount: 100,
  number: null, date_at: null, customer_inn: customer, customer_name: null, region: null, outlier: false, excluded: null, ...extra,
});

describe('price sources', () => {
  it('three positions of one notice of one customer: one source, few, one customer, only notices', () => {
    const s = priceSources([row('tender', 7, '7707083893'), row('tender', 7, '7707083893', { ordinal: 2 }), row('tender', 7, '7707083893', { ordinal: 3 })]);
    expect(s).toMatchObject({ objects: 1, tenders: 1, contracts: 0, customers: 1, fewSources: true, oneCustomer: false, onlyNotices: true });
  });

  it('three contracts of two customers are enough; an outlier and an excluded row do not count', () => {
    const s = priceSources([
      row('contract', 1, 'a'), row('contract', 2, 'b'), row('contract', 3, 'a'),
      row('tender', 9, 'c', { outlier: true }), row('tender', 10, 'd', { excluded: 'other_unit' }),
    ]);
    expect(s).toMatchObject({ objects: 3, contracts: 3, tenders: 0, customers: 2, fewSources: false, oneCustomer: false, onlyNotices: false });
  });

  it('two objects of one customer: few sources and one customer; several KTRU items are pooled', () => {
    const s = priceSources([row('contract', 1, 'a', { ktru: '26.20.11.110-00000138' }), row('tender', 2, 'a', { ktru: '26.20.11.110-00000139' })]);
    expect(s).toMatchObject({ objects: 2, customers: 1, fewSources: true, oneCustomer: true, onlyNotices: false, ktru: 2, pooledKtru: true });
  });

  it('nothing found warns of nothing', () => {
    expect(priceSources([])).toMatchObject({ objects: 0, fewSources: false, oneCustomer: false, onlyNotices: false, pooledKtru: false });
  });
});
