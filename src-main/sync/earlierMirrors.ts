/**
 * Local mirrors of the earlier generation's server state (reference document 2): filters, favorites, the
 * balance with its limits and license, the balance history, and the reading of favorites updates (which
 * delivers, and may charge, tenders). Shared by the CLI and the app through `src-main/earlier`.
 */
import { isApiError } from '../api/errors';
import { isDailyLimitError, type EarlierApiClient } from '../api/earlier/client';
import type { FavoriteMutation } from '../api/earlier/schemas';
import type { CacheDb } from '../cache/database';
import type { CardInput } from '../cache/cardStore';
import { earlierAccountStore, type EarlierAccount } from '../cache/earlier/accountStore';
import { earlierVersion } from '../cache/earlier/delivered';
import { earlierFavoriteStore, type FavoriteUpdatesPage } from '../cache/earlier/favoriteStore';
import { earlierFilterStore, type EarlierFilter } from '../cache/earlier/filterStore';
import { FAVORITES_UPDATES_UNSETTLED, unsettledStore } from '../cache/earlier/unsettled';
import { versionStore } from '../cache/versionStore';

type Opts = { signal?: AbortSignal };
const PAGE = 100;

/** `GET /filters` into the mirror. Filters the server no longer lists are marked gone (their tenders stay). */
export async function mirrorEarlierFilters(client: Pick<EarlierApiClient, 'filters'>, cache: CacheDb, opts: Opts = {}): Promise<EarlierFilter[]> {
  const list = await client.filters({ signal: opts.signal });
  const store = earlierFilterStore(cache);
  // Paging of this route is not in the reference: only a whole list may mark the filters it lacks as gone.
  store.upsertFilters(list.filters, { complete: list.complete });
  return store.filters();
}

/** Every page of `GET /favorites` into the mirror (favorites removed on the server leave it). */
export async function mirrorEarlierFavorites(client: Pick<EarlierApiClient, 'favorites'>, cache: CacheDb, opts: Opts = {}): Promise<number> {
  const items = [];
  for (let page = 1; ; page++) {
    const p = await client.favorites({ page, pageSize: PAGE }, { signal: opts.signal });
    items.push(...p.tenders);
    if (p.tenders.length < PAGE || page >= p.pages) break;
  }
  earlierFavoriteStore(cache).replaceAll(items);
  return items.length;
}

/** Adds or removes a favorite by `etp_id` (free, D-E-FAV-1), then mirrors the list again. */
export async function changeEarlierFavorite(
  client: Pick<EarlierApiClient, 'addFavorite' | 'removeFavorite' | 'favorites'>,
  cache: CacheDb,
  etpId: string,
  action: 'add' | 'remove',
  opts: Opts = {},
): Promise<FavoriteMutation> {
  const answer = action === 'add' ? await client.addFavorite(etpId, opts) : await client.removeFavorite(etpId, opts);
  if (action === 'remove') earlierFavoriteStore(cache).removeByEtpId(etpId);
  await mirrorEarlierFavorites(client, cache, opts);
  return answer;
}

/** `GET /balance`: balances, today's limits and the license, mirrored for offline use. */
export async function mirrorEarlierBalance(client: Pick<EarlierApiClient, 'balance'>, cache: CacheDb, opts: Opts = {}): Promise<EarlierAccount> {
  const b = await client.balance({ signal: opts.signal });
  return earlierAccountStore(cache).setAccount(b);
}

/**
 * `GET /balance/history` into the mirror. Its paging and order are not shown: the client walks the pages
 * (stopping whichever way the server pages, `../api/earlier/pages.ts`), and the walk ends early at what is
 * held only on a page that is newest first (ids descending), since only then is everything after it older.
 * The mirror is marked complete through the newest id only when the list was read whole. Returns how many
 * transactions were new.
 */
export async function mirrorEarlierHistory(client: Pick<EarlierApiClient, 'balanceHistoryAll'>, cache: CacheDb, opts: Opts = {}): Promise<number> {
  const store = earlierAccountStore(cache);
  const through = store.completeThroughId();
  const newestFirst = (page: readonly { id: number }[]): boolean => page.every((t, i) => i === 0 || t.id < page[i - 1]!.id);
  const walk = await client.balanceHistoryAll(
    { stopAfter: (_fresh, page) => through > 0 && newestFirst(page) && page.some((t) => t.id <= through) },
    { signal: opts.signal },
  );
  const added = store.addTransactions(walk.transactions);
  if (walk.complete) store.historyComplete(walk.transactions.reduce((n, t) => Math.max(n, t.id), 0), walk.total);
  return added;
}

