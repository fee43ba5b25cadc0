/**
 * The red-flag engine: every rule of the catalogue over the facts of a scope, with the analyst's dismissals
 * applied. Pure (facts in, flags and gaps out), so the reader, the bench and the tests share it. A rule that
 * needs a field an object lacks does not raise a flag for it; the object is counted in a gap instead.
 */
import type { ContractFact, ContractPriceStep, FlagGap, PartyRef, RaisedFlag, TenderFact } from '../../domain/insights';
import { belowThreshold, priceNearEstimate, priceRise } from './contractRules';
import type { PlacementCount } from './customerRules';
import { singleSupplierShare, supplierConcentration } from './customerRules';
import { FlagSink } from './sink';
import { shortSubmission } from './tenderRules';

export interface FlagFacts {
  /** The scope's tenders (latest versions). */
  tenders: readonly TenderFact[];
  /** The scope's contracts (latest versions). */
  contracts: readonly ContractFact[];
  /** Every cached tender the scope's contracts name, in the scope or not. */
  tendersById: ReadonlyMap<number, TenderFact>;
  /** Price history of the scope's contracts (any order). */
  priceSteps: readonly ContractPriceStep[];
  /** The scope's customers, judged on their single-supplier share. */
  customers: readonly PartyRef[];
  /** Every customer of the cache: the peers of that judgement. */
  placementCounts: readonly PlacementCount[];
}

export interface FlagsResult {
  flags: RaisedFlag[];
  gaps: FlagGap[];
  /** Per code of the catalogue: objects judged (see FlagsAnswer.checked). */
  checked: Record<string, number>;
}

export function computeFlags(facts: FlagFacts, dismissed: ReadonlySet<string>): FlagsResult {
  const sink = new FlagSink(dismissed);
  for (const t of facts.tenders) shortSubmission(t, sink);
  for (const c of facts.contracts) priceNearEstimate(c, facts.tendersById, sink);
  singleSupplierShare(facts.customers, facts.placementCounts, sink);
  supplierConcentration(facts.contracts, facts.tendersById, sink);
  for (const c of facts.contracts) belowThreshold(c, facts.tendersById, sink);
  const steps = stepsByContract(facts.priceSteps);
  for (const c of facts.contracts) priceRise(c, steps.get(c.id) ?? [], sink);
  return { flags: sink.flags, gaps: sink.gaps, checked: sink.checked };
}

function stepsByContract(steps: readonly ContractPriceStep[]): Map<number, ContractPriceStep[]> {
  const out = new Map<number, ContractPriceStep[]>();
  for (const step of steps) {
    const list = out.get(step.contract_id);
    if (list) list.push(step);
    else out.set(step.contract_id, [step]);
  }
  for (const list of out.values()) list.sort((a, b) => a.version - b.version);
  return out;
}
