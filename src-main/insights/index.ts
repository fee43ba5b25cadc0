/**
 * src-main/insights — intelligence from the cache: what the cache already holds, turned into
 * answers offline and at no cost. Each answer is a pure computation over facts (the definitions are in
 * domain/insights.ts) joined here with the cache's insight store (cache/insightStore.ts); the app, the CLI and
 * the tests call these readers.
 *
 * | Module | What it does |
 * |---|---|
 * | `customerDossier.ts`, `supplierDossier.ts`, `competitors.ts` | Dossiers of a customer or supplier INN, the suppliers that win a saved search's or list's tenders. |
 * | `priceBenchmark.ts` | Unit prices of an OKPD2/KTRU code: comparable unit, Tukey's outlier rule, statistics, the 33 % homogeneity verdict. |
 * | `scopes.ts` | The tenders and contracts of a saved search or list (named, `not_found` when unknown; a search's contracts include what its own contract feed delivered) and the cached tenders of contracts: shared with the flags. |
 * | `statistics.ts`, `months.ts`, `placement.ts`, `tallies.ts` | The shared rules: median, cv, HHI, reduction (d3-array for the arithmetic); Moscow months and timelines; single-supplier placements; counts, rankings and completeness. |
 * | `flags/` | Red flags (its own README/top comment). |
 *
 * The price table's CSV is export/priceBenchmarkCsv.ts (the export workbench).
 */
import type { CacheDb } from '../cache/database';
import type { Locale } from '../i18n/text';
import { contractFactsByCustomer, contractFactsBySupplier, partyName, positionFacts, tenderFactsByCustomer, tenderFactsByIds, untiedContractsNearCustomer } from '../cache/insightStore';
import type { CompetitorsAnswer, CustomerDossier, PriceBenchmark, PriceQuery, SupplierDossier } from '../domain/insights';
import { computeCompetitors } from './competitors';
import { computeCustomerDossier } from './customerDossier';
import { computePriceBenchmark } from './priceBenchmark';
import { contractsOfSet, tenderSetOf, tendersOfContracts, type TenderSetScope } from './scopes';
import { computeSupplierDossier } from './supplierDossier';

export { computeCompetitors } from './competitors';
export { computeCustomerDossier } from './customerDossier';
export { computePriceBenchmark } from './priceBenchmark';
export { computeSupplierDossier } from './supplierDossier';
export { FLAG_CATALOGUE, FLAG_CODES, computeFlags, dismissFlag, flagDefinition, flagsFor, restoreFlag, type FlagCode, type FlagFacts, type FlagScope, type FlagsResult } from './flags/index';

export type CompetitorsScope = TenderSetScope;

/** `now`: the clock its tenders' stages are read at (computeCustomerDossier). */
export function customerDossier(cache: CacheDb, inn: string, now: number = Date.now()): CustomerDossier {
  const tenders = tenderFactsByCustomer(cache, inn);
  const contracts = contractFactsByCustomer(cache, inn);
  const d = computeCustomerDossier(inn, tenders, contracts, tendersOfContracts(cache, contracts, tenders), now);
  const untied = untiedContractsNearCustomer(cache, inn);
  return {
    ...d,
    name: d.name ?? partyName(cache, inn),
    completeness: { ...d.completeness, contracts_without_customer: untied },
    cached: tenders.length + contracts.length + untied > 0,
  };
}

export function supplierDossier(cache: CacheDb, inn: string): SupplierDossier {
  const contracts = contractFactsBySupplier(cache, inn);
  const d = computeSupplierDossier(inn, contracts, tendersOfContracts(cache, contracts));
  return { ...d, name: d.name ?? partyName(cache, inn), cached: contracts.length > 0 };
}

/** The suppliers of a saved search's or list's cached tenders; a scope the cache does not know is `not_found`. */
/** `locale`: the language of an unnamed saved search's name. */
export function competitors(cache: CacheDb, scope: CompetitorsScope, locale: Locale = 'ru'): CompetitorsAnswer {
  const set = tenderSetOf(cache, scope, locale);
  const { linked, delivered } = contractsOfSet(cache, scope, set);
  return computeCompetitors(set.named, tenderFactsByIds(cache, set.ids), linked, delivered);
}

/** The store finds the code, region and period; the unit is matched by the benchmark's own rule (`unitKey`). */
export function priceBenchmark(cache: CacheDb, query: PriceQuery): PriceBenchmark {
  const { unit, ...found } = query;
  void unit;
  return computePriceBenchmark(query, positionFacts(cache, found));
}
