/**
 * The charges responses told of (migration 0006): the client's own side of the ledger, which the audit
 * checks the server's ledger against. Rows are added by feedStore and cardStore inside the transaction that
 * stores the page or card they came with, so a charge is logged exactly when its delivery is.
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import type { BalanceType } from './ledgerStore';

export interface SeenCharge {
  requestId: string | null;
  via: 'feed' | 'card';
  balanceType: BalanceType;
  filterId: string | null;
  /** Units the response said it charged (billed.created + billed.updated, or 1 for a billed card). */
  charged: number;
  /** True when the response stated the count; false when it was recounted from the items' flags. */
  stated: boolean;
  /** `billed.period_total` of the page, when stated. */
  periodTotal: number | null;
  /** ISO-8601. */
  receivedAt: string;
}

export interface ChargeLog {
  /** Adds one row; a response that charged nothing and stated no period total is not logged. */
  add(charge: SeenCharge): void;
  all(): SeenCharge[];
  /** Units charged per balance, as responses told. */
  totals(): { tenders: number; contracts: number };
  /** The highest `period_total` a response stated per balance (null when none did). */
  maxPeriodTotal(): { tenders: number | null; contracts: number | null };
}

interface Row {
  request_id: string | null;
  via: 'feed' | 'card';
  balance_type: BalanceType;
  filter_id: string | null;
  charged: number;
  stated: number;
  period_total: number | null;
  received_at: string;
}

function createChargeLog(cache: CacheDb): ChargeLog {
  const { db } = cache;
  const s = {
    add: db.prepare(
      `INSERT INTO response_charge (request_id, via, balance_type, filter_id, charged, stated, period_total, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    all: db.prepare<[], Row>('SELECT * FROM response_charge ORDER BY seq'),
    totals: db.prepare<[], { balance_type: BalanceType; charged: number; period: number | null }>(
      'SELECT balance_type, sum(charged) AS charged, max(period_total) AS period FROM response_charge GROUP BY balance_type',
    ),
  };
  const byBalance = () => new Map(s.totals.all().map((r) => [r.balance_type, r]));
  return {
    add(c) {
      if (c.balanceType !== 'tenders' && c.balanceType !== 'contracts') throw new CacheInputError(`Unknown balance "${String(c.balanceType)}".`);
      if (!Number.isSafeInteger(c.charged) || c.charged < 0) throw new CacheInputError('A charge is a whole number of units, 0 or more.');
      if (c.charged === 0 && c.periodTotal === null) return;
      s.add.run(c.requestId, c.via, c.balanceType, c.filterId, c.charged, c.stated ? 1 : 0, c.periodTotal, c.receivedAt);
    },
    all() {
      return s.all.all().map((r) => ({
        requestId: r.request_id,
        via: r.via,
        balanceType: r.balance_type,
        filterId: r.filter_id,
        charged: r.charged,
        stated: r.stated === 1,
        periodTotal: r.period_total,
        receivedAt: r.received_at,
      }));
    },
    totals() {
      const m = byBalance();
      return { tenders: m.get('tenders')?.charged ?? 0, contracts: m.get('contracts')?.charged ?? 0 };
    },
    maxPeriodTotal() {
      const m = byBalance();
      return { tenders: m.get('tenders')?.period ?? null, contracts: m.get('contracts')?.period ?? null };
    },
  };
}

export const chargeLog = perCache(createChargeLog);
