/**
 * A dossier's backfill: the contracts of one customer (the `customer.inn` criterion) or of one
 * supplier (a supplier subscription by INN alone) read into the cache, the Contracts view's own set and query
 * path (current/contracts.ts, feedRuns.feedEstimate / feedJob). These are paid queries: the estimate is the
 * set's total (stated by a one-item QUERY, at most one unit) minus the contracts held, and the job is planned
 * by spendGuard like every paid run, so it never starts without consent above the confirmation threshold.
 *
 * The reference does not promise a contract's `customer` (2.6a): after a customer's backfill, the contracts its
 * feed delivered are attributed to that customer in the insight store, so the dossier counts them.
 */
import { enrichStore } from '../cache/enrichStore';
import { attributeContractsToCustomer } from '../cache/insightStore';
import type { ContractSet, SpendEstimate } from '../contract/ipc';
import { partySetName } from '../i18n/filterName';
import type { Locale } from '../i18n/text';
import type { SyncOutcome } from '../sync/syncEngine';
import { checkedContractBody, ContractUseCases } from './contracts';
import type { Wired } from './deps';
import * as runs from './feedRuns';
import type { JobHooks, JobSpec } from './syncJobs';

export type BackfillTarget = { kind: 'customer' | 'supplier'; inn: string };

/**
 * How a backfill's run is named wherever its set is (the job, the spend by search): it has no saved search's
 * label, and «поиск без названия» told no one it was a dossier's contracts. The words are the filter names'
 * (i18n/filterName.ts), so the job and the ledger say the same.
 */
export function backfillLabel(t: BackfillTarget, locale: Locale): string {
  return partySetName(t.kind, [t.inn], locale);
}

const setOf = (t: BackfillTarget): ContractSet => (t.kind === 'customer' ? { by: 'customer', inn: [t.inn] } : { by: 'supplier', inn: [t.inn] });

/**
 * The customer a contract QUERY body asks for when it asks for exactly one by INN (`{customer: {inn: [X]}}`,
 * the Contracts view's and `tenderwb contracts --customer X`'s set too): a customer's backfill by another
 * name, whose contracts are attributed the same way.
 */
export function customerSetOf(body: Record<string, unknown>): BackfillTarget | null {
  const customer = body.customer as { inn?: unknown } | undefined;
  if (Object.keys(body).length !== 1 || typeof customer !== 'object' || customer === null || Object.keys(customer).length !== 1) return null;
  const inn = Array.isArray(customer.inn) && customer.inn.length === 1 ? customer.inn[0] : undefined;
  return typeof inn === 'string' ? { kind: 'customer', inn } : null;
}

/** What the backfill would cost (the set's total minus the contracts held), before it pays. */
export function backfillEstimate(w: Wired, t: BackfillTarget, maxSpend?: number): Promise<{ filterId: string; charged: number; spend: SpendEstimate }> {
  return runs.feedEstimate(w, 'contract', checkedContractBody(setOf(t)), maxSpend);
}

/** Starts the backfill as a job, planned like every paid run (consent, caps, daily budget). */
export async function backfillStart(
  w: Wired,
  t: BackfillTarget,
  opts: { maxSpend?: number; confirmCost?: number; locale?: Locale } = {},
): Promise<{ filterId: string; jobId: string }> {
  const set = setOf(t);
  const started = await runs.feedJob(w, 'contract', checkedContractBody(set), {
    label: backfillLabel(t, opts.locale ?? 'ru'),
    ...(opts.maxSpend !== undefined ? { maxSpend: opts.maxSpend } : {}),
    ...(opts.confirmCost !== undefined ? { confirmCost: opts.confirmCost } : {}),
    backfill: t,
  });
  // The Contracts view of the same set shows this feed's members (current/contracts.ts setKey).
  new ContractUseCases({ cache: w.cache }).rememberSetFilter(set, started.filterId);
  return started;
}

/**
 * After a customer's backfill, its feed's contracts are that customer's (the query asked for them by INN):
 * attributed in the insight store, which resolves a contract's customer from it only where the contract names
 * none. Every contract the filter ever delivered, not only this run's, so an interrupted run is caught up by
 * the next one.
 */
export function attributeBackfill(w: Wired, filterId: string, t: BackfillTarget): void {
  if (t.kind !== 'customer') return;
  attributeContractsToCustomer(w.cache, enrichStore(w.cache).contractIdsDeliveredBy(filterId), t.inn);
}

/** The body of a backfill job: the feed read like any contract set, then its contracts attributed. */
export async function runBackfillJob(w: Wired, spec: JobSpec & { backfill: BackfillTarget }, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
  try {
    return await runs.runSyncJob(w, spec, signal, hooks);
  } finally {
    // Also after a stop or a failure: what was stored is attributed.
    attributeBackfill(w, spec.filterId, spec.backfill);
  }
}
