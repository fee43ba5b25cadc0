/** A supplier's dossier from the contracts it is party to (pure): definitions in domain/insights.ts. */
import type { ContractFact, SupplierDossier, TenderFact } from '../domain/insights';
import { monthlyTimeline } from './months';
import { completenessOf, countBy, distinctFacts, medianReduction, PartyTally, stageCounts, sumOf, TOP_PARTIES } from './tallies';

/** The OKPD2 class (the first two digits, "класс") of each code, each once; null for a code without them. */
export function okpd2Classes(codes: readonly string[]): string[] {
  const classes = new Set<string>();
  for (const code of codes) {
    const m = /^\s*(\d{2})/.exec(code);
    if (m) classes.add(m[1]!);
  }
  return [...classes];
}

/** The tenders of these contracts that the cache holds, each once. */
export function tendersOf(contracts: readonly ContractFact[], tenderOf: ReadonlyMap<number, TenderFact>): TenderFact[] {
  const out = new Map<number, TenderFact>();
  for (const c of contracts) {
    const t = c.tender_id === null ? undefined : tenderOf.get(c.tender_id);
    if (t !== undefined) out.set(t.id, t);
  }
  return [...out.values()];
}

/**
 * `contracts`: those naming the supplier in `suppliers[]`; `tenderOfContract`: their cached tenders by id.
 * A contract's region is its own, else its tender's.
 */
export function computeSupplierDossier(
  inn: string,
  contractFacts: readonly ContractFact[],
  tenderOfContract: ReadonlyMap<number, TenderFact>,
): SupplierDossier {
  const contracts = distinctFacts(contractFacts).filter((c) => c.suppliers.some((s) => s.inn === inn));
  const tenders = tendersOf(contracts, tenderOfContract);
  const tenderOf = (c: ContractFact): TenderFact | undefined => (c.tender_id === null ? undefined : tenderOfContract.get(c.tender_id));
  const customers = new PartyTally();
  for (const c of contracts) if (c.customer_inn !== null) customers.add({ inn: c.customer_inn, name: c.customer_name }, c, 1);
  const newestFirst = [...contracts].sort((a, b) => (b.sign_at ?? -Infinity) - (a.sign_at ?? -Infinity) || b.id - a.id);
  const name = newestFirst.flatMap((c) => c.suppliers).find((s) => s.inn === inn && s.name !== null)?.name ?? null;
  const reduction = medianReduction(contracts, tenderOfContract);
  const total = sumOf(contracts.map((c) => c.price));
  const stages = stageCounts(contracts);
  return {
    inn,
    name,
    contracts: contracts.length,
    total_price: total,
    customers: customers.size,
    top_customers: customers.ranked(TOP_PARTIES, total, tenderOfContract),
    regions: countBy(
      contracts,
      (c) => {
        const region = c.region ?? tenderOf(c)?.region ?? null;
        return region === null ? null : String(region);
      },
      (c) => c.price,
    ),
    okpd2_classes: countBy(contracts, (c) => okpd2Classes(tenderOf(c)?.okpd2 ?? []), (c) => c.price),
    median_reduction_pct: reduction.pct,
    reduction_sample: reduction.sample,
    stages,
    terminations: stages.terminated,
    timeline: monthlyTimeline(tenders, contracts),
    completeness: completenessOf(tenders, contracts, tenderOfContract),
  };
}
