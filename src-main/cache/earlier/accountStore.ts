/**
 * The earlier generation's money, mirrored so it can be shown offline: balances, the three daily limits and
 * the license as last read (`GET /balance`, 2.7), and the balance history (`GET /balance/history`, 2.8).
 *
 * History rows never change on the server, so each is written once. The history is listed newest first
 * with page numbers, so a mirror run reads page 1, 2, ... until it reaches a transaction at or below
 * `complete_through_id` (everything up to there is held); only a run that got there moves that mark, so a
 * run cut short leaves no gap for the next one to skip.
 */
import { perCache, type CacheDb } from '../database';
import { nowIso } from '../types';
import { writeTransaction } from '../writeRetry';

export interface EarlierLimit {
  entityType: string;
  /** The Moscow date the counts are of (`YYYY-MM-DD`). */
  date: string | null;
  current: number;
  limit: number;
  remaining: number;
  /** The next reset, 00:00 Moscow time (the server's `reset_at`). */
  resetAt: string;
}

export interface EarlierAccount {
  balance: { tenders: number; contracts: number; protocols: number };
  limits: { tenders: EarlierLimit; contracts: EarlierLimit; protocols: EarlierLimit };
  license: { active: boolean; endDate: string | null };
  /** The server's `last_updated`. */
  lastUpdated: string | null;
  /** When this cache read it. */
  fetchedAt: string;
}

/** `GET /balance` as delivered (2.7). */
export interface BalanceInput {
  balance: { tenders: number; contracts: number; protocols: number };
  limits: Record<'tenders' | 'contracts' | 'protocols', { entity_type: string; date?: string; current: number; limit: number; remaining: number; reset_at: string }>;
  license: { active: boolean; end_date?: string | null };
  last_updated: string;
  [field: string]: unknown;
}

/** A transaction of `GET /balance/history` as delivered (2.8). */
export interface TransactionInput {
  id: number;
  amount: number;
  transaction_type: string;
  balance_type: string;
  created_at: string;
  description?: unknown;
  entity_id?: unknown;
  entity_type?: unknown;
  filter_id?: unknown;
  [field: string]: unknown;
}

export interface EarlierTransaction {
  id: number;
  /** Positive credit, negative debit. */
  amount: number;
  transactionType: string;
  description: string | null;
  balanceType: string;
  /** The tender charged (debits for tenders); null for credits and a manager's debits. */
  entityId: number | null;
  entityType: string | null;
  /** The filter whose page charged it; null for details and favorites updates. */
  filterId: number | null;
  createdAt: string;
}

export interface EarlierAccountStore {
  setAccount(b: BalanceInput, fetchedAt?: string): EarlierAccount;
  account(): EarlierAccount | undefined;
  /** Stores transactions not held yet; returns how many were new. */
  addTransactions(rows: readonly TransactionInput[]): number;
  /** A mirror run reached what was held: everything up to `throughId` is held now. */
  historyComplete(throughId: number, total: number): void;
  /** Every transaction up to this id is held (0 before the first complete run). */
  completeThroughId(): number;
  /** Newest first. */
  transactions(opts?: { limit?: number; offset?: number }): EarlierTransaction[];
  transactionCount(): number;
  historyFetchedAt(): string | null;
  /** Debits for one tender (more than one would be a repeat charge). */
  debitsFor(tenderId: number): EarlierTransaction[];
}

interface AccountRow {
  balance_tenders: number;
  balance_contracts: number;
  balance_protocols: number;
  limits: string;
  license_active: number;
  license_end_date: string | null;
  last_updated: string | null;
  fetched_at: string;
}

interface TransactionRow {
  id: number;
  amount: number;
  transaction_type: string;
  description: string | null;
  balance_type: string;
  entity_id: number | null;
  entity_type: string | null;
  filter_id: number | null;
  created_at: string;
}

const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const toLimit = (l: BalanceInput['limits']['tenders']): EarlierLimit => ({
  entityType: l.entity_type,
  date: l.date ?? null,
  current: l.current,
  limit: l.limit,
  remaining: l.remaining,
  resetAt: l.reset_at,
});

const toAccount = (r: AccountRow): EarlierAccount => {
  const limits = JSON.parse(r.limits) as BalanceInput['limits'];
  return {
    balance: { tenders: r.balance_tenders, contracts: r.balance_contracts, protocols: r.balance_protocols },
    limits: { tenders: toLimit(limits.tenders), contracts: toLimit(limits.contracts), protocols: toLimit(limits.protocols) },
    license: { active: r.license_active === 1, endDate: r.license_end_date },
    lastUpdated: r.last_updated,
    fetchedAt: r.fetched_at,
  };
};

