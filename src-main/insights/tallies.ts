/**
 * The building blocks the dossiers and the competitors share: distinct facts, counts by a key, contract
 * stages, parties ranked by value, and how complete an answer is. Definitions: domain/insights.ts.
 */
import type { Completeness, ContractFact, CountBy, PartyRef, RankedParty, StageCounts, TenderFact } from '../domain/insights';
import { median, reductionPct } from './statistics';

/** How many parties a dossier ranks (domain/insights.ts, "Top suppliers / customers"). */
export const TOP_PARTIES = 10;
/** How many suppliers the competitors of a search or list rank. */
export const TOP_COMPETITORS = 100;

/** One fact per id, the highest version (a store answers latest versions; this makes "distinct" hold anyway). */
export function distinctFacts<F extends { id: number; version: number }>(facts: readonly F[]): readonly F[] {
  // The store answers by id, ascending: then every id is already once, and nothing need be copied.
  let ascending = true;
  for (let i = 1; i < facts.length && ascending; i += 1) ascending = facts[i - 1]!.id < facts[i]!.id;
  if (ascending) return facts;
  const byId = new Map<number, F>();
  for (const f of facts) {
    const held = byId.get(f.id);
    if (held === undefined || f.version > held.version) byId.set(f.id, f);
  }
  return [...byId.values()];
}

/**
 * Counts by a key (`unknown` when null), with the sum of the values present and how many had one (`priced`),
 * so a sum of 0 over objects without a price reads as unknown; most counted first, then by key.
 */
export function countBy<T>(
  items: readonly T[],
  keyOf: (item: T) => string | readonly string[] | null,
  valueOf: (item: T) => number | null,
  labelOf: (item: T) => string | null = () => null,
): CountBy[] {
  const out = new Map<string, CountBy>();
  for (const item of items) {
    const raw = keyOf(item);
    const keys = raw === null ? ['unknown'] : typeof raw === 'string' ? [raw] : raw.length === 0 ? ['unknown'] : [...new Set(raw)];
    for (const key of keys) {
      let row = out.get(key);
      if (row === undefined) {
        row = { key, label: null, count: 0, value: 0, priced: 0 };
        out.set(key, row);
      }
      const value = valueOf(item);
      row.count += 1;
      row.value += value ?? 0;
      if (value !== null) row.priced! += 1;
      row.label ??= key === 'unknown' ? null : labelOf(item);
    }
  }
  return [...out.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function stageCounts(contracts: readonly ContractFact[]): StageCounts {
  const stages: StageCounts = { executing: 0, completed: 0, terminated: 0, unknown: 0 };
  for (const c of contracts) stages[c.stage ?? 'unknown'] += 1;
  return stages;
}

export const sumOf = (values: Iterable<number | null>): number => {
  let sum = 0;
  for (const v of values) sum += v ?? 0;
  return sum;
};

/** The reduction of a contract against its cached tender (null when the definition does not apply). */
export function contractReduction(contract: ContractFact, tenderOf: ReadonlyMap<number, TenderFact>): number | null {
  const tender = contract.tender_id === null ? undefined : tenderOf.get(contract.tender_id);
  return tender === undefined ? null : reductionPct(contract.price, tender.price);
}

/** The median reduction and how many contracts it is over. */
export function medianReduction(contracts: readonly ContractFact[], tenderOf: ReadonlyMap<number, TenderFact>): { pct: number | null; sample: number } {
  const values = contracts.map((c) => contractReduction(c, tenderOf)).filter((v): v is number => v !== null);
  return { pct: median(values), sample: values.length };
}

/** A party's contracts as a ranking counts them. */
export class PartyTally {
  private readonly parties = new Map<string, { name: string | null; contracts: ContractFact[]; total: number; credit: number }>();

  /** Credits `contract` to `party`; `share` is the part of its price the party's share counts (1 / suppliers). */
  add(party: PartyRef, contract: ContractFact, share: number): void {
    let entry = this.parties.get(party.inn);
    if (entry === undefined) {
      entry = { name: null, contracts: [], total: 0, credit: 0 };
      this.parties.set(party.inn, entry);
    }
    entry.name ??= party.name;
    entry.contracts.push(contract);
    entry.total += contract.price ?? 0;
    entry.credit += (contract.price ?? 0) * share;
  }

  get size(): number {
    return this.parties.size;
  }

  /** Each party's credited value (what the HHI is over). */
  credits(): number[] {
    return [...this.parties.values()].map((p) => p.credit);
  }

  /**
   * The parties ranked by value, then contracts, then INN; the first `limit`. `denominator` is the contract
   * value the shares are of (no share when it is 0: no contract has a price).
   */
  ranked(limit: number, denominator: number, tenderOf: ReadonlyMap<number, TenderFact>): RankedParty[] {
    const order = [...this.parties].sort(
      ([innA, a], [innB, b]) => b.total - a.total || b.contracts.length - a.contracts.length || (innA < innB ? -1 : innA > innB ? 1 : 0),
    );
    // The median reductions only of the parties shown (a search can have thousands of suppliers).
    return order.slice(0, limit).map(([inn, p]) => ({
      inn,
      name: p.name,
      contracts: p.contracts.length,
      total_price: p.total,
      share_pct: denominator > 0 ? (p.credit / denominator) * 100 : null,
      median_reduction_pct: medianReduction(p.contracts, tenderOf).pct,
    }));
  }
}

/** Suppliers of a contract, each INN once (a server could repeat an entry). */
export function distinctSuppliers(contract: ContractFact): PartyRef[] {
  const seen = new Map<string, PartyRef>();
  for (const s of contract.suppliers) if (s.inn !== '' && !seen.has(s.inn)) seen.set(s.inn, s);
  return [...seen.values()];
}

/**
 * Tallies the suppliers of the contracts: each gets each of its contracts whole in `contracts` and
 * `total_price`, and an equal split of the price for shares and the HHI (joint bids, domain/insights.ts).
 */
export function supplierTally(contracts: readonly ContractFact[]): { tally: PartyTally; value: number } {
  const tally = new PartyTally();
  let value = 0;
  for (const c of contracts) {
    const suppliers = distinctSuppliers(c);
    for (const s of suppliers) tally.add(s, c, 1 / suppliers.length);
    if (suppliers.length > 0) value += c.price ?? 0;
  }
  return { tally, value };
}

/** How complete an answer over these tenders and contracts is (domain/insights.ts, Completeness). */
export function completenessOf(
  tenders: readonly TenderFact[],
  contracts: readonly ContractFact[],
  tenderOf: ReadonlyMap<number, TenderFact>,
): Completeness {
  const contracted = new Set<number>();
  for (const c of contracts) if (c.tender_id !== null) contracted.add(c.tender_id);
  const completed = tenders.filter((t) => t.status === 'completed');
  return {
    completed_tenders: completed.length,
    completed_tenders_with_contract: completed.filter((t) => contracted.has(t.id)).length,
    contracts_without_price: contracts.filter((c) => c.price === null).length,
    contracts_without_tender: contracts.filter((c) => c.tender_id === null || !tenderOf.has(c.tender_id)).length,
    tenders_without_placement: tenders.filter((t) => t.placement_name === null).length,
    contracts_without_customer: contracts.filter((c) => c.customer_inn === null).length,
  };
}
