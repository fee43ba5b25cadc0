/**
 * The audit of the current generation (audit/auditCache.ts): every ledger row must be one delivered version,
 * none charged twice, and every charge a response told of must be in the ledger. The app's `ledger.audit` and
 * `tenderwb audit` call it; this module owns how much of the ledger is pulled first and what a verdict reports.
 */
import type { ApiClient } from '../api/client';
import { auditCache, pullForAudit } from '../audit/auditCache';
import { AUDIT_PULL_PAGES } from '../audit/auditPullPages';
import type { AuditVerdict } from '../audit/reconcile';
import type { CacheDb } from '../cache/database';
import type { BalanceMirror } from '../cache/ledgerStore';
import type { MethodResult } from '../contract/ipc';
import { tryCall, type CurrentNet } from './net';

export interface AuditDeps {
  readonly cache: CacheDb;
  readonly net: CurrentNet;
}

/**
 * `bounded`: at most AUDIT_PULL_PAGES ledger pages after the newest row held, and only when the server can be
 * reached (the app's audit and `tenderwb audit`: an answer within seconds; a longer ledger is judged against the
 * last complete pull, and the next audit goes on where this one stopped). `whole`: the whole rest of the ledger,
 * and a failure to read it fails the audit (`tenderwb audit --full`).
 */
export type AuditPullMode = 'bounded' | 'whole' | 'cache';

/**
 * A verdict and how far this run read the ledger: to its end (`complete`), only its budget of pages (`partial`:
 * the next run goes on after the newest row held), or not at all (`none`: no pull asked, or no server).
 */
export interface AuditRun {
  verdict: AuditVerdict;
  pull: 'complete' | 'partial' | 'none';
}

/**
 * `cache`: no pull at all, judged from the cache and the last complete pull (the CLI when the server cannot be
 * reached). The app and the CLI both read `bounded` by default (the CLI's whole pull of a 58,038-row
 * ledger took 307 s where the app answered in 0.3 s); `tenderwb audit --full` asks for `whole`.
 */
export async function auditRun({ cache, net }: AuditDeps, mode: AuditPullMode, onRows?: (rows: number) => void): Promise<AuditRun> {
  if (mode === 'cache') return { verdict: await auditCache(cache, null), pull: 'none' };
  let pull: AuditRun['pull'] = 'none';
  // The pull enters `net.call` once: the app's goes through its network wrapper (connectivity, the profile's generation).
  const read = async (client: ApiClient, maxPages?: number): Promise<BalanceMirror | null> => {
    const balance = await pullForAudit(client, cache, undefined, maxPages, onRows);
    pull = balance === null ? 'partial' : 'complete';
    return balance;
  };
  const verdict = await auditCache(cache, () => (mode === 'whole' ? net.call((client) => read(client)) : tryCall(net, (client) => read(client, AUDIT_PULL_PAGES))));
  return { verdict, pull };
}

/** The verdict alone (the app's `ledger.audit`, which says a partial pull by `ledgerPulled`). */
export async function runAudit(deps: AuditDeps, mode: AuditPullMode): Promise<AuditVerdict> {
  return (await auditRun(deps, mode)).verdict;
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
