/**
 * The flags judged on a customer: its single-supplier share against its peers', and its suppliers'
 * concentration per OKPD2 class (HHI). Pure.
 */
import { bisectLeft } from 'd3-array';
import type { ContractFact, PartyRef, TenderFact } from '../../domain/insights';
import { hhi } from '../statistics';
import { okpd2Classes } from '../supplierDossier';
import { CONCENTRATION, SINGLE_SHARE } from './catalogue';
import type { FlagSink } from './sink';
import { pct } from './sink';

/** Per customer of the cache: tenders with a known placement type, and of those single-supplier ones. */
export interface PlacementCount {
  customer_inn: string;
  known: number;
  single: number;
}

/**
 * `customers` are the scope's; `counts` are every customer's in the cache (the peers). The customer's own
 * row is left out of its peers.
 */
export function singleSupplierShare(customers: readonly PartyRef[], counts: readonly PlacementCount[], sink: FlagSink): void {
  const byInn = new Map(counts.map((row) => [row.customer_inn, row]));
  const eligible = counts.filter((row) => row.known >= SINGLE_SHARE.minKnown);
  const shares = eligible.map((row) => row.single / row.known).sort((a, b) => a - b);
  const peerCount = shares.length - 1;
  for (const customer of customers) {
    const own = byInn.get(customer.inn);
    if (sink.lacks('single_supplier_share', [!(own && own.known >= SINGLE_SHARE.minKnown) && 'tender.placement_type'])) continue;
    if (sink.lacks('single_supplier_share', [peerCount < SINGLE_SHARE.minPeers && 'peers'])) continue;
    sink.check('single_supplier_share');
    const share = own!.single / own!.known;
    if (share * 100 < SINGLE_SHARE.floorPct) continue;
    const threshold = quantileWithout(shares, bisectLeft(shares, share), SINGLE_SHARE.percentile);
    if (share <= threshold) continue;
    sink.raise(
      'single_supplier_share',
      { kind: 'customer', id: customer.inn, name: customer.name },
      'EU Single Market Scoreboard',
      {
        customer_inn: customer.inn,
        known: own!.known,
        single: own!.single,
        share_pct: pct(share * 100),
        peers: peerCount,
        peer_percentile: SINGLE_SHARE.percentile * 100,
        peer_threshold_pct: pct(threshold * 100),
        floor_pct: SINGLE_SHARE.floorPct,
      },
    );
  }
}

/**
 * The p-quantile of `sorted` without its element at `skip` (the customer itself), interpolated linearly as
 * d3's quantileSorted and Excel's PERCENTILE.INC do, without copying the array for every customer (a scope can
 * have thousands of customers and the cache tens of thousands of peers). A test checks it against d3.
 */
export function quantileWithout(sorted: readonly number[], skip: number, p: number): number {
  const at = (k: number): number => sorted[k < skip ? k : k + 1]!;
  const h = (sorted.length - 2) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 2);
  return at(lo) + (at(hi) - at(lo)) * (h - lo);
}

interface ClassGroup {
  customer: PartyRef;
  okpd2_class: string;
  contracts: number;
  total_price: number;
  /** Supplier INN → its split value (a joint contract's price divided equally, domain/insights.ts). */
  value: Map<string, { name: string | null; value: number }>;
}

export function supplierConcentration(
  contracts: readonly ContractFact[],
  tendersById: ReadonlyMap<number, TenderFact>,
  sink: FlagSink,
): void {
  const groups = new Map<string, ClassGroup>();
  for (const c of contracts) {
    const tender = c.tender_id === null ? undefined : tendersById.get(c.tender_id);
    const classes = tender ? okpd2Classes(tender.okpd2) : [];
    if (
      sink.lacks('supplier_concentration', [
        c.customer_inn === null && 'contract.customer.inn',
        c.price === null && 'contract.price',
        c.suppliers.length === 0 && 'contract.suppliers',
        c.tender_id === null && 'contract.tender_id',
        c.tender_id !== null && !tender && 'tender (not cached)',
        tender !== undefined && classes.length === 0 && 'tender.okpd2',
      ])
    )
      continue;
    sink.check('supplier_concentration');
    const split = c.price! / c.suppliers.length;
    for (const okpd2Class of classes) {
      const key = `${c.customer_inn}|${okpd2Class}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          customer: { inn: c.customer_inn!, name: c.customer_name },
          okpd2_class: okpd2Class,
          contracts: 0,
          total_price: 0,
          value: new Map(),
        };
        groups.set(key, group);
      }
      group.contracts++;
      group.total_price += c.price!;
      group.customer.name ??= c.customer_name;
      for (const s of c.suppliers) {
        const entry = group.value.get(s.inn) ?? { name: s.name, value: 0 };
        entry.value += split;
        group.value.set(s.inn, entry);
      }
    }
  }
  const byCustomer = new Map<string, { customer: PartyRef; classes: Record<string, unknown>[] }>();
  for (const group of groups.values()) {
    if (group.contracts < CONCENTRATION.minContracts) continue;
    const index = hhi([...group.value.values()].map((e) => e.value));
    if (index === null || index <= CONCENTRATION.hhiAbove) continue;
    const total = [...group.value.values()].reduce((sum, e) => sum + e.value, 0);
    const suppliers = [...group.value.entries()]
      .map(([inn, e]) => ({ inn, name: e.name, share_pct: pct((e.value / total) * 100) }))
      .sort((a, b) => b.share_pct - a.share_pct || a.inn.localeCompare(b.inn))
      .slice(0, 5);
    const entry = byCustomer.get(group.customer.inn) ?? { customer: group.customer, classes: [] };
    entry.classes.push({
      okpd2_class: group.okpd2_class,
      hhi: pct(index),
      contracts: group.contracts,
      total_price: group.total_price,
      suppliers,
    });
    byCustomer.set(group.customer.inn, entry);
  }
  // One flag per customer (what the analyst dismisses), its classes in the evidence, most concentrated first.
  for (const { customer, classes } of byCustomer.values()) {
    classes.sort((a, b) => (b.hhi as number) - (a.hhi as number) || String(a.okpd2_class).localeCompare(String(b.okpd2_class)));
    sink.raise('supplier_concentration', { kind: 'customer', id: customer.inn, name: customer.name }, `HHI > ${CONCENTRATION.hhiAbove}`, {
      customer_inn: customer.inn,
      hhi_above: CONCENTRATION.hhiAbove,
      classes,
    });
  }
}
