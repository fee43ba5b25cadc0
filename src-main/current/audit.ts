/**
 * The audit of the current generation (audit/auditCache.ts): every ledger row must be one delivered version,
 * none charged twice, and every charge a response told of must be in the ledger. The app's `ledger.audit` and
 * `tenderwb audit` call it; this module owns how much of the ledger is pulled first and what a verdict reports.
 */
import { AUDIT_PULL_PAGES, auditCache, pullForAudit } from '../audit/auditCache';
import type { AuditVerdict } from '../audit/reconcile';
import type { CacheDb } from '../cache/database';
import type { MethodResult } from '../contract/ipc';
import { tryCall, type CurrentNet } from './net';

export interface AuditDeps {
  readonly cache: CacheDb;
  readonly net: CurrentNet;
}

/**
 * `bounded`: at most AUDIT_PULL_PAGES ledger pages, and only when the server can be reached (the app answers
 * within seconds; a longer ledger is judged against the last complete pull). `whole`: the whole ledger, and a
 * failure to read it fails the audit (the CLI, run to be sure, while the server can be reached).
 */
export type AuditPullMode = 'bounded' | 'whole' | 'cache';

/** `cache`: no pull at all, judged from the cache and the last complete pull (the CLI when the server cannot be reached). */
export async function runAudit({ cache, net }: AuditDeps, mode: AuditPullMode): Promise<AuditVerdict> {
  if (mode === 'cache') return auditCache(cache, null);
  return auditCache(cache, () =>
    mode === 'whole' ? net.call((client) => pullForAudit(client, cache)) : tryCall(net, (client) => pullForAudit(client, cache, undefined, AUDIT_PULL_PAGES)),
  );
}

/** The verdict as the contract's `ledger.audit` answers it: repeats counted, unexplained rows by id. */
export function auditVerdictInfo(v: AuditVerdict, checkedAt = new Date().toISOString()): MethodResult<'ledger.audit'> {
  return {
    rows: v.rows,
    matched: v.matched,
    repeatCharges: v.repeatCharges.map((r) => ({ kind: r.kind, id: r.id, version: r.version, times: r.ledgerIds.length })),
    unexplained: v.unexplained.map((r) => r.id),
    ok: v.ok,
    checkedAt,
    matchedByRequest: v.matchedByRequest,
    notUnderstood: v.notUnderstood.map((q) => ({ quarantineId: q.quarantineId, route: q.route, reason: q.reason, receivedAt: q.receivedAt, ledgerIds: q.ledgerIds })),
    missingByRequest: v.missingByRequest.map((m) => ({ requestId: m.requestId, balanceType: m.balanceType, said: m.said, inLedger: m.inLedger })),
    missingByBalance: v.missingByBalance,
    overLedger: v.overLedger,
    seen: v.seen,
    ledgerPulled: v.ledgerPulled,
    vacuous: v.vacuous,
  };
}
