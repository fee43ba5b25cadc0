/**
 * Mirror of the server's charge ledger (GET /balance/ledger) and of the last balance fetched
 * (GET /balance). Ledger rows never change on the server, so a row is written once and kept; `maxId` is
 * where the next fetch starts (`starting_after`).
 *
 * A team pull also brings rows a teammate claims: they are kept apart (`team_machine`, migration 0021)
 * and are not this ledger. Everything read here (the audit, the ledger view, the spend, exports, `maxId`) is the
 * API's rows only: a teammate's row never counts as a charge, and 300 claimed ids above the API's newest row can
 * no longer make the mirror skip the real rows below them. The API's row of an id replaces a claim of that id.
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
  /**
   * Stores rows the API's ledger gave that are not held yet as the API's (by id): a teammate's claim of the same id
   * is replaced by the API's row. Returns how many became the API's here.
   */
  upsertRows(rows: readonly LedgerRow[]): number;
  /** Stores rows a teammate pushed (each with the pushing machine), where no row of that id is held; returns how many. */
  upsertTeamRows(rows: readonly (LedgerRow & { machineId: string })[]): number;
  /** Rows only a teammate claims (not seen in the API's ledger here). */
  teamOnlyCount(): number;
  /** Highest id of the API's rows held, or 0 when none. */
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
       VALUES (@id, @balanceType, @amount, @objectId, @version, @filterId, @requestId, @createdAt)
       ON CONFLICT (id) DO UPDATE SET balance_type = excluded.balance_type, amount = excluded.amount, object_id = excluded.object_id,
         version = excluded.version, filter_id = excluded.filter_id, request_id = excluded.request_id, created_at = excluded.created_at,
         team_machine = NULL
       WHERE ledger_row.team_machine IS NOT NULL`,
    ),
    insertTeam: db.prepare(
      `INSERT INTO ledger_row (id, balance_type, amount, object_id, version, filter_id, request_id, created_at, team_machine)
       VALUES (@id, @balanceType, @amount, @objectId, @version, @filterId, @requestId, @createdAt, @machineId) ON CONFLICT (id) DO NOTHING`,
    ),
    teamOnly: db.prepare<[], number>('SELECT count(*) FROM ledger_row WHERE team_machine IS NOT NULL').pluck(),
    maxId: db.prepare<[], number | null>('SELECT max(id) FROM ledger_row WHERE team_machine IS NULL').pluck(),
    count: db.prepare<[], number>('SELECT count(*) FROM ledger_row WHERE team_machine IS NULL').pluck(),
    countOf: db.prepare<[string], number>('SELECT count(*) FROM ledger_row WHERE balance_type = ? AND team_machine IS NULL').pluck(),
    after: db.prepare<[number], LedgerDbRow>('SELECT * FROM ledger_row WHERE id > ? AND team_machine IS NULL ORDER BY id'),
    afterOf: db.prepare<[number, string], LedgerDbRow>('SELECT * FROM ledger_row WHERE id > ? AND balance_type = ? AND team_machine IS NULL ORDER BY id'),
    rowsFor: db.prepare<[number, number], LedgerDbRow>('SELECT * FROM ledger_row WHERE object_id = ? AND version = ? AND team_machine IS NULL ORDER BY id'),
    setBalance: db.prepare(
      `INSERT INTO balance_mirror (singleton, tenders, contracts, usage_today_tenders, usage_today_contracts, last_updated, fetched_at)
       VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (singleton) DO UPDATE SET tenders = excluded.tenders, contracts = excluded.contracts,
         usage_today_tenders = excluded.usage_today_tenders, usage_today_contracts = excluded.usage_today_contracts,
         last_updated = excluded.last_updated, fetched_at = excluded.fetched_at`,
    ),
    getBalance: db.prepare<[], BalanceRow>('SELECT * FROM balance_mirror WHERE singleton = 1'),
  };

  const columns = ({ id, balanceType, amount, objectId, version, filterId, requestId, createdAt }: LedgerRow) =>
    ({ id, balanceType, amount, objectId, version, filterId, requestId, createdAt });
  const upsert = writeTransaction(db, (rows: readonly LedgerRow[]) => {
    let added = 0;
    for (const row of rows) added += s.insert.run(columns(row)).changes;
    return added;
  });
  const upsertTeam = writeTransaction(db, (rows: readonly (LedgerRow & { machineId: string })[]) => {
    let added = 0;
    for (const row of rows) added += s.insertTeam.run({ ...columns(row), machineId: row.machineId }).changes;
    return added;
  });
  const check = (rows: readonly LedgerRow[]): void => {
    for (const r of rows) {
      if (!Number.isSafeInteger(r.id) || r.id <= 0) throw new CacheInputError(`Ledger row id ${String(r.id)} is not a positive integer.`);
      if (r.balanceType !== 'tenders' && r.balanceType !== 'contracts') {
        throw new CacheInputError(`Ledger row ${r.id}: balance_type must be tenders or contracts.`);
      }
    }
  };

  return {
    upsertRows(rows) {
      check(rows);
      return upsert(rows);
    },
    upsertTeamRows(rows) {
      check(rows);
      return upsertTeam(rows);
    },
    teamOnlyCount: () => s.teamOnly.get()!,
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
