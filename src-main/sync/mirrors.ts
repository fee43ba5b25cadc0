/**
 * Local mirrors of server state that costs nothing to read: the charge ledger, the balance and a list's
 * members. Shared by the CLI and the app, so both keep the same copy the same way.
 */
import type { ApiClient } from '../api/client';
import type { CacheDb } from '../cache/database';
import { ledgerStore, type BalanceMirror, type LedgerRow as CachedLedgerRow } from '../cache/ledgerStore';
import { listStore } from '../cache/listStore';

/** Brings the local ledger mirror up to the server's end, page by page after the newest row held. */
export async function mirrorLedger(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<number> {
  const ledger = ledgerStore(cache);
  let added = 0;
  for (;;) {
    const page = await client.ledger({ limit: 100, startingAfter: ledger.maxId() }, { signal });
    const rows: CachedLedgerRow[] = page.data.map((r) => ({
      id: r.id,
      balanceType: r.balance_type as CachedLedgerRow['balanceType'],
      amount: r.amount,
      objectId: r.object_id,
      version: r.version,
      filterId: r.filter_id ?? null,
      requestId: r.request_id ?? null,
      createdAt: typeof r.created_at === 'string' ? r.created_at : null,
    }));
    added += ledger.upsertRows(rows);
    if (!page.has_more || rows.length === 0) return added;
  }
}

/** GET /balance, stored as the mirror shown when offline. */
export async function mirrorBalance(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<BalanceMirror> {
  const b = await client.balance({ signal });
  const mirror: BalanceMirror = {
    balance: { tenders: b.balance.tenders, contracts: b.balance.contracts },
    usageToday: { tenders: b.usage_today.tenders, contracts: b.usage_today.contracts },
    lastUpdated: typeof b.last_updated === 'string' ? b.last_updated : null,
    fetchedAt: new Date().toISOString(),
  };
  ledgerStore(cache).setBalance(mirror);
  return mirror;
}

/** Refreshes the local mirror of a list's members from the server (all pages). */
export async function mirrorListMembers(client: ApiClient, cache: CacheDb, listId: string, signal?: AbortSignal): Promise<void> {
  const ids: number[] = [];
  let after: number | undefined;
  let detail: Record<string, unknown>;
  for (;;) {
    detail = (await client.list(listId, { limit: 100, startingAfter: after }, { signal })) as Record<string, unknown>;
    const data = (detail.data as number[]) ?? [];
    ids.push(...data);
    if (!detail.has_more || !data.length) break;
    after = data[data.length - 1];
  }
  const lists = listStore(cache);
  const known = lists.getList(listId);
  lists.upsertList({
    listId,
    name: String(detail.name ?? known?.name ?? ''),
    description: typeof detail.description === 'string' ? detail.description : (known?.description ?? ''),
    metadata: (detail.metadata as Record<string, unknown>) ?? known?.metadata ?? {},
    createdAt: typeof detail.created_at === 'string' ? detail.created_at : (known?.createdAt ?? new Date().toISOString()),
  });
  lists.setItems(listId, ids);
}
