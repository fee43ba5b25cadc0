/** The suppliers that win the tenders of a saved search or a list (pure): definitions in domain/insights.ts. */
import type { CompetitorsAnswer, ContractFact, TenderFact } from '../domain/insights';
import { completenessOf, distinctFacts, supplierTally, TOP_COMPETITORS } from './tallies';

/** `tenders`: the scope's cached tenders; `contracts`: the cached contracts of those tenders. */
export function computeCompetitors(
  scope: CompetitorsAnswer['scope'],
  tenderFacts: readonly TenderFact[],
  contractFacts: readonly ContractFact[],
): CompetitorsAnswer {
  const tenders = distinctFacts(tenderFacts);
  const tenderOf = new Map(tenders.map((t) => [t.id, t]));
  const contracts = distinctFacts(contractFacts).filter((c) => c.tender_id !== null && tenderOf.has(c.tender_id));
  const { tally, value } = supplierTally(contracts);
  return {
    scope,
    tenders: tenders.length,
    contracts: contracts.length,
    suppliers: tally.ranked(TOP_COMPETITORS, value, tenderOf),
    supplier_count: tally.size,
    completeness: completenessOf(tenders, contracts, tenderOf),
  };
}
