/**
 * Single-supplier purchases (the rule is domain/insights.ts's `isSingleSupplierPlacementName`: the placement
 * type's NAME decides, as placement ids are our own dictionary, D-Q-4): unknown when the name is not known.
 */
import { isSingleSupplierPlacementName } from '../domain/insights';

export function isSingleSupplierPlacement(placementName: string | null): boolean | null {
  return placementName === null ? null : isSingleSupplierPlacementName(placementName);
}

/** Share (0–1) of single-supplier tenders among those whose placement type is known; null when none is known. */
export function singleSupplierShare(placementNames: readonly (string | null)[]): { share: number | null; known: number } {
  let known = 0;
  let single = 0;
  for (const name of placementNames) {
    const verdict = isSingleSupplierPlacement(name);
    if (verdict === null) continue;
    known += 1;
    if (verdict) single += 1;
  }
  return { share: known === 0 ? null : single / known, known };
}
