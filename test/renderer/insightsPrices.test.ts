/** The price benchmark page's caveats (the analyst's trial): the core's warnings and one customer. */
import { describe, expect, it } from 'vitest';
import { priceCaveats } from '../../src-renderer/views/insights/priceCaveats';

const sources = (objects: number, customers: number) => ({ objects, contracts: objects, notices: 0, customers, ktru_codes: 0 });

describe('price caveats', () => {
  it('several objects of one customer warn and keep the verdict neutral', () => {
    expect(priceCaveats({ sources: sources(4, 1), warnings: [] })).toEqual({ fewSources: false, oneCustomer: true, noticesOnly: false, ktruPooled: false, weak: true });
  });

  it('one object of one customer: only the core\'s few-sources warning (one customer is implied)', () => {
    expect(priceCaveats({ sources: sources(1, 1), warnings: ['few_sources', 'notices_only'] })).toEqual({ fewSources: true, oneCustomer: false, noticesOnly: true, ktruPooled: false, weak: true });
  });

  it('three objects of two customers with pooled KTRU items: a note, not weak', () => {
    expect(priceCaveats({ sources: sources(3, 2), warnings: ['ktru_pooled'] })).toEqual({ fewSources: false, oneCustomer: false, noticesOnly: false, ktruPooled: true, weak: false });
  });

  it('an answer without sources warns of nothing', () => {
    expect(priceCaveats({})).toEqual({ fewSources: false, oneCustomer: false, noticesOnly: false, ktruPooled: false, weak: false });
  });
});
