/**
 * Opening a tender's detail on the earlier API generation (`GET /tenders/{id}`, 2.3: lots, positions linked
 * to lots by `lot_ordinal`, documents, the organization with its administrator), positions paged by
 * `positions_page` / `positions_page_size`.
 *
 * Cached like the current generation's cards (cardStore): per tender, version (seconds of `update_date`),
 * positions page and page size. A cached detail of the newest held version opens with no request, so it
 * is free and works offline; otherwise it is fetched (one unit when the tender was never received by the
 * account, D-E-BILL-3) and stored as a delivery with its `billed` flag. When the server cannot be reached,
 * the newest cached detail of that positions page is shown with `offline: true`.
 */
import { isApiError } from '../api/errors';
import type { EarlierApiClient } from '../api/earlier/client';
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';
import { versionStore } from '../cache/versionStore';
import { earlierDeliveryRules, earlierVersion } from '../cache/earlier/delivered';
import { tenderUnsettled, unsettledStore } from '../cache/earlier/unsettled';

export type EarlierCardRequest = {
  /** The internal tender id (`id`). */
  id: number;
  /** 1-based; default 1. */
  positionsPage?: number;
  /** 1..100; default 20 (the API's default). */
  positionsPageSize?: number;
  signal?: AbortSignal;
};

export type OpenedEarlierCard = {
  card: Record<string, unknown>;
  id: number;
  version: number;
  positionsPage: number;
  positionsPageSize: number;
  source: 'cache' | 'server';
  /** Fetched now and a unit was charged for it. */
  charged: boolean;
  /** The server could not be reached: this is the newest cached copy (perhaps of an older version). */
  offline: boolean;
};

export type EarlierCardClient = Pick<EarlierApiClient, 'tenderReceipt'>;

const paging = (req: EarlierCardRequest): { page: number; size: number } => ({ page: req.positionsPage ?? 1, size: req.positionsPageSize ?? 20 });

/** The cached detail of the newest held version, if that positions page of it was fetched before. */
export function cachedEarlierCard(cache: CacheDb, req: EarlierCardRequest): OpenedEarlierCard | undefined {
  const { page, size } = paging(req);
  const held = versionStore(cache).latestVersion('tender', req.id);
  if (held === undefined) return undefined;
  const card = cardStore(cache).getCard('tender', req.id, held, page, size);
  if (card === undefined) return undefined;
  return { card: card as Record<string, unknown>, id: req.id, version: held, positionsPage: page, positionsPageSize: size, source: 'cache', charged: false, offline: false };
}

/** Fetches the detail and stores it (a delivery like any other). */
export async function fetchEarlierCard(cache: CacheDb, client: EarlierCardClient, req: EarlierCardRequest): Promise<OpenedEarlierCard> {
  const { page, size } = paging(req);
  const unsettled = unsettledStore(cache);
  const mark = tenderUnsettled(req.id);
  unsettled.promote(mark);
  unsettled.begin(mark);
  let receipt;
  try {
    receipt = await client.tenderReceipt(req.id, { positionsPage: page, positionsPageSize: size }, { signal: req.signal });
  } catch (e) {
    // A 4xx answer charged nothing; anything else may have been executed, so the mark stays.
    if (isApiError(e) && e.status !== null && e.status >= 400 && e.status < 500) unsettled.settle(mark);
    throw e;
  }
  const { detail, requestId, answerLost } = receipt;
  // Decided before storing: a tender new to this cache that a lost answer paid for is logged as charged.
  const billed = earlierDeliveryRules(cache).billedOf(detail, answerLost);
  const version = earlierVersion(detail);
  cardStore(cache).saveCard({
    kind: 'tender',
    id: detail.id,
    version,
    positionsPage: page,
    positionsLimit: size,
    requestId,
    receivedAt: new Date().toISOString(),
    billed,
    card: detail,
  });
  unsettled.resolve(mark);
  return { card: detail, id: detail.id, version, positionsPage: page, positionsPageSize: size, source: 'server', charged: billed, offline: false };
}

/** The newest cached detail of any version for that positions page (the offline fallback). */
function newestCachedCard(cache: CacheDb, req: EarlierCardRequest): OpenedEarlierCard | undefined {
  const { page, size } = paging(req);
  const cards = cardStore(cache);
  const versions = versionStore(cache).history('tender', req.id).map((v) => v.version).reverse();
  for (const version of versions) {
    const card = cards.getCard('tender', req.id, version, page, size);
    if (card !== undefined) {
      return { card: card as Record<string, unknown>, id: req.id, version, positionsPage: page, positionsPageSize: size, source: 'cache', charged: false, offline: true };
    }
  }
  return undefined;
}

/** A cached detail when there is one, else fetched (`client` is asked for only then); offline, the newest cached copy. */
export async function openEarlierCard(cache: CacheDb, client: () => Promise<EarlierCardClient>, req: EarlierCardRequest): Promise<OpenedEarlierCard> {
  const cached = cachedEarlierCard(cache, req);
  if (cached) return cached;
  try {
    return await fetchEarlierCard(cache, await client(), req);
  } catch (e) {
    if (isApiError(e) && e.code === 'network') {
      const fallback = newestCachedCard(cache, req);
      if (fallback) return fallback;
    }
    throw e;
  }
}
