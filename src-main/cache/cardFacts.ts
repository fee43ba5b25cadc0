/**
 * What enrichment's plan needs of a cached card page, read from its JSON bytes without parsing them whole
 * (the first plan of a session parsed every cached page 1 for one number, `positions_total`). The
 * top-level member is cut out by the exports' field picker (jsonFields.ts), so a lot's or a position's member
 * of the same name is never taken for the card's; a text the picker does not take is parsed whole.
 */
import { jsonFieldPicker } from './jsonFields';
import { storedJson } from './storedJson';

const pickTotal = jsonFieldPicker(['positions_total']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `positions_total` of a card page: a non-negative safe integer, else null (absent, null or not a count);
 * undefined when the page is not a JSON object at all.
 */
export function positionsTotalOf(json: Buffer): number | null | undefined {
  const picked = pickTotal(json, 0, json.length);
  const card: unknown = storedJson(picked ?? json.toString('utf8'), 'card');
  if (!isRecord(card)) return undefined;
  const total = card.positions_total;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : null;
}
