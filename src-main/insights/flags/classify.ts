/**
 * What a flag needs to know about a fact that the fact may not state outright: the law (from the notice or
 * registry number when the object does not say, DOMAIN.md) and the kind of procedure (from the placement
 * type's name: our placement ids are our own dictionary's, D-Q-4, so only the name is comparable across
 * servers). Pure.
 */
import type { ContractFact, Law, TenderFact } from '../../domain/insights';
import { isSingleSupplierPlacement } from '../placement';

/** Notice numbers: 19 digits under 44-FZ, 11 under 223-FZ (DOMAIN.md "Identifiers"). */
export function lawOfTender(t: Pick<TenderFact, 'law' | 'etp_id'>): Law | null {
  if (t.law !== null) return t.law;
  const digits = t.etp_id?.trim() ?? '';
  if (/^\d{19}$/.test(digits)) return '44-FZ';
  if (/^\d{11}$/.test(digits)) return '223-FZ';
  return null;
}

/** Registry numbers of contracts under 44-FZ have 19 digits; other lengths say nothing certain. */
export function lawOfContract(c: Pick<ContractFact, 'law' | 'reestr_number'>): Law | null {
  if (c.law !== null) return c.law;
  return /^\d{19}$/.test(c.reestr_number?.trim() ?? '') ? '44-FZ' : null;
}

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
