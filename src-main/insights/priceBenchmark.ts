/**
 * The price benchmark for an initial price (NMCK) justification, from the positions of cached cards (pure):
 * which positions are comparable, the outlier rule, the statistics and the 33 % homogeneity verdict. The rules
 * are stated in domain/insights.ts ("Price benchmark") and in OUTLIER_RULE, which the answer carries.
 */
import { extent } from 'd3-array';
import type { CountBy, PositionFact, PriceBenchmark, PriceQuery, PriceRow } from '../domain/insights';
import { coefficientOfVariation, isHomogeneous, mean, median, OUTLIER_RULE, tukeyFences } from './statistics';

/** Units compared as written, but without case, repeated spaces or a final dot: «Шт.» is «шт». */
export function unitKey(unit: string): string {
  return unit.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();
}

const positionUnit = (p: PositionFact): string => (p.unit === null || p.unit.trim() === '' ? 'unknown' : unitKey(p.unit));

const hasPrice = (p: PositionFact): p is PositionFact & { unit_price: number } => p.unit_price !== null && p.unit_price > 0;

/** Units of the priced positions, most frequent first (then by key); the label is the first spelling seen. */
function unitsOf(positions: readonly PositionFact[]): CountBy[] {
  const byKey = new Map<string, CountBy>();
  for (const p of positions) {
    if (!hasPrice(p)) continue;
    const key = positionUnit(p);
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

/** Rows: cheapest first, the not comparable last (then by object and ordinal, so the order is stable). */
function rowOrder(a: PriceRow, b: PriceRow): number {
  const ax = a.excluded ? 1 : 0;
  const bx = b.excluded ? 1 : 0;
  return ax - bx || (a.unit_price ?? Infinity) - (b.unit_price ?? Infinity) || a.object_id - b.object_id || a.ordinal - b.ordinal || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

/**
 * `found`: the positions of the query's code, region and period (the store applies those). The unit is applied
 * here, by `unitKey`, so «шт.» asked for finds «Шт» too: positions of another unit are then left out.
 */
export function computePriceBenchmark(query: PriceQuery, found: readonly PositionFact[]): PriceBenchmark {
  const asked = query.unit !== undefined && query.unit.trim() !== '' ? unitKey(query.unit) : null;
  const positions = asked === null ? found : found.filter((p) => positionUnit(p) === asked);
  const units = unitsOf(positions);
  // Positions without a unit are compared among themselves (key `unknown`), never with a named unit.
  const unit = asked ?? units[0]?.key ?? null;
  const sameUnit = (p: PositionFact): boolean => positionUnit(p) === unit;
  const comparable = positions.filter((p) => hasPrice(p) && sameUnit(p)).map((p) => p.unit_price!);
  const fences = tukeyFences(comparable);
  const rows: PriceRow[] = positions.map((p) => {
    const excluded = !hasPrice(p) ? 'no_price' : sameUnit(p) ? null : 'other_unit';
    const outlier = excluded === null && fences !== null && (p.unit_price! < fences.low || p.unit_price! > fences.high);
    return { ...p, outlier, excluded };
  });
  rows.sort(rowOrder);
  const kept = rows.filter((r) => r.excluded === null && !r.outlier).map((r) => r.unit_price!);
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
  };
}