const toTransaction = (r: TransactionRow): EarlierTransaction => ({
  id: r.id,
  amount: r.amount,
  transactionType: r.transaction_type,
  description: r.description,
  balanceType: r.balance_type,
  entityId: r.entity_id,
  entityType: r.entity_type,
  filterId: r.filter_id,
  createdAt: r.created_at,
});

function createAccountStore(cache: CacheDb): EarlierAccountStore {
  const { db } = cache;
  const s = {
    setAccount: db.prepare(
      `INSERT INTO earlier_account (singleton, balance_tenders, balance_contracts, balance_protocols, limits, license_active, license_end_date, last_updated, fetched_at, json)
       VALUES (1, @tenders, @contracts, @protocols, @limits, @licenseActive, @licenseEnd, @lastUpdated, @fetchedAt, @json)
       ON CONFLICT (singleton) DO UPDATE SET balance_tenders = excluded.balance_tenders, balance_contracts = excluded.balance_contracts,
         balance_protocols = excluded.balance_protocols, limits = excluded.limits, license_active = excluded.license_active,
         license_end_date = excluded.license_end_date, last_updated = excluded.last_updated, fetched_at = excluded.fetched_at, json = excluded.json`,
    ),
    account: db.prepare<[], AccountRow>('SELECT * FROM earlier_account WHERE singleton = 1'),
    addTransaction: db.prepare(
      `INSERT INTO earlier_transaction (id, amount, transaction_type, description, balance_type, entity_id, entity_type, filter_id, created_at, json)
       VALUES (@id, @amount, @type, @description, @balanceType, @entityId, @entityType, @filterId, @createdAt, @json) ON CONFLICT (id) DO NOTHING`,
    ),
    complete: db.prepare(
      `INSERT INTO earlier_history_state (singleton, complete_through_id, total, fetched_at) VALUES (1, @id, @total, @at)
       ON CONFLICT (singleton) DO UPDATE SET complete_through_id = max(complete_through_id, excluded.complete_through_id),
         total = excluded.total, fetched_at = excluded.fetched_at`,
    ),
    through: db.prepare<[], number>('SELECT complete_through_id FROM earlier_history_state WHERE singleton = 1').pluck(),
    fetchedAt: db.prepare<[], string>('SELECT fetched_at FROM earlier_history_state WHERE singleton = 1').pluck(),
    page: db.prepare<[number, number], TransactionRow>(
      'SELECT id, amount, transaction_type, description, balance_type, entity_id, entity_type, filter_id, created_at FROM earlier_transaction ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    count: db.prepare<[], number>('SELECT count(*) FROM earlier_transaction').pluck(),
    debits: db.prepare<[number], TransactionRow>(
      `SELECT id, amount, transaction_type, description, balance_type, entity_id, entity_type, filter_id, created_at FROM earlier_transaction
       WHERE entity_type = 'tender' AND entity_id = ? AND transaction_type = 'debit' ORDER BY id`,
    ),
  };

  const add = writeTransaction(db, (rows: readonly TransactionInput[]): number => {
    let added = 0;
    for (const t of rows) {
      added += s.addTransaction.run({
        id: t.id,
        amount: t.amount,
        type: t.transaction_type,
        description: strOrNull(t.description),
        balanceType: t.balance_type,
        entityId: intOrNull(t.entity_id),
        entityType: strOrNull(t.entity_type),
        filterId: intOrNull(t.filter_id),
        createdAt: t.created_at,
        json: JSON.stringify(t),
      }).changes;
    }
    return added;
  });

  return {
    setAccount(b, fetchedAt = nowIso()) {
      s.setAccount.run({
        tenders: b.balance.tenders,
        contracts: b.balance.contracts,
        protocols: b.balance.protocols,
        limits: JSON.stringify(b.limits),
        licenseActive: b.license.active ? 1 : 0,
        licenseEnd: b.license.end_date ?? null,
        lastUpdated: b.last_updated,
        fetchedAt,
        json: JSON.stringify(b),
      });
      return toAccount(s.account.get()!);
    },
    account() {
      const r = s.account.get();
      return r ? toAccount(r) : undefined;
    },
    addTransactions(rows) {
      return add(rows);
    },
    historyComplete(throughId, total) {
      s.complete.run({ id: throughId, total, at: nowIso() });
    },
    completeThroughId() {
      return s.through.get() ?? 0;
    },
    transactions(opts = {}) {
      return s.page.all(opts.limit ?? 100, opts.offset ?? 0).map(toTransaction);
    },
    transactionCount() {
      return s.count.get() ?? 0;
    },
    historyFetchedAt() {
      return s.fetchedAt.get() ?? null;
    },
    debitsFor(tenderId) {
      return s.debits.all(tenderId).map(toTransaction);
    },
  };
}

export const earlierAccountStore = perCache(createAccountStore);
