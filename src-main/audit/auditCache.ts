/**
 * The audit as one use case over a cache, shared by `tenderwb audit` and the app's `ledger.audit`: it reads
 * what `reconcile` needs from the cache, pulling the ledger first when it can.
 *
 * Order matters. The charges responses told of are read BEFORE the pull, so every one of them was made
 * before the ledger was read and must be in it; a page charged during the pull is then neither counted as
 * seen nor missed. The balance is pulled before the ledger for the same reason: `usage_today` may not
 * exceed a ledger read after it.
 */
import type { ApiClient } from '../api/client';
import { chargeLog } from '../cache/chargeLog';
import type { CacheDb } from '../cache/database';
import { ledgerPullMark } from '../cache/ledgerPullMark';
import { ledgerStore, type BalanceMirror, type LedgerRow as CachedLedgerRow } from '../cache/ledgerStore';
import { quarantineStore } from '../cache/quarantineStore';
import { requestDeliveries } from '../cache/requestDeliveries';
import { versionStore } from '../cache/versionStore';
import { mirrorBalance, mirrorLedgerPages } from '../sync/mirrors';
import { reconcile, type AuditVerdict, type LedgerRow, type LocalDeliveries } from './reconcile';

/** Pulls the balance and then the ledger; answers the fresh balance, or null when nothing could be pulled. */
export type AuditPull = () => Promise<BalanceMirror | null>;

/**
 * The balance, then the ledger (whole, or at most `maxPages` pages). A complete pull is recorded with the charge
 * log's seq read before it began, so a later audit can judge from the cache alone (cache/ledgerPullMark.ts).
 * Answers the balance when the ledger was read to its end, else null: the rest comes with a later pull.
 */
export async function pullForAudit(
  client: ApiClient,
  cache: CacheDb,
  signal?: AbortSignal,
  maxPages = Number.POSITIVE_INFINITY,
  onRows?: (rows: number) => void,
): Promise<BalanceMirror | null> {
  const mark = ledgerPullMark(cache);
  const chargeSeq = mark.chargeSeqNow();
  const balance = await mirrorBalance(client, cache, signal);
  const { complete } = await mirrorLedgerPages(client, cache, maxPages, signal, onRows);
  if (!complete) return null;
  mark.set({ chargeSeq, usageToday: balance.usageToday, pulledAt: new Date().toISOString() });
  return balance;
}

export const auditRow = (r: CachedLedgerRow): LedgerRow => ({
  id: r.id,
  balance_type: r.balanceType,
  amount: r.amount,
  object_id: r.objectId,
  version: r.version,
  filter_id: r.filterId,
  request_id: r.requestId,
});

/** The local side of the ledger -> client direction, for the audit and for each row's mark in the app. */
export function localDeliveries(cache: CacheDb): LocalDeliveries {
  const versions = versionStore(cache);
  const byRequest = requestDeliveries(cache);
  return {
    holds: (kind, id, version) => versions.has(kind, id, version),
    deliveredIn: (kind, id, requestId) => byRequest.deliveredIn(kind, id, requestId),
  };
}

function* ledgerRows(cache: CacheDb): Generator<LedgerRow> {
  for (const r of ledgerStore(cache).rows()) yield auditRow(r);
}

export async function auditCache(cache: CacheDb, pull: AuditPull | null): Promise<AuditVerdict> {
  const mark = ledgerPullMark(cache);
  // One read transaction: the charges and their last seq from the same snapshot, whatever another process logs.
  const { seen, seenUpTo } = cache.db.transaction(() => ({ seen: chargeLog(cache).all(), seenUpTo: mark.chargeSeqNow() }))();
  const pulled = pull ? await pull() : null;
  // Without a pull now, the last complete one still judges every charge logged before it began.
  const last = pulled ? undefined : mark.get();
  const fresh = pulled ?? (last && last.chargeSeq >= seenUpTo ? { usageToday: last.usageToday } : null);
  const quarantined = quarantineStore(cache)
    .pending()
    .map((q) => ({ quarantineId: q.quarantineId, requestId: q.requestId, route: q.route, balance: q.balance, reason: q.reason, receivedAt: q.receivedAt }));
  return reconcile({
    ledger: ledgerRows(cache),
    local: localDeliveries(cache),
    seen,
    ledgerPulled: fresh !== null,
    quarantined,
    usageToday: fresh?.usageToday ?? null,
  });
}
