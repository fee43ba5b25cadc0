/**
 * The two halves of opening a tender or contract card: the cached card of the newest held version (free, no
 * request, works offline) and the card fetched and stored (a delivery like any other, reported as charged or
 * free). The rule that joins them (cached, else fetched, else the stored object where the server cannot be
 * reached) lives once, in current/cards.ts (CardUseCases.open), for the app and the CLI.
 */
import type { ApiClient } from '../api/client';
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';
import { versionStore } from '../cache/versionStore';
import { viewQueries } from '../cache/viewQueries';
import type { ObjectKind } from '../cache/types';
import { resolveCardVersion } from './cardVersion';

export type CardRequest = {
  kind: ObjectKind;
  id: number | string;
  /** internal (default), external (a tender's etp_id) or reestr (a contract's registry number). */
  idType?: 'internal' | 'external' | 'reestr';
  positionsPage: number;
  positionsLimit: number;
  signal?: AbortSignal;
};

export type OpenedCard = {
  card: Record<string, unknown>;
  id: number;
  /** Below 0 when the server stated no version and the card shows none we hold (cardVersion.ts). */
  version: number;
  source: 'cache' | 'server';
  /**
   * Fetched now and a unit was charged for it (a version never delivered before): as the card's `billed`
   * says, or, when it says nothing, because the version was not held (cardVersion.ts).
   */
  charged: boolean;
  /**
   * The card was never fetched: this is the version's stored object (from a feed), shown while the server
   * cannot be reached. Positions and documents come with the card, so they are not held.
   */
  storedObject?: true;
};

/** The internal id of a card request when the cache can tell it without a request. */
export function resolveCachedId(cache: CacheDb, req: Pick<CardRequest, 'kind' | 'id' | 'idType'>): number | undefined {
  if ((req.idType ?? 'internal') === 'internal') {
    const n = typeof req.id === 'number' ? req.id : /^\d{1,15}$/.test(req.id) ? Number(req.id) : NaN;
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  }
  return viewQueries(cache).byExternalId(req.kind, String(req.id));
}

/** The cached card of the newest held version, if that page of it was fetched before. */
export function cachedCard(cache: CacheDb, req: CardRequest): OpenedCard | undefined {
  const id = resolveCachedId(cache, req);
  if (id === undefined) return undefined;
  const held = versionStore(cache).latestVersion(req.kind, id);
  if (held === undefined) return undefined;
  const cards = cardStore(cache);
  const version = cards.cardVersionToShow(req.kind, id, held, req.positionsPage, req.positionsLimit);
  if (version === undefined) return undefined;
  const card = cards.getCard(req.kind, id, version, req.positionsPage, req.positionsLimit);
  if (card === undefined) return undefined;
  return { card: card as Record<string, unknown>, id, version, source: 'cache', charged: false };
}

/** Fetches the card and stores it. */
export async function fetchCard(cache: CacheDb, client: ApiClient, req: CardRequest): Promise<OpenedCard> {
  const idType = req.idType ?? 'internal';
  const params = { positionsPage: req.positionsPage, positionsLimit: req.positionsLimit };
  const fetched =
    req.kind === 'tender'
      ? await client.tenderCard(req.id, { ...params, idType: idType === 'external' ? 'external' : 'internal' }, { signal: req.signal })
      : await client.contractCard(req.id, { ...params, idType: idType === 'reestr' ? 'reestr' : 'internal' }, { signal: req.signal });
  const card = fetched.card as Record<string, unknown> & { id: number };
  const versions = versionStore(cache);
  const { version, how } = resolveCardVersion(card, versions.history(req.kind, card.id));
  // A card states `billed` only on some servers. Without it: a version we did not hold was charged (a card
  // "charges only when that version was not delivered before", 4.6), one we held was free. Only a stated
  // charge goes to the charge log the audit checks the ledger against.
  const billedStated = typeof card.billed === 'boolean';
  const charged = billedStated ? card.billed === true : how === 'provisional';
  cardStore(cache).saveCard({
    kind: req.kind,
    id: card.id,
    version,
    positionsPage: req.positionsPage,
    positionsLimit: req.positionsLimit,
    requestId: fetched.requestId,
    receivedAt: new Date().toISOString(),
    billed: charged,
    billedStated,
    card,
  });
  return { card, id: card.id, version, source: 'server', charged };
}
