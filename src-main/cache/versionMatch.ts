/**
 * Whether a version-less card shows a version we hold (the reference's card, "as in the tender
 * detail of document 2", carries no `version`). Pure; shared by the card path (cards/cardVersion.ts) and the
 * write path, which adopts a provisional card version when the real version that matches it arrives.
 *
 * The rule: when both carry `update_date` (document 2 gives it to every tender), they are the same version
 * exactly when the dates are the same instant. Otherwise every field both carry, but the card-only and
 * delivery fields, must agree, an object of the held version being contained in the card's (a card adds
 * fields, such as the organization's address, to what a feed item carries).
 */

/** Versions below 0 are provisional: a card's version the server did not state and we do not hold. */
export const PROVISIONAL_BASE = -2_000_000_000;
export const isProvisional = (version: number): boolean => version < 0;

const NOT_COMPARED = new Set([
  'version',
  'billed',
  'request_id',
  'positions',
  'positions_total',
  'positions_page',
  'positions_page_size',
  'positions_pages',
  'documents',
  'lots',
]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function contained(held: unknown, card: unknown): boolean {
  if (isRecord(held) && isRecord(card)) return Object.keys(held).every((k) => !(k in card) || contained(held[k], card[k]));
  return JSON.stringify(held) === JSON.stringify(card);
}

function sameInstant(a: unknown, b: unknown): boolean | null {
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

export function showsSameVersion(held: unknown, card: unknown): boolean {
  if (!isRecord(held) || !isRecord(card)) return false;
  const byDate = sameInstant(held.update_date, card.update_date);
  if (byDate !== null) return byDate;
  return Object.keys(held).every((k) => NOT_COMPARED.has(k) || !(k in card) || contained(held[k], card[k]));
}
