import { describe, expect, it } from 'vitest';
import { outboxStore } from '../../src-main/cache/outboxStore';
import { tempCache } from './helpers';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('outbox', () => {
  it('enqueue stores a UUID v4 Idempotency-Key with the mutation before anything is sent', () => {
    const cache = tempCache();
    const outbox = outboxStore(cache);
    const entry = outbox.enqueue({ op: 'lists.addItems', payload: { listId: 'lst_1', ids: [1, 2, 3] } });
    expect(entry.idempotencyKey).toMatch(UUID_V4);
    expect(entry).toMatchObject({ state: 'pending', attempts: 0, op: 'lists.addItems', payload: { listId: 'lst_1', ids: [1, 2, 3] } });
    // Stored, not just returned: another connection to the file sees it.
    const row = cache.db.prepare('SELECT idempotency_key FROM outbox WHERE id = ?').pluck().get(entry.id);
    expect(row).toBe(entry.idempotencyKey);
    expect(outbox.enqueue({ op: 'lists.addItems', payload: {} }).idempotencyKey).not.toBe(entry.idempotencyKey);
  });

  it('a retry after a crash reuses the stored key: re-open the file and the same key is pending', () => {
    const cache = tempCache();
    const entry = outboxStore(cache).enqueue({ op: 'lists.create', payload: { name: 'Мониторинг' } });
    outboxStore(cache).recordAttempt(entry.id);
    const file = cache.file;
    cache.close(); // the app dies after sending, before the answer was recorded

    const again = tempCache(file);
    const [pending] = outboxStore(again).pending();
    expect(pending).toMatchObject({ id: entry.id, idempotencyKey: entry.idempotencyKey, attempts: 1, state: 'pending' });
  });

  it('a retryable failure stays pending with the same key; a final one leaves the queue; done keeps the result', () => {
    const cache = tempCache();
    const outbox = outboxStore(cache);
    const a = outbox.enqueue({ op: 'filters.delete', payload: { filterId: 'flt_1' } });
    const b = outbox.enqueue({ op: 'lists.create', payload: { name: '' } });
    const c = outbox.enqueue({ op: 'lists.create', payload: { name: 'Ок' } });

    outbox.markFailed(a.id, '503 from the server', true);
    outbox.markFailed(b.id, '422 name too short', false);
    outbox.markDone(c.id, { list_id: 'lst_9' });

    expect(outbox.pending().map((e) => [e.id, e.idempotencyKey, e.lastError])).toEqual([[a.id, a.idempotencyKey, '503 from the server']]);
    expect(outbox.get(b.id)).toMatchObject({ state: 'failed', retryable: false, lastError: '422 name too short' });
    expect(outbox.get(c.id)).toMatchObject({ state: 'done', result: { list_id: 'lst_9' }, idempotencyKey: c.idempotencyKey });
    expect(() => outbox.markDone(999, null)).toThrow(/No outbox entry/);
  });
});
