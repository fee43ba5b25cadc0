/**
 * Local mirrors of server state that costs nothing to read: the charge ledger, the balance, the lists and a
 * list's members. Shared by the CLI and the app, so both keep the same copy the same way. Every collection
 * is read through `readCollection` (collection.ts): no `starting_after` on a first request, continuing after
 * the server's cursor or the last item, never looping on a server that does not advance.
 */
import type { ApiClient } from '../api/client';
import type { ListDetail } from '../api/types';
import type { CacheDb } from '../cache/database';
import { ledgerStore, type BalanceMirror, type LedgerRow as CachedLedgerRow } from '../cache/ledgerStore';
import { listMemberSync } from '../cache/listMemberSync';
import { listStore } from '../cache/listStore';
import { integerCursor, readCollection, stringCursor } from './collection';

/**
 * Brings the local ledger mirror up to the server's end: from the start when none is held, else after the
 * newest row held (an id the collection has, so any reading of `starting_after` finds it).
 */
export async function mirrorLedger(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<number> {
  return (await mirrorLedgerPages(client, cache, Number.POSITIVE_INFINITY, signal)).added;
}

/** Stops `readCollection` once a budget of pages is spent; the pages read so far are stored already. */
class PageBudgetSpent extends Error {}

/**
 * `mirrorLedger` reading at most `maxPages` pages (the audit must not wait on a rate-limited pull of
 * a whole ledger). `complete` is false when the budget ran out before the end; a later call continues after
 * the newest row held. `onRows` hears the rows read so far after each stored page (a long pull's progress).
 */
export async function mirrorLedgerPages(
  client: ApiClient,
  cache: CacheDb,
  maxPages: number,
  signal?: AbortSignal,
  onRows?: (rows: number) => void,
): Promise<{ added: number; complete: boolean }> {
  const ledger = ledgerStore(cache);
  const newest = ledger.maxId();
  let added = 0;
  let read = 0;
  let pages = 0;
  try {
    await readCollection({
      after: newest > 0 ? newest : undefined,
      fetch: (after) => {
        if (pages++ >= maxPages) throw new PageBudgetSpent();
        return client.ledger({ limit: 100, ...(after === undefined ? {} : { startingAfter: after }) }, { signal });
      },
      keyOf: (r) => r.id,
      cursorOf: integerCursor,
      onPage: (page) => {
        const rows: CachedLedgerRow[] = page.data.map((r) => ({
          id: r.id,
          balanceType: r.balance_type as CachedLedgerRow['balanceType'],
          amount: r.amount,
          objectId: r.object_id,
          version: r.version,
          filterId: r.filter_id ?? null,
          requestId: r.request_id ?? null,
          createdAt: r.created_at ?? null,
        }));
        added += ledger.upsertRows(rows);
        read += rows.length;
        onRows?.(read);
      },
    });
  } catch (e) {
    if (e instanceof PageBudgetSpent) return { added, complete: false };
    throw e;
  }
  return { added, complete: true };
}

/**
 * GET /balance, stored as the mirror shown when offline. `usage_today` is informational and may be absent:
 * the mirror then holds 0, which no audit check reads as a charge.
 */
export async function mirrorBalance(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<BalanceMirror> {
  const b = await client.balance({ signal });
  const mirror: BalanceMirror = {
    balance: { tenders: b.balance.tenders, contracts: b.balance.contracts },
    usageToday: { tenders: b.usage_today?.tenders ?? 0, contracts: b.usage_today?.contracts ?? 0 },
    lastUpdated: b.last_updated ?? null,
    fetchedAt: new Date().toISOString(),
  };
  ledgerStore(cache).setBalance(mirror);
  return mirror;
}

/** GET /lists, every page, into the local list mirror (members are mirrored per list). */
export async function mirrorLists(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<void> {
  const lists = listStore(cache);
  await readCollection({
    fetch: (after) => client.lists({ limit: 100, ...(after === undefined ? {} : { startingAfter: after }) }, { signal }),
    keyOf: (l) => l.list_id,
    cursorOf: stringCursor,
    onPage: (page) => {
      for (const l of page.data) {
        const known = lists.getList(l.list_id);
        lists.upsertList({
          listId: l.list_id,
          // The reference promises `list_id` and `name`; a server without a name still lists the list.
          name: l.name ?? known?.name ?? l.list_id,
          description: l.description ?? known?.description ?? '',
          metadata: known?.metadata ?? {},
          createdAt: l.created_at ?? known?.createdAt ?? new Date().toISOString(),
        });
      }
    },
  });
}

/** Refreshes the local mirror of a list's members from the server (all pages). */
export async function mirrorListMembers(
  client: ApiClient,
  cache: CacheDb,
  listId: string,
  signal?: AbortSignal,
  onProgress?: (membersRead: number) => void,
): Promise<void> {
  const ids: number[] = [];
  // The list's own fields come with every page; the first page's are kept.
  let detail: ListDetail | undefined;
  await readCollection({
    fetch: (after) => client.list(listId, { limit: 100, ...(after === undefined ? {} : { startingAfter: after }) }, { signal }),
    keyOf: (id) => id,
    cursorOf: integerCursor,
    onPage: (page) => {
      detail ??= page;
      ids.push(...page.data);
      onProgress?.(ids.length);
    },
  });
  const d: Partial<ListDetail> = detail ?? {};
  const lists = listStore(cache);
  const known = lists.getList(listId);
  lists.upsertList({
    listId,
    name: typeof d.name === 'string' ? d.name : (known?.name ?? listId),
    description: typeof d.description === 'string' ? d.description : (known?.description ?? ''),
    metadata: (d.metadata as Record<string, unknown> | null | undefined) ?? known?.metadata ?? {},
    createdAt: typeof d.created_at === 'string' ? d.created_at : (known?.createdAt ?? new Date().toISOString()),
  });
  lists.setItems(listId, ids);
  listMemberSync(cache).mark(listId, ids.length);
}
