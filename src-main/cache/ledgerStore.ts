/**
 * Mirror of the server's charge ledger (GET /balance/ledger) and of the last balance fetched
 * (GET /balance). Ledger rows never change on the server, so a row is written once and kept; `maxId` is
 * where the next fetch starts (`starting_after`).
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import { writeTransaction } from './writeRetry';

export type BalanceType = 'tenders' | 'contracts';

export interface LedgerRow {
  id: number;
  balanceType: BalanceType;
  amount: number;
  objectId: number;
  version: number;
  filterId: string | null;
  requestId: string | null;
  createdAt: string | null;
}

export interface BalanceMirror {
  balance: { tenders: number; contracts: number };
  usageToday: { tenders: number; contracts: number };
  /** The server's `last_updated`. */
  lastUpdated: string | null;
  /** When the app fetched it. */
  fetchedAt: string;
}

export interface LedgerStore {
  /** Stores rows not held yet (by id); returns how many were new. */
  upsertRows(rows: readonly LedgerRow[]): number;
  /** Highest ledger row id held, or 0 when none. */
  maxId(): number;
  count(balanceType?: BalanceType): number;
  /** Rows in id order, after `afterId` when given. */
  rows(options?: { afterId?: number; balanceType?: BalanceType }): IterableIterator<LedgerRow>;
  /** Ledger rows charged for one object version (more than one means it was paid twice). */
  rowsFor(objectId: number, version: number): LedgerRow[];
  setBalance(balance: BalanceMirror): void;
  getBalance(): BalanceMirror | undefined;
}

/** A row of the `ledger_row` table as SQLite returns it. */
export interface LedgerDbRow {
  id: number;
  balance_type: BalanceType;
  amount: number;
  object_id: number;
  version: number;
  filter_id: string | null;
  request_id: string | null;
  created_at: string | null;
}

export const ledgerRowOf = (r: LedgerDbRow): LedgerRow => ({
  id: r.id,
  balanceType: r.balance_type,
  amount: r.amount,
  objectId: r.object_id,
  version: r.version,
  filterId: r.filter_id,
  requestId: r.request_id,
  createdAt: r.created_at,
});

interface BalanceRow {
  tenders: number;
  contracts: number;
  usage_today_tenders: number;
  usage_today_contracts: number;
  last_updated: string | null;
  fetched_at: string;
}

function createLedgerStore(cache: CacheDb): LedgerStore {
  const { db } = cache;
  const s = {
    insert: db.prepare(
      `INSERT INTO ledger_row (id, balance_type, amount, object_id, version, filter_id, request_id, created_at)
       VALUES (@id, @balanceType, @amount, @objectId, @version, @filterId, @requestId, @createdAt) ON CONFLICT (id) DO NOTHING`,
    ),
    maxId: db.prepare<[], number | null>('SELECT max(id) FROM ledger_row').pluck(),
    count: db.prepare<[], number>('SELECT count(*) FROM ledger_row').pluck(),
    countOf: db.prepare<[string], number>('SELECT count(*) FROM ledger_row WHERE balance_type = ?').pluck(),
    after: db.prepare<[number], LedgerDbRow>('SELECT * FROM ledger_row WHERE id > ? ORDER BY id'),
    afterOf: db.prepare<[number, string], LedgerDbRow>('SELECT * FROM ledger_row WHERE id > ? AND balance_type = ? ORDER BY id'),
    rowsFor: db.prepare<[number, number], LedgerDbRow>('SELECT * FROM ledger_row WHERE object_id = ? AND version = ? ORDER BY id'),
    setBalance: db.prepare(
      `INSERT INTO balance_mirror (singleton, tenders, contracts, usage_today_tenders, usage_today_contracts, last_updated, fetched_at)
       VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (singleton) DO UPDATE SET tenders = excluded.tenders, contracts = excluded.contracts,
         usage_today_tenders = excluded.usage_today_tenders, usage_today_contracts = excluded.usage_today_contracts,
         last_updated = excluded.last_updated, fetched_at = excluded.fetched_at`,
    ),
    getBalance: db.prepare<[], BalanceRow>('SELECT * FROM balance_mirror WHERE singleton = 1'),
  };

  const upsert = writeTransaction(db, (rows: readonly LedgerRow[]) => {
    let added = 0;
    for (const row of rows) added += s.insert.run(row).changes;
    return added;
  });

  return {
    upsertRows(rows) {
      for (const r of rows) {
        if (!Number.isSafeInteger(r.id) || r.id <= 0) throw new CacheInputError(`Ledger row id ${String(r.id)} is not a positive integer.`);
        if (r.balanceType !== 'tenders' && r.balanceType !== 'contracts') {
          throw new CacheInputError(`Ledger row ${r.id}: balance_type must be tenders or contracts.`);
        }
      }
      return upsert(rows);
    },
    maxId() {
      return s.maxId.get() ?? 0;
    },
    count(balanceType) {
      return balanceType === undefined ? s.count.get()! : s.countOf.get(balanceType)!;
    },
    *rows(options = {}) {
      const after = options.afterId ?? 0;
      const it = options.balanceType === undefined ? s.after.iterate(after) : s.afterOf.iterate(after, options.balanceType);
      for (const row of it) yield ledgerRowOf(row);
    },
    rowsFor(objectId, version) {
      return s.rowsFor.all(objectId, version).map(ledgerRowOf);
    },
    setBalance(b) {
      s.setBalance.run(b.balance.tenders, b.balance.contracts, b.usageToday.tenders, b.usageToday.contracts, b.lastUpdated, b.fetchedAt);
    },
    getBalance() {
      const r = s.getBalance.get();
      return r
        ? {
            balance: { tenders: r.tenders, contracts: r.contracts },
            usageToday: { tenders: r.usage_today_tenders, contracts: r.usage_today_contracts },
            lastUpdated: r.last_updated,
            fetchedAt: r.fetched_at,
          }
        : undefined;
    },
  };
}

export const ledgerStore = perCache(createLedgerStore);