export type FavoriteUpdatesOutcome = {
  /** Every item read, in the server's order (most recently updated first). */
  items: { id: number; etpId: string; name: string | null; updateDate: string | null; isNew: boolean; charged: boolean }[];
  /** Units charged by this read (`new_tenders_count` summed). */
  charged: number;
  /** The read stopped early: `daily_limit` or `balance_exhausted` (what was read is stored). */
  stoppedBy: 'done' | 'daily_limit' | 'balance_exhausted';
  /** The service's sentence for an early stop. */
  message: string | null;
};

/**
 * Reads every page of `GET /favorites/updates` (favorites changed after being added; charged like a
 * filter's page, D-E-FAV-3), reads the detail of each changed tender whose new version is not held (free
 * now: the updates answer has made it "received"), and stores it all in one transaction. A daily limit or
 * an exhausted balance stops the read; what was read is stored all the same.
 */
export async function readEarlierFavoriteUpdates(
  client: Pick<EarlierApiClient, 'favoriteUpdates' | 'tenderReceipt'>,
  cache: CacheDb,
  opts: Opts = {},
): Promise<FavoriteUpdatesOutcome> {
  const unsettled = unsettledStore(cache);
  const versions = versionStore(cache);
  unsettled.promote(FAVORITES_UPDATES_UNSETTLED);
  unsettled.begin(FAVORITES_UPDATES_UNSETTLED);
  const pages: FavoriteUpdatesPage[] = [];
  let stoppedBy: FavoriteUpdatesOutcome['stoppedBy'] = 'done';
  let message: string | null = null;
  let failure: unknown = null;
  for (let page = 1; ; page++) {
    try {
      const p = await client.favoriteUpdates({ page, pageSize: PAGE }, { signal: opts.signal });
      pages.push({ requestId: p.requestId, page, pageSize: PAGE, items: p.items, answerLost: p.answerLost });
      if (p.items.length < PAGE || page >= p.pages) break;
    } catch (e) {
      if (isDailyLimitError(e)) [stoppedBy, message] = ['daily_limit', e.userMessage];
      else if (isApiError(e) && e.code === 'balance_exhausted') [stoppedBy, message] = ['balance_exhausted', e.userMessage];
      else failure = e;
      break;
    }
  }
  // Details of the changed tenders whose new version the cache does not hold, so that the full object
  // (with its organization) becomes that version.
  const details: CardInput[] = [];
  if (failure === null) {
    for (const p of pages) {
      for (const o of p.items) {
        if (versions.has('tender', o.id, earlierVersion(o))) continue;
        try {
          const r = await client.tenderReceipt(o.id, { positionsPage: 1, positionsPageSize: 20 }, { signal: opts.signal });
          details.push({
            kind: 'tender',
            id: r.detail.id,
            version: earlierVersion(r.detail),
            positionsPage: 1,
            positionsLimit: 20,
            requestId: r.requestId,
            receivedAt: new Date().toISOString(),
            // The updates delivery carries the charge; the detail is a free re-read unless it says otherwise.
            billed: r.detail.is_new === true,
            card: r.detail,
          });
        } catch (e) {
          if (opts.signal?.aborted) break;
          if (!isApiError(e)) throw e;
          // Without the detail the updates item itself is stored (fewer fields), nothing is lost.
        }
      }
    }
  }
  const saved = earlierFavoriteStore(cache).saveUpdates(pages, details, new Date().toISOString(), failure === null && stoppedBy === 'done');
  if (failure !== null) {
    // The failed request may have been executed and charged: keep it unsettled.
    unsettled.markLost(FAVORITES_UPDATES_UNSETTLED);
    throw failure;
  }
  const items = pages.flatMap((p) =>
    p.items.map((o) => ({
      id: o.id,
      etpId: String(o.etp_id),
      name: typeof o.name === 'string' ? o.name : null,
      updateDate: o.update_date ?? null,
      isNew: o.is_new,
      charged: saved.billedIds.has(o.id),
    })),
  );
  return { items, charged: pages.reduce((n, p) => n + p.items.filter((o) => o.is_new).length, 0), stoppedBy, message };
}
