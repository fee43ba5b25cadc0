/**
 * What the flags page says of each flag of the catalogue (issue 15, the analyst's trial): raised on some
 * objects, checked and found on none, or not checked (on some or all objects) because a field was missing, and
 * for each missing field what the analyst can do about it. "Checked, nothing found" must never read like
 * "not shown", and "not checked" never like "clean". Pure: the page and the vitest suite share it.
 */
import type { FlagGap, RaisedFlag } from '../../../src-main/domain/insights';

export type FlagState = 'raised' | 'clean' | 'unchecked';

/** What would fill a missing field: load the cards (enrichment), the contracts' tenders, more customers, or nothing we can fetch. */
export type GapRemedy = 'cards' | 'tenders' | 'peers' | 'none';

/**
 * A field that only a card carries (placement type; OKPD2 codes from the card's positions) is filled by the
 * enrichment job; a contract's tender by syncing a search that holds it; the peers by more customers in the
 * cache. What the server does not send at all (a strict contract's price, law, customer) cannot be fetched.
 */
export function gapRemedy(field: string): GapRemedy {
  if (field.startsWith('tender.placement_type') || field === 'tender.okpd2') return 'cards';
  if (field === 'tender (not cached)' || field === 'contract.tender_id') return 'tenders';
  if (field === 'peers') return 'peers';
  return 'none';
}

export interface FlagSummary {
  state: FlagState;
  /** Open (not dismissed) objects it was raised on. */
  open: number;
  /** Objects it could not be checked on: the largest gap (one object may lack several fields). */
  unchecked: number;
}

export function flagSummary(raised: readonly RaisedFlag[], gaps: readonly FlagGap[]): FlagSummary {
  const open = raised.filter((f) => !f.dismissed).length;
  const unchecked = gaps.reduce((m, g) => Math.max(m, g.objects), 0);
  return { state: open > 0 ? 'raised' : unchecked > 0 ? 'unchecked' : 'clean', open, unchecked };
}

/** The page's headline: flags raised in all, flags of the catalogue checked with nothing found, flags not checked on some objects. */
export function flagsHeadline(codes: readonly string[], raised: readonly RaisedFlag[], gaps: readonly FlagGap[]): { open: number; clean: number; unchecked: number } {
  let open = 0;
  let clean = 0;
  let unchecked = 0;
  for (const code of codes) {
    const sum = flagSummary(
      raised.filter((f) => f.code === code),
      gaps.filter((g) => g.code === code),
    );
    open += sum.open;
    if (sum.state === 'clean') clean += 1;
    if (sum.unchecked > 0) unchecked += 1;
  }
  return { open, clean, unchecked };
}
