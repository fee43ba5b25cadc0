/**
 * Where a price benchmark's figures come from (issue 15, the analyst's trial): how many distinct notices and
 * contracts and how many customers the prices in the statistics were taken from, and the warnings an analyst
 * needs before quoting them (fewer than 3 sources or a single customer, all from notices, several KTRU items
 * pooled under one code). Counted over the rows the statistics use: comparable and not outliers. Pure.
 */
import type { PriceRow } from '../../../src-main/domain/insights';

/** Order No. 567 asks for at least three price sources: fewer is too weak to justify an initial price. */
export const MIN_SOURCES = 3;

export interface PriceSources {
  objects: number;
  contracts: number;
  tenders: number;
  customers: number;
  ktru: number;
  fewSources: boolean;
  oneCustomer: boolean;
  onlyNotices: boolean;
  pooledKtru: boolean;
}

export function priceSources(rows: readonly PriceRow[]): PriceSources {
  const used = rows.filter((r) => !r.outlier && (r.excluded ?? null) === null);
  const objects = new Set(used.map((r) => `${r.kind}:${r.object_id}`));
  const contracts = used.filter((r) => r.kind === 'contract');
  const customers = new Set(used.map((r) => r.customer_inn).filter((inn): inn is string => inn !== null));
  const ktru = new Set(used.map((r) => r.ktru).filter((k): k is string => k !== null && k !== ''));
  const n = objects.size;
  return {
    objects: n,
    contracts: new Set(contracts.map((r) => r.object_id)).size,
    tenders: new Set(used.filter((r) => r.kind === 'tender').map((r) => r.object_id)).size,
    customers: customers.size,
    ktru: ktru.size,
    fewSources: n > 0 && n < MIN_SOURCES,
    oneCustomer: n > 1 && customers.size === 1,
    onlyNotices: n > 0 && contracts.length === 0,
    pooledKtru: ktru.size > 1,
  };
}
