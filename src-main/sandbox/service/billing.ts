/**
 * Per-version billing (reference 2.6): the first delivery of an object version to an account is charged
 * once, whatever filter, stream or card it came through; a page is cut where the balance runs out.
 * Callers run this inside the same transaction that reads the page, so a page and its charges are atomic.
 */
import type Database from 'better-sqlite3';
import { moscowDayStartMs, moscowIso, moscowMonthStartMs } from './clock';
import type { EventName } from './cursor';

export type BalanceType = 'tenders' | 'contracts';
export type Deliverable = { object_id: number; version: number; event?: EventName };
export type Delivered<T extends Deliverable> = T & { billed: boolean };

export type PageBill<T extends Deliverable> = {
  delivered: Delivered<T>[];
  /** True when the page was cut because the balance ran out (2.6 rule 7). */
  exhausted: boolean;
  created: number;
  updated: number;
  free: number;
};

export type BillingContext = {
  accountId: number;
  isTest: boolean;
  balanceType: BalanceType;
  filterId: string | null;
  requestId: string;
  nowMs: number;
};

const kindOf = (b: BalanceType): 'tender' | 'contract' => (b === 'tenders' ? 'tender' : 'contract');

export function billPage<T extends Deliverable>(db: Database.Database, ctx: BillingContext, items: readonly T[]): PageBill<T> {
  const kind = kindOf(ctx.balanceType);
  const seen = db.prepare('SELECT 1 FROM deliveries WHERE account_id = ? AND kind = ? AND object_id = ? AND version = ?');
  const record = db.prepare('INSERT OR IGNORE INTO deliveries(account_id, kind, object_id, version) VALUES (?, ?, ?, ?)');
  const column = ctx.balanceType === 'tenders' ? 'balance_tenders' : 'balance_contracts';
  let balance = (db.prepare(`SELECT ${column} AS b FROM accounts WHERE id = ?`).get(ctx.accountId) as { b: number }).b;
  const ledger = db.prepare(
    'INSERT INTO ledger(account_id, balance_type, amount, object_id, version, filter_id, request_id, created_at, created_ms) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)',
  );
  const out: PageBill<T> = { delivered: [], exhausted: false, created: 0, updated: 0, free: 0 };
  // The same version twice on one page (both streams read with one cursor) is charged once.
  const chargedHere = new Set<string>();
  for (const item of items) {
    const key = `${item.object_id}:${item.version}`;
    const isNew = !chargedHere.has(key) && !seen.get(ctx.accountId, kind, item.object_id, item.version);
    const charge = isNew && !ctx.isTest;
    if (charge && balance <= 0) {
      out.exhausted = true;
      break;
    }
    record.run(ctx.accountId, kind, item.object_id, item.version);
    if (charge) {
      balance -= 1;
      chargedHere.add(key);
      ledger.run(ctx.accountId, ctx.balanceType, item.object_id, item.version, ctx.filterId, ctx.requestId, moscowIso(ctx.nowMs), ctx.nowMs);
      if (item.event === 'updated') out.updated += 1;
      else out.created += 1;
    } else {
      out.free += 1;
    }
    out.delivered.push({ ...item, billed: charge });
  }
  const charged = out.created + out.updated;
  if (charged) db.prepare(`UPDATE accounts SET ${column} = ${column} - ? WHERE id = ?`).run(charged, ctx.accountId);
  return out;
}

/** Charged units of this balance in the current Moscow calendar month (D-BILL-2). */
export function periodTotal(db: Database.Database, accountId: number, balanceType: BalanceType, nowMs: number): number {
  const row = db
    .prepare('SELECT coalesce(sum(amount), 0) AS n FROM ledger WHERE account_id = ? AND balance_type = ? AND created_ms >= ?')
    .get(accountId, balanceType, moscowMonthStartMs(nowMs)) as { n: number };
  return row.n;
}

export function usageToday(db: Database.Database, accountId: number, nowMs: number): { tenders: number; contracts: number } {
  const rows = db
    .prepare('SELECT balance_type, coalesce(sum(amount), 0) AS n FROM ledger WHERE account_id = ? AND created_ms >= ? GROUP BY balance_type')
    .all(accountId, moscowDayStartMs(nowMs)) as { balance_type: BalanceType; n: number }[];
  const usage = { tenders: 0, contracts: 0 };
  for (const r of rows) usage[r.balance_type] = r.n;
  return usage;
}
