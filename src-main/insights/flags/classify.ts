/**
 * The kind of procedure of a tender, which the legal minimum periods are written for, from its placement
 * type's name: our placement ids are our own dictionary's (D-Q-4), so only the name is comparable across
 * servers. (The law needs no such step: the insight store already reads it from the notice or registry
 * number when the object does not say.) Pure.
 */
import { isSingleSupplierPlacement } from '../placement';

/** The procedure families the legal minimum periods are written for; `other` has no minimum we know of. */
export type Procedure = 'auction' | 'competition' | 'quotation' | 'proposals' | 'single_supplier' | 'other';

/**
 * The family of a placement type by its name. The single-supplier rule (insights/placement.ts, shared with
 * the dossiers) is tested first, since such names can mention other words.
 */
export function procedureOf(placementName: string | null): Procedure | null {
  if (placementName === null || placementName.trim() === '') return null;
  if (isSingleSupplierPlacement(placementName)) return 'single_supplier';
  const name = placementName.toLowerCase();
  if (name.includes('котировок')) return 'quotation';
  if (name.includes('предложени')) return 'proposals';
  if (name.includes('аукцион')) return 'auction';
  if (name.includes('конкурс')) return 'competition';
  return 'other';
}
