/**
 * What the price benchmark page warns of (the analyst's trial): the core's warnings
 * (insights/priceBenchmark: few sources, notices only, KTRU items pooled), plus one the page reads off the
 * core's source counts: several objects but one customer (one buyer's price, not the market's). A homogeneous
 * verdict under either of the first two is not shown as a green light. Pure.
 */
import type { PriceBenchmark } from '../../../src-main/domain/insights';

export interface PriceCaveats {
  fewSources: boolean;
  oneCustomer: boolean;
  noticesOnly: boolean;
  ktruPooled: boolean;
  /** The figures are too weak to call the prices a market: the verdict stays neutral. */
  weak: boolean;
}

export function priceCaveats(b: Pick<PriceBenchmark, 'sources' | 'warnings'>): PriceCaveats {
  const warnings = b.warnings ?? [];
  const fewSources = warnings.includes('few_sources');
  const oneCustomer = b.sources !== undefined && b.sources.objects > 1 && b.sources.customers === 1;
  return { fewSources, oneCustomer, noticesOnly: warnings.includes('notices_only'), ktruPooled: warnings.includes('ktru_pooled'), weak: fewSources || oneCustomer };
}
