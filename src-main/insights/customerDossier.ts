/** A customer's dossier from its facts (pure): definitions in domain/insights.ts. */
import type { ContractFact, CustomerDossier, TenderFact } from '../domain/insights';
import { deadlineMs, tenderStageAt } from '../domain/tenderStage';
import { monthlyTimeline } from './months';
import { singleSupplierShare } from './placement';
import { hhi } from './statistics';
import { completenessOf, countBy, distinctFacts, medianReduction, stageCounts, sumOf, supplierTally, TOP_PARTIES } from './tallies';

/** The newest name a fact gives (tenders by publication, then contracts by signing). */
function customerName(inn: string, tenders: readonly TenderFact[], contracts: readonly ContractFact[]): string | null {
  const newestFirst = <F extends { id: number }>(facts: readonly F[], at: (f: F) => number | null): F[] =>
    [...facts].sort((a, b) => (at(b) ?? -Infinity) - (at(a) ?? -Infinity) || b.id - a.id);
  for (const t of newestFirst(tenders, (f) => f.publish_at)) if (t.customer_name !== null && t.customer_inn === inn) return t.customer_name;
  for (const c of newestFirst(contracts, (f) => f.sign_at)) if (c.customer_name !== null && c.customer_inn === inn) return c.customer_name;
  return null;
}

/** A tender's deadline (ms): as delivered when the fact has it (a bare date closes at its day's end), else `end_at`. */
const deadlineOf = (t: TenderFact): number | null => (typeof t.end_date === 'string' ? deadlineMs(t.end_date) : t.end_at === null ? null : t.end_at * 1000);

/**
 * `tenders`: the customer's tenders; `contracts`: its contracts (customer resolved by the store);
 * `tenderOfContract`: the cached tenders of those contracts by id (for the reduction and completeness);
 * `now`: the clock the tenders' stages are read at (domain/tenderStage.ts: an open tender past its deadline is
 * under the commission's review, whatever status its cached version states).
 */
export function computeCustomerDossier(
  inn: string,
  tenderFacts: readonly TenderFact[],
  contractFacts: readonly ContractFact[],
  tenderOfContract: ReadonlyMap<number, TenderFact>,
  now: number = Date.now(),
): CustomerDossier {
  const tenders = distinctFacts(tenderFacts);
  const contracts = distinctFacts(contractFacts);
  const { tally, value } = supplierTally(contracts);
  const reduction = medianReduction(contracts, tenderOfContract);
  const priced = contracts.filter((c) => c.price !== null && c.paid !== null);
  const pricedSum = sumOf(priced.map((c) => c.price));
  return {
    inn,
    name: customerName(inn, tenders, contracts),
    tenders: tenders.length,
    tenders_by_status: countBy(tenders, (t) => tenderStageAt(t.status, deadlineOf(t), now), (t) => t.price),
    tenders_by_law: countBy(tenders, (t) => t.law, (t) => t.price),
    tenders_by_placement: countBy(
      tenders,
      (t) => (t.placement_type !== null ? String(t.placement_type) : t.placement_name),
      (t) => t.price,
      (t) => t.placement_name,
    ),
    total_initial_price: sumOf(tenders.map((t) => t.price)),
    contracts: contracts.length,
    total_price: sumOf(contracts.map((c) => c.price)),
    suppliers: tally.size,
    median_reduction_pct: reduction.pct,
    reduction_sample: reduction.sample,
    single_supplier_share: singleSupplierShare(tenders.map((t) => t.placement_name)).share,
    hhi: hhi(tally.credits()),
    top_suppliers: tally.ranked(TOP_PARTIES, value, tenderOfContract),
    stages: stageCounts(contracts),
    paid_share: pricedSum > 0 ? sumOf(priced.map((c) => c.paid)) / pricedSum : null,
    timeline: monthlyTimeline(tenders, contracts),
    completeness: completenessOf(tenders, contracts, tenderOfContract),
  };
}
