/**
 * What the flags page says of each flag of the catalogue (the analyst's trial): raised on some
 * objects, checked and found on none, or not checked (on some or all objects) because a field was missing, and
 * for each missing field what the analyst can do about it. "Checked, nothing found" must never read like
 * "not shown", and "not checked" never like "clean". Pure: the page and the vitest suite share it.
 */
import type { FlagGap, RaisedFlag } from '../../../src-main/domain/insights';

/**
 * The core's optional words on a gap and an answer (what a gap's objects are, whether the card brings the field,
 * how many objects each flag judged), read structurally so the page also works with an answer without them.
 */
export type GapWithKind = FlagGap & { object_kind?: 'tender' | 'contract' | 'customer'; in_card?: boolean };
export type CheckedCounts = Readonly<Record<string, number>> | undefined;

export type FlagState = 'raised' | 'clean' | 'unchecked';

/** What would fill a missing field: load the cards (enrichment), the contracts' tenders, more customers, or nothing we can fetch. */
export type GapRemedy = 'cards' | 'tenders' | 'peers' | 'none';

/**
 * A field that only a card carries (placement type; OKPD2 codes from the card's positions) is filled by the
 * enrichment job; a contract's tender by syncing a search that holds it; the peers by more customers in the
 * cache. What the server does not send at all (a strict contract's price, law, customer) cannot be fetched.
 */
export function gapRemedy(field: string, inCard?: boolean): GapRemedy {
  // The core knows whether a card brings the field: its word wins over the field-name rule.
  if (inCard === true) return 'cards';
  if (inCard === undefined && (field.startsWith('tender.placement_type') || field === 'tender.okpd2')) return 'cards';
  // A contract that names its tender, not cached: syncing a search that holds it helps. A contract that does not
  // name its tender (contract.tender_id not sent) is not helped by any sync: nothing to fetch.
  if (field === 'tender (not cached)') return 'tenders';
  if (field === 'peers') return 'peers';
  return 'none';
}

export interface FlagSummary {
  state: FlagState;
  /** Open (not dismissed) objects it was raised on. */
  open: number;
  /** Objects it could not be checked on: the largest gap (one object may lack several fields). */
  unchecked: number;
  /** Objects it judged, when the core says (null: not said). */
  checked: number | null;
  /** What the largest gap's objects are, when the core says. */
  uncheckedKind?: 'tender' | 'contract' | 'customer';
}

/**
 * Raised when an open hit exists; else, when the core says how many objects were judged, clean if any was
 * (gaps on others are shown beside) and unchecked if none; without that count, clean only when nothing is missing.
 */
export function flagSummary(raised: readonly RaisedFlag[], gaps: readonly GapWithKind[], checked?: number): FlagSummary {
  const open = raised.filter((f) => !f.dismissed).length;
  const widest = gaps.reduce<GapWithKind | null>((w, g) => (w === null || g.objects > w.objects ? g : w), null);
  const unchecked = widest?.objects ?? 0;
  const judged = checked ?? null;
  const state: FlagState = open > 0 ? 'raised' : judged !== null ? (judged > 0 ? 'clean' : 'unchecked') : unchecked > 0 ? 'unchecked' : 'clean';
  return { state, open, unchecked, checked: judged, ...(widest?.object_kind ? { uncheckedKind: widest.object_kind } : {}) };
}

/** The page's headline: flags raised in all, flags of the catalogue checked with nothing found, flags not checked on some objects. */
export function flagsHeadline(codes: readonly string[], raised: readonly RaisedFlag[], gaps: readonly FlagGap[], checked?: CheckedCounts): { open: number; clean: number; unchecked: number } {
  let open = 0;
  let clean = 0;
  let unchecked = 0;
  for (const code of codes) {
    const sum = flagSummary(
      raised.filter((f) => f.code === code),
      gaps.filter((g) => g.code === code),
      checked?.[code],
    );
    open += sum.open;
    if (sum.state === 'clean') clean += 1;
    if (sum.unchecked > 0) unchecked += 1;
  }
  return { open, clean, unchecked };
}
