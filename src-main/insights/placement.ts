/**
 * Single-supplier purchases (domain/insights.ts): the placement type's NAME decides, because placement ids are
 * our own dictionary (D-Q-4) and a server's ids need not match it. Flags (flags/) and dossiers share this.
 */
const SINGLE_SUPPLIER = /единственн/i;

export function isSingleSupplierPlacement(placementName: string | null): boolean | null {
  return placementName === null ? null : SINGLE_SUPPLIER.test(placementName);
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
