/**
 * A tender card's `documents[]` as the cache holds them. The reference gives each document as
 * `{id, name, url, extension}`; an item without a string `url` and `name` cannot be fetched and is reported,
 * not dropped silently, and unknown fields are kept out of the way (only these four are read).
 */
import { z } from 'zod';
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';

export type CardDocument = { id: number | null; name: string; url: string; extension: string; ordinal: number };

const documentItem = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().min(1),
  url: z.string().min(1),
  extension: z.string().optional(),
});

export type TenderDocuments = { tenderId: number; version: number; documents: CardDocument[]; unreadable: number; /** The card's `name` (a notification names the tender by it). */ name: string | null };

/** The documents of the card of `version` (default: the newest version whose card is held); null when no card is held. */
export function tenderDocuments(cache: CacheDb, tenderId: number, version?: number): TenderDocuments | null {
  const cards = cardStore(cache);
  const v = version ?? cards.latestCardVersion('tender', tenderId);
  if (v === undefined) return null;
  const page = cards.cachedPages('tender', tenderId, v)[0];
  if (!page) return null;
  const card = cards.getCard('tender', tenderId, v, page.positionsPage, page.positionsLimit) as { documents?: unknown; name?: unknown } | undefined;
  const items = Array.isArray(card?.documents) ? card.documents : [];
  const documents: CardDocument[] = [];
  let unreadable = 0;
  items.forEach((item, i) => {
    const r = documentItem.safeParse(item);
    if (!r.success) {
      unreadable++;
      return;
    }
    documents.push({ id: r.data.id ?? null, name: r.data.name, url: r.data.url, extension: (r.data.extension ?? '').toLowerCase(), ordinal: i + 1 });
  });
  return { tenderId, version: v, documents, unreadable, name: typeof card?.name === 'string' && card.name.trim() !== '' ? card.name : null };
}
