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
import { ledgerStore, type BalanceMirror, type LedgerRow as CachedLedgerRow } from '../cache/ledgerStore';
import { quarantineStore } from '../cache/quarantineStore';
import { requestDeliveries } from '../cache/requestDeliveries';
import { versionStore } from '../cache/versionStore';
import { mirrorBalance, mirrorLedger } from '../sync/mirrors';
import { reconcile, type AuditVerdict, type LedgerRow, type LocalDeliveries } from './reconcile';

/** Pulls the balance and then the ledger; answers the fresh balance, or null when nothing could be pulled. */
export type AuditPull = () => Promise<BalanceMirror | null>;

export async function pullForAudit(client: ApiClient, cache: CacheDb, signal?: AbortSignal): Promise<BalanceMirror> {
  const balance = await mirrorBalance(client, cache, signal);
  await mirrorLedger(client, cache, signal);
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
  const seen = chargeLog(cache).all();
  const fresh = pull ? await pull() : null;
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
