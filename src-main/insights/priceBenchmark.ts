/**
 * The price benchmark for an initial price (NMCK) justification, from the positions of cached cards (pure):
 * which positions are comparable, the outlier rule, the statistics and the 33 % homogeneity verdict. The rules
 * are stated in domain/insights.ts ("Price benchmark") and in OUTLIER_RULE, which the answer carries.
 */
import { extent } from 'd3-array';
import type { CountBy, PositionFact, PriceBenchmark, PriceQuery, PriceRow, PriceSources, PriceWarning } from '../domain/insights';
import { coefficientOfVariation, isHomogeneous, mean, median, OUTLIER_RULE, tukeyFences } from './statistics';

/** Units compared as written, but without case, repeated spaces or a final dot: «Шт.» is «шт». */
export function unitKey(unit: string): string {
  return unit.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();
}

/**
 * The unit key of a position (`unknown` without a unit), each spelling worked out once: a benchmark sees a
 * few spellings over many positions.
 */
function unitKeyer(): (p: PositionFact) => string {
  const keys = new Map<string, string>();
  return (p) => {
    if (p.unit === null) return 'unknown';
    let key = keys.get(p.unit);
    if (key === undefined) {
      key = p.unit.trim() === '' ? 'unknown' : unitKey(p.unit);
      keys.set(p.unit, key);
    }
    return key;
  };
}

const hasPrice = (p: PositionFact): p is PositionFact & { unit_price: number } => p.unit_price !== null && p.unit_price > 0;

/** Units of the priced positions, most frequent first (then by key); the label is the first spelling seen. */
function unitsOf(positions: readonly PositionFact[], unitOf: (p: PositionFact) => string): CountBy[] {
  const byKey = new Map<string, CountBy>();
  for (const p of positions) {
    if (!hasPrice(p)) continue;
    const key = unitOf(p);
    let row = byKey.get(key);
    if (row === undefined) {
      row = { key, label: key === 'unknown' ? null : p.unit!.trim(), count: 0, value: 0 };
      byKey.set(key, row);
    }
    row.count += 1;
    row.value += (p.quantity ?? 0) * p.unit_price;
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A row: every field written out (a literal of one shape is several times cheaper than a spread, per row). */
function priceRow(p: PositionFact, outlier: boolean, excluded: PriceRow['excluded']): PriceRow {
  return {
    kind: p.kind,
    object_id: p.object_id,
    version: p.version,
    ordinal: p.ordinal,
    okpd2: p.okpd2,
    ktru: p.ktru,
    title: p.title,
    unit: p.unit,
    quantity: p.quantity,
    unit_price: p.unit_price,
    amount: p.amount,
    number: p.number,
    date_at: p.date_at,
    customer_inn: p.customer_inn,
    customer_name: p.customer_name,
    region: p.region,
    outlier,
    excluded,
  };
}

/**
 * The Ministry of Economic Development's method of comparable market prices (order No. 567 of 2 October 2013,
 * its recommendations on the NMCK) asks for price information from at least three sources: fewer distinct
 * objects behind the kept prices is a warning, not a refusal (the analyst decides).
 */
export const MIN_PRICE_SOURCES = 3;

/** The sources of the kept rows (comparable, not outliers) and the warnings they call for. */
function sourcesOf(kept: readonly PriceRow[]): { sources: PriceSources; warnings: PriceWarning[] } {
  const objects = new Set<string>();
  const customers = new Set<string>();
  const ktru = new Set<string>();
  let contracts = 0;
  for (const r of kept) {
    const key = `${r.kind}:${r.object_id}`;
    if (!objects.has(key)) {
      objects.add(key);
      if (r.kind === 'contract') contracts += 1;
    }
    if (r.customer_inn !== null) customers.add(r.customer_inn);
    if (r.ktru !== null && r.ktru !== '') ktru.add(r.ktru);
  }
  const sources = { objects: objects.size, contracts, notices: objects.size - contracts, customers: customers.size, ktru_codes: ktru.size };
  const warnings: PriceWarning[] = [];
  if (kept.length > 0) {
    if (sources.objects < MIN_PRICE_SOURCES) warnings.push('few_sources');
    if (sources.contracts === 0) warnings.push('notices_only');
    if (sources.ktru_codes > 1) warnings.push('ktru_pooled');
  }
  return { sources, warnings };
}

/** Cheapest first, no price last, then by object and ordinal, so the order is stable. */
function byPrice(a: PriceRow, b: PriceRow): number {
  const pa = a.unit_price ?? Infinity;
  const pb = b.unit_price ?? Infinity;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.object_id - b.object_id || a.ordinal - b.ordinal || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

/**
 * `found`: the positions of the query's code, region and period (the store applies those). The unit is applied
 * here, by `unitKey`, so «шт.» asked for finds «Шт» too: positions of another unit are then left out.
 */
export function computePriceBenchmark(query: PriceQuery, found: readonly PositionFact[]): PriceBenchmark {
  const unitOf = unitKeyer();
  const asked = query.unit !== undefined && query.unit.trim() !== '' ? unitKey(query.unit) : null;
  const positions = asked === null ? found : found.filter((p) => unitOf(p) === asked);
  const units = unitsOf(positions, unitOf);
  // Positions without a unit are compared among themselves (key `unknown`), never with a named unit.
  const unit = asked ?? units[0]?.key ?? null;
  const comparable: number[] = [];
  for (const p of positions) if (hasPrice(p) && unitOf(p) === unit) comparable.push(p.unit_price);
  const fences = tukeyFences(comparable);
  // The comparable rows (cheapest first), then those not comparable.
  const counted: PriceRow[] = [];
  const excluded: PriceRow[] = [];
  for (const p of positions) {
    const reason = !hasPrice(p) ? 'no_price' : unitOf(p) === unit ? null : 'other_unit';
    const outlier = reason === null && fences !== null && (p.unit_price! < fences.low || p.unit_price! > fences.high);
    (reason === null ? counted : excluded).push(priceRow(p, outlier, reason));
  }
  const rows = [...counted.sort(byPrice), ...excluded.sort(byPrice)];
  const keptRows = rows.filter((r) => r.excluded === null && !r.outlier);
  const kept = keptRows.map((r) => r.unit_price!);
  const cv = coefficientOfVariation(kept);
  const unitLabel = unit === null || unit === 'unknown' ? null : (units.find((u) => u.key === unit)?.label ?? query.unit!.trim());
  const [min, max] = extent(kept);
  return {
    query,
    n: kept.length,
    n_found: comparable.length,
    unit: unitLabel,
    min: min ?? null,
    median: median(kept),
    max: max ?? null,
    mean: mean(kept),
    cv,
    homogeneous: isHomogeneous(cv),
    outlier_rule: { ...OUTLIER_RULE },
    units: asked === null ? units : [],
    rows,
    ...sourcesOf(keptRows),
  };
}
