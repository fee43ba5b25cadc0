/**
 * The queue of mutations to send (create a list, add items, delete a filter, ...). `enqueue` makes the
 * Idempotency-Key and stores it with the mutation in one transaction before anything is sent, so a retry
 * after a crash sends the same key and the server answers with the stored result instead of acting twice.
 */
import { randomUUID } from 'node:crypto';
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import { nowIso } from './types';
import { writeTransaction } from './writeRetry';

export type OutboxState = 'pending' | 'done' | 'failed';

export interface OutboxEntry {
  id: number;
  op: string;
  payload: unknown;
  /** UUID v4, made once when the mutation was queued. */
  idempotencyKey: string;
  state: OutboxState;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  result: unknown;
  lastError: string | null;
  retryable: boolean | null;
}

export interface OutboxStore {
  enqueue(mutation: { op: string; payload: unknown }): OutboxEntry;
  /** Mutations still to send, oldest first (a retryable failure stays pending). */
  pending(): OutboxEntry[];
  get(id: number): OutboxEntry | undefined;
  /** Call just before sending: counts the attempt. */
  recordAttempt(id: number): void;
  markDone(id: number, result: unknown): void;
  /** A retryable failure stays pending (same key next time); any other is final. */
  markFailed(id: number, error: string, retryable: boolean): void;
  /**
   * The server's id (`list_id` of the answer) of a list made offline under the temporary id `localId`, once
   * its `list.create` was sent; undefined before.
   */
  serverListId(localId: string): string | undefined;
}

interface Row {
  id: number;
  op: string;
  payload: string;
  idempotency_key: string;
  state: OutboxState;
  attempts: number;
  created_at: string;
  updated_at: string;
  result: string | null;
  last_error: string | null;
  retryable: number | null;
}

const toEntry = (r: Row): OutboxEntry => ({
  id: r.id,
  op: r.op,
  payload: JSON.parse(r.payload) as unknown,
  idempotencyKey: r.idempotency_key,
  state: r.state,
  attempts: r.attempts,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  result: r.result === null ? null : (JSON.parse(r.result) as unknown),
  lastError: r.last_error,
  retryable: r.retryable === null ? null : r.retryable === 1,
});

function createOutboxStore(cache: CacheDb): OutboxStore {
  const { db } = cache;
  const s = {
    insert: db.prepare(
      `INSERT INTO outbox (op, payload, idempotency_key, state, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?)`,
    ),
    get: db.prepare<[number], Row>('SELECT * FROM outbox WHERE id = ?'),
    pending: db.prepare<[], Row>("SELECT * FROM outbox WHERE state = 'pending' ORDER BY id"),
    attempt: db.prepare("UPDATE outbox SET attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'pending'"),
    done: db.prepare("UPDATE outbox SET state = 'done', result = ?, last_error = NULL, retryable = NULL, updated_at = ? WHERE id = ?"),
    failed: db.prepare('UPDATE outbox SET state = ?, last_error = ?, retryable = ?, updated_at = ? WHERE id = ?'),
    createdList: db
      .prepare<[string], string>(
        "SELECT json_extract(result, '$.list_id') FROM outbox WHERE op = 'list.create' AND state = 'done' AND json_extract(payload, '$.localId') = ?",
      )
      .pluck(),
  };

  const enqueue = writeTransaction(db, (op: string, payload: string): number => {
    const at = nowIso();
    return Number(s.insert.run(op, payload, randomUUID(), at, at).lastInsertRowid);
  });

  const mustChange = (changes: number, id: number): void => {
    if (changes === 0) throw new CacheInputError(`No outbox entry ${id}.`);
  };

  return {
    enqueue({ op, payload }) {
      if (!op) throw new CacheInputError('An outbox entry needs its operation name.');
      const id = enqueue(op, JSON.stringify(payload ?? null));
      return toEntry(s.get.get(id)!);
    },
    pending() {
      return s.pending.all().map(toEntry);
    },
    get(id) {
      const row = s.get.get(id);
      return row ? toEntry(row) : undefined;
    },
    recordAttempt(id) {
      s.attempt.run(nowIso(), id);
    },
    markDone(id, result) {
      mustChange(s.done.run(JSON.stringify(result ?? null), nowIso(), id).changes, id);
    },
    markFailed(id, error, retryable) {
      mustChange(s.failed.run(retryable ? 'pending' : 'failed', error, retryable ? 1 : 0, nowIso(), id).changes, id);
    },
    serverListId(localId) {
      return s.createdList.get(localId) ?? undefined;
    },
  };
}

export const outboxStore = perCache(createOutboxStore);
