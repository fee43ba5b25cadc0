/**
 * The «Ссылка» column. The reference gives a tender's link only in its card: `source_url` of the tender
 * detail (document 2, 2.3; document 1's card is "as in the tender detail of document 2"); a feed's result
 * item promises only `id` and `etp_id` (2.4). So a row without `source_url` takes it from the newest card of
 * that tender held here. No link is made up from the notice number: neither reference nor DOMAIN.md says
 * how an EIS address is built, and a guessed address would send the analyst to a wrong page. A tender whose
 * card was never opened has an empty cell (fetching cards here would be a charge nobody asked for).
 */
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';

/** The key of the link column (csv.ts TENDER_COLUMNS). */
export const LINK_COLUMN = 'url';

/** Only a web address is a link; anything else a card might hold there is left out. */
const isWebLink = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);

/** `source_url` of the newest card of a tender held here, or undefined. */
export function cardLink(cache: CacheDb, tenderId: number): string | undefined {
  const text = cardStore(cache).lastReceivedCardJson('tender', tenderId);
  if (text === undefined) return undefined;
  try {
    // Only the one field is wanted, but a card is one JSON text: parse it (cards are few and opened by hand).
    const card = JSON.parse(text) as Record<string, unknown>;
    return isWebLink(card.source_url) ? card.source_url : undefined;
  } catch {
    return undefined;
  }
}

type Row = Record<string, unknown>;

/** Gives each row without a link of its own the link of its tender's card; rows are changed in place. */
export function addCardLinks<R extends Row>(cache: CacheDb, rows: R[]): R[] {
  for (const row of rows) {
    if (isWebLink(row.source_url) || typeof row.id !== 'number') continue;
    const link = cardLink(cache, row.id);
    if (link !== undefined) (row as Row).source_url = link;
  }
  return rows;
}
