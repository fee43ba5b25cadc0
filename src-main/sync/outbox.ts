/**
 * Mutations go through the outbox: the Idempotency-Key is stored before the request is sent, so a retry
 * after a crash reuses it and the server answers with the first execution's result — no mutation is ever
 * sent twice under two keys. The local mirror is updated only from the server's answer.
 */
import type { CacheDb } from '../cache/database';
import { outboxStore, type OutboxEntry } from '../cache/outboxStore';
import { listStore } from '../cache/listStore';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';

export type Mutation =
  | { op: 'list.create'; payload: { name: string; description?: string; metadata?: Record<string, unknown> } }
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

async function send(cache: CacheDb, client: ApiClient, entry: OutboxEntry): Promise<Record<string, unknown>> {
  const outbox = outboxStore(cache);
  const mutation = { op: entry.op, payload: entry.payload } as Mutation;
  outbox.recordAttempt(entry.id);
  try {
    const result = await perform(client, mutation, entry.idempotencyKey);
    cache.db.transaction(() => {
      applyLocally(cache, mutation, result);
      outbox.markDone(entry.id, result);
    })();
    return result;
  } catch (e) {
    const retryable = isApiError(e) ? e.retryable : true;
    outbox.markFailed(entry.id, e instanceof Error ? e.message : String(e), retryable);
    throw e;
  }
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
