/**
 * Mutations go through the outbox: the Idempotency-Key is stored before the request is sent, so a retry
 * after a crash reuses it and the server answers with the first execution's result — no mutation is ever
 * sent twice under two keys. The local mirror is updated only from the server's answer.
 */
import type { CacheDb } from '../cache/database';
import { outboxStore, type OutboxEntry } from '../cache/outboxStore';
import { listStore } from '../cache/listStore';
import { CacheBusyError, writeTransaction } from '../cache/writeRetry';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';

/**
 * A list created while offline lives locally under a temporary id (`lst_local_…`) until its creation is
 * sent; edits queued for it meanwhile name that id and are sent under the server's id (see `resolveLocalIds`).
 */
export const LOCAL_LIST_PREFIX = 'lst_local_';
export const isLocalListId = (listId: string): boolean => listId.startsWith(LOCAL_LIST_PREFIX);

export type Mutation =
  | { op: 'list.create'; payload: { name: string; description?: string; metadata?: Record<string, unknown>; localId?: string } }
  | { op: 'list.add'; payload: { listId: string; ids: number[] } }
  | { op: 'list.remove'; payload: { listId: string; ids: number[] } }
  | { op: 'filter.delete'; payload: { filterId: string } };

async function perform(client: ApiClient, m: Mutation, key: string): Promise<Record<string, unknown>> {
  switch (m.op) {
    case 'list.create':
      return (await client.createList(m.payload, key)) as Record<string, unknown>;
    case 'list.add':
      return (await client.addListItems(m.payload.listId, m.payload.ids, key)) as Record<string, unknown>;
    case 'list.remove':
      return (await client.removeListItems(m.payload.listId, m.payload.ids, key)) as Record<string, unknown>;
    case 'filter.delete':
      return (await client.deleteFilter(m.payload.filterId, key)) as Record<string, unknown>;
  }
}

function applyLocally(cache: CacheDb, m: Mutation, result: Record<string, unknown>): void {
  const lists = listStore(cache);
  const now = new Date().toISOString();
  switch (m.op) {
    case 'list.create':
      lists.upsertList({
        listId: String(result.list_id),
        name: m.payload.name,
        description: m.payload.description ?? '',
        metadata: m.payload.metadata ?? {},
        createdAt: typeof result.created_at === 'string' ? result.created_at : now,
      });
      // Made offline: its members move from the temporary id to the server's.
      if (m.payload.localId) lists.moveItems(m.payload.localId, String(result.list_id));
      return;
    case 'list.add':
      if (lists.getList(m.payload.listId)) lists.addItems(m.payload.listId, m.payload.ids, now);
      return;
    case 'list.remove':
      if (lists.getList(m.payload.listId)) lists.removeItems(m.payload.listId, m.payload.ids);
      return;
    case 'filter.delete':
      return;
  }
}

/** The server's id of a list made offline, once its creation was sent. */
export function serverListId(cache: CacheDb, localId: string): string | undefined {
  return outboxStore(cache).serverListId(localId);
}

/** An edit of a list made offline names its temporary id; it is sent under the server's id. */
function resolveLocalIds(cache: CacheDb, m: Mutation): Mutation | null {
  if ((m.op === 'list.add' || m.op === 'list.remove') && isLocalListId(m.payload.listId)) {
    const listId = serverListId(cache, m.payload.listId);
    return listId ? ({ op: m.op, payload: { ...m.payload, listId } } as Mutation) : null;
  }
  return m;
}

async function send(cache: CacheDb, client: ApiClient, entry: OutboxEntry): Promise<Record<string, unknown>> {
  const outbox = outboxStore(cache);
  const mutation = resolveLocalIds(cache, { op: entry.op, payload: entry.payload } as Mutation);
  if (mutation === null) {
    // Its list was never created on the server (the creation failed for good): nothing to send it to.
    outbox.markFailed(entry.id, 'the list this edit belongs to was not created on the server', false);
    throw new Error('the list of this edit was not created on the server');
  }
  outbox.recordAttempt(entry.id);
  let result: Record<string, unknown>;
  try {
    result = await perform(client, mutation, entry.idempotencyKey);
  } catch (e) {
    const retryable = isApiError(e) ? e.retryable : true;
    try {
      outbox.markFailed(entry.id, e instanceof Error ? e.message : String(e), retryable);
    } catch (busy) {
      // Still pending and sent again under its key; the server's refusal is what the caller must hear.
      if (!(busy instanceof CacheBusyError)) throw busy;
    }
    throw e;
  }
  // The server has applied the edit: from here on it is never reported as failed (10 of 40 `list add`
  // beside a sync exited 1 with «database is locked» although the server held their items).
  try {
    writeTransaction(cache.db, () => {
      applyLocally(cache, mutation, result);
      outbox.markDone(entry.id, result);
    })();
  } catch (e) {
    if (!(e instanceof CacheBusyError)) {
      outbox.markFailed(entry.id, e instanceof Error ? e.message : String(e), true);
      throw e;
    }
    // The cache stayed locked for the whole wait: the entry stays pending, so the next flush sends it again under
    // the same key, the server answers this same result, and the local copy is brought up to date then.
  }
  return result;
}

/**
 * What a list-item edit did, counted against the members held before it: the answer's body is "not shown"
 * (reference 4.12, 4.13), so a server may say nothing. `changed` is added (or removed), `unchanged` already
 * present (or not present). The CLI and the app both use it when the answer gives no counts.
 */
export function countItemEdit(op: 'list.add' | 'list.remove', ids: readonly number[], before: ReadonlySet<number>): { changed: number; unchanged: number } {
  const unique = [...new Set(ids)];
  const held = unique.filter((id) => before.has(id)).length;
  return op === 'list.add' ? { changed: unique.length - held, unchanged: held } : { changed: held, unchanged: unique.length - held };
}

/** Queues a mutation (key stored first) and sends it. */
export async function mutate(cache: CacheDb, client: ApiClient, m: Mutation): Promise<Record<string, unknown>> {
  const entry = outboxStore(cache).enqueue(m);
  return send(cache, client, entry);
}

/** Sends what an earlier run queued but did not finish (a crash, or no network then). */
export async function flushOutbox(cache: CacheDb, client: ApiClient): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const entry of outboxStore(cache).pending()) {
    try {
      await send(cache, client, entry);
      sent += 1;
    } catch (e) {
      failed += 1;
      if (isApiError(e) && e.retryable) break; // the network is still away: keep the order, try later
    }
  }
  return { sent, failed };
}
