/**
 * Answers of charging routes the client could not interpret (migration 0006), kept raw so that nothing paid
 * for is thrown away. The audit reports them as "delivered but not understood"; sync/quarantine.ts processes
 * them again after an upgrade and marks each with what that did.
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import type { BalanceType } from './ledgerStore';

export interface QuarantineInput {
  route: string;
  path: string;
  query: Record<string, string | number>;
  requestBody: string | null;
  balance: BalanceType;
  status: number;
  requestId: string | null;
  /** ISO-8601. */
  receivedAt: string;
  reason: string;
  /** The body exactly as received. */
  body: string;
}

export interface QuarantinedAnswer extends QuarantineInput {
  quarantineId: number;
  processedAt: string | null;
  outcome: string | null;
}

export interface QuarantineStore {
  add(answer: QuarantineInput): number;
  /** Not yet processed into the cache, oldest first. */
  pending(): QuarantinedAnswer[];
  /** Whether any entry is pending, without reading the bodies (every CLI command that opens a cache asks). */
  hasPending(): boolean;
  all(): QuarantinedAnswer[];
  /** Marks an entry processed (its data is now stored) with what that did. */
  markProcessed(quarantineId: number, outcome: string, at?: string): void;
  /** Notes why an entry is still not understood; it stays pending. */
  noteAttempt(quarantineId: number, outcome: string): void;
}

interface Row {
  quarantine_id: number;
  route: string;
  path: string;
  query: string;
  request_body: string | null;
  balance_type: BalanceType;
  status: number;
  request_id: string | null;
  received_at: string;
  reason: string;
  body: Buffer;
  processed_at: string | null;
  outcome: string | null;
}

const toAnswer = (r: Row): QuarantinedAnswer => ({
  quarantineId: r.quarantine_id,
  route: r.route,
  path: r.path,
  query: JSON.parse(r.query) as Record<string, string | number>,
  requestBody: r.request_body,
  balance: r.balance_type,
  status: r.status,
  requestId: r.request_id,
  receivedAt: r.received_at,
  reason: r.reason,
  body: r.body.toString('utf8'),
  processedAt: r.processed_at,
  outcome: r.outcome,
});

function createQuarantineStore(cache: CacheDb): QuarantineStore {
  const { db } = cache;
  const s = {
    add: db.prepare(
      `INSERT INTO quarantine (route, path, query, request_body, balance_type, status, request_id, received_at, reason, body)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    pending: db.prepare<[], Row>('SELECT * FROM quarantine WHERE processed_at IS NULL ORDER BY quarantine_id'),
    hasPending: db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM quarantine WHERE processed_at IS NULL)').pluck(),
    all: db.prepare<[], Row>('SELECT * FROM quarantine ORDER BY quarantine_id'),
    done: db.prepare('UPDATE quarantine SET processed_at = ?, outcome = ? WHERE quarantine_id = ?'),
    note: db.prepare('UPDATE quarantine SET outcome = ? WHERE quarantine_id = ? AND processed_at IS NULL'),
  };
  return {
    add(a) {
      if (a.balance !== 'tenders' && a.balance !== 'contracts') throw new CacheInputError(`Unknown balance "${String(a.balance)}".`);
      if (typeof a.body !== 'string') throw new CacheInputError('A quarantined answer needs its body.');
      const info = s.add.run(
        a.route,
        a.path,
        JSON.stringify(a.query ?? {}),
        a.requestBody,
        a.balance,
        a.status,
        a.requestId,
        a.receivedAt,
        a.reason,
        Buffer.from(a.body, 'utf8'),
      );
      return Number(info.lastInsertRowid);
    },
    pending: () => s.pending.all().map(toAnswer),
    hasPending: () => s.hasPending.get() === 1,
    all: () => s.all.all().map(toAnswer),
    markProcessed(id, outcome, at = new Date().toISOString()) {
      s.done.run(at, outcome, id);
    },
    noteAttempt(id, outcome) {
      s.note.run(outcome, id);
    },
  };
}

export const quarantineStore = perCache(createQuarantineStore);
