/** The suppliers that win the tenders of a saved search or a list (pure): definitions in domain/insights.ts. */
import type { CompetitorsAnswer, ContractFact, TenderFact } from '../domain/insights';
import { completenessOf, distinctFacts, supplierTally, TOP_COMPETITORS } from './tallies';

/**
 * `tenders`: the scope's cached tenders; `contractFacts`: cached contracts, of which those of the scope's tenders
 * count; `delivered`: contracts the scope's own contract feed delivered, counted whether or not they name a
 * tender (a strict server's contracts name none: scopes.ts).
 */
export function computeCompetitors(
  scope: CompetitorsAnswer['scope'],
  tenderFacts: readonly TenderFact[],
  contractFacts: readonly ContractFact[],
  delivered: readonly ContractFact[] = [],
): CompetitorsAnswer {
  const tenders = distinctFacts(tenderFacts);
  const tenderOf = new Map(tenders.map((t) => [t.id, t]));
  const linked = contractFacts.filter((c) => c.tender_id !== null && tenderOf.has(c.tender_id));
  const ids = new Set(linked.map((c) => c.id));
  const contracts = distinctFacts([...linked, ...delivered.filter((c) => !ids.has(c.id))].sort((a, b) => a.id - b.id));
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
