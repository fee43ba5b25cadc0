/**
 * Enrichment: the positions of cached tenders and contracts come only with their cards, so this
 * job opens the card of every cached object whose newest held version has no cached positions (all pages),
 * through the one card rule (CardUseCases.open: cached first, fetched and stored as a delivery, history-
 * checked and logged for the audit like any card the analyst opens).
 *
 * Cost: a card charges only when its version was not delivered before (D-BILL-3). Every version the cache
 * holds was delivered to this account, so a card of a held version costs 0; a card costs one unit only when
 * the server has meanwhile a newer version of the object, which nobody can know before asking. The preview
 * says so: 0 expected, at most one unit per object, and the run is planned on that worst case by spendGuard
 * (consent above the confirmation threshold, the caps, the daily budget). Before every request the run checks
 * that one more unit still fits under its cap, so it never passes it.
 *
 * The same run opens the cards of a set the caller names (`cardsEstimate`, `EnrichRun.targets`): the deadlines
 * calendar's tenders whose card is not held, for the link to the notice only a card carries; their
 * first pages only, planned and capped the same way.
 *
 * Resumable without any state of its own: what is missing is read from the card table each time
 * (cache/enrichStore.ts), so a rerun opens only what is still missing. Requests go through the profile's
 * client and so its rate limiter (100 a minute, D-LIM-1): the preview's time is requests / 100 minutes.
 */
import { DEFAULT_REQUESTS_PER_MINUTE } from '../api/rateLimiter';
import { cardStore } from '../cache/cardStore';
import { enrichStore, type PositionsGap } from '../cache/enrichStore';
import { versionStore } from '../cache/versionStore';
import type { ObjectKind } from '../cache/types';
import type { EnrichEstimate } from '../contract/ipc';
import { AppError } from '../domain/appError';
import { enrichText } from '../i18n/enrichText';
import type { StopReason, SyncOutcome, SyncProgress } from '../sync/syncEngine';
import { CardUseCases } from './cards';
import type { Wired } from './deps';
import { estimateOf, planSpend, spendPlanInput, type SpendLimit } from './spendGuard';
import type { JobHooks, JobSpec } from './syncJobs';

/** Positions asked per page: the reference's default (its maximum is "not shown", D-LIM-2). */
export const ENRICH_POSITIONS_LIMIT = 20;
/** The job's key in the job runner: one enrichment at a time (asking again answers the running one). */
export const ENRICH_JOB_KEY = 'enrich';

const isBalanceExhausted = (e: unknown): boolean => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'balance_exhausted';

type EnrichPlan = Omit<EnrichEstimate, 'spend'> & { gaps: PositionsGap[] };

/** What enriching these kinds would open now, read from the cache alone (free, offline). */
export function enrichPlan(w: Wired, kinds: readonly ObjectKind[]): EnrichPlan {
  return planOf(kinds, enrichStore(w.cache).gaps(kinds, ENRICH_POSITIONS_LIMIT));
}

function planOf(kinds: readonly ObjectKind[], gaps: PositionsGap[]): EnrichPlan {
  const cards = gaps.filter((g) => g.pages[0] === 1).length;
  const pages = gaps.reduce((n, g) => n + (g.pages[0] === 1 ? 0 : g.pages.length), 0);
  const requests = cards + pages;
  return {
    kinds: [...kinds],
    objects: gaps.length,
    cards,
    pages,
    requests,
    perMinute: DEFAULT_REQUESTS_PER_MINUTE,
    minutes: Math.ceil(requests / DEFAULT_REQUESTS_PER_MINUTE),
    expectedCost: 0,
    worstCase: gaps.length,
    gaps,
  };
}

/** The preview before consent: the plan and what the spend rules say about its worst case. */
export function enrichEstimate(w: Wired, kinds: readonly ObjectKind[], maxSpend?: number): EnrichEstimate {
  return estimateOfPlan(w, enrichPlan(w, kinds), maxSpend);
}

/**
 * The cards of these objects not held yet (any page, any limit: a card is wanted, not its positions), each as
 * its first page at the newest version held; an object the cache does not hold is left out (nothing to open).
 */
export function cardTargets(w: Wired, kind: ObjectKind, ids: readonly number[]): PositionsGap[] {
  const cards = cardStore(w.cache);
  const versions = versionStore(w.cache);
  const targets: PositionsGap[] = [];
  for (const id of new Set(ids)) {
    if (cards.lastReceivedCardJson(kind, id) !== undefined) continue;
    const latest = versions.latest(kind, id);
    if (latest !== undefined) targets.push({ kind, id, version: latest.version, pages: [1] });
  }
  return targets;
}

/** The preview of opening the cards of `cardTargets`: 0 expected, one unit at worst per card. */
export function cardsEstimate(w: Wired, targets: PositionsGap[], maxSpend?: number): EnrichEstimate {
  return estimateOfPlan(w, planOf([...new Set(targets.map((t) => t.kind))], targets), maxSpend);
}

/** The cap of a foreground run of these targets by the core's planner (consent above the threshold). */
export function cardsSpendLimit(w: Wired, targets: PositionsGap[], opts: { maxSpend?: number; confirmCost?: number }): SpendLimit {
  return planSpend(spendPlanInput(w.deps.spending(), w.cache, targets.length, opts.maxSpend, opts.confirmCost));
}

function estimateOfPlan(w: Wired, { gaps: _gaps, ...plan }: EnrichPlan, maxSpend?: number): EnrichEstimate {
  const input = spendPlanInput(w.deps.spending(), w.cache, plan.worstCase, maxSpend);
  return { ...plan, spend: estimateOf({ ...input, total: plan.objects, held: plan.objects }) };
}

/** Starts the enrichment job (or answers the one running), planned on its worst case like every paid run. */
export function enrichStart(w: Wired, opts: { kinds: readonly ObjectKind[]; maxSpend?: number; confirmCost?: number }): { jobId: string } {
  const running = w.jobs().runningFor(ENRICH_JOB_KEY);
  if (running) return { jobId: running.view.jobId };
  const plan = enrichPlan(w, opts.kinds);
  const limit = planSpend(spendPlanInput(w.deps.spending(), w.cache, plan.worstCase, opts.maxSpend, opts.confirmCost));
  const jobId = w.jobs().start({
    filterId: ENRICH_JOB_KEY,
    label: null,
    feeds: [...opts.kinds],
    streams: ['created'],
    maxSpend: limit.cap,
    spendLimit: limit,
    follow: false,
    enrich: { kinds: [...opts.kinds] },
  });
  return { jobId };
}

export type EnrichRun = {
  kinds: readonly ObjectKind[];
  /** The most the run may be charged; a request is sent only while one more unit fits. */
  cap: number;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Only these objects' first pages (cardTargets), instead of every object missing positions. */
  targets?: PositionsGap[];
};

/**
 * Opens what is missing, object by object (page 1, then the further pages `positions_total` calls for), and
 * reports as a sync does: `items` objects completed of `total`, `pages` requests sent, `charged` and `free`.
 * An object whose card turns out to be a newer version is completed in that version (its pages asked again).
 */
export async function runEnrich(w: Wired, run: EnrichRun): Promise<SyncOutcome> {
  const store = enrichStore(w.cache);
  const cards = new CardUseCases({ cache: w.cache, net: w.net });
  const gaps = run.targets ?? store.gaps(run.kinds, ENRICH_POSITIONS_LIMIT);
  const progress: SyncProgress = { filterId: ENRICH_JOB_KEY, feed: run.kinds[0] ?? 'tender', stream: 'created', pages: 0, items: 0, charged: 0, free: 0, total: gaps.length, state: 'ready' };
  const finish = (stoppedBy: StopReason): SyncOutcome => {
    run.onProgress?.({ ...progress });
    return { filterId: ENRICH_JOB_KEY, stoppedBy, pages: progress.pages, items: progress.items, charged: progress.charged, free: progress.free, streams: [{ ...progress }] };
  };
  run.onProgress?.({ ...progress });
  for (const first of gaps) {
    // A version can change under the run at most a few times; past that the object is left for a rerun.
    let gap: PositionsGap | null = first;
    for (let round = 0; gap && round < 3; round++) {
      for (const page of gap.pages) {
        if (run.signal?.aborted) return finish('cancelled');
        if (progress.charged + 1 > run.cap) return finish('spend_cap');
        // Offline the card rule answers the stored object instead: nothing to enrich with, so say so.
        if (!w.net.worthTrying()) throw new AppError('offline', enrichText.offline);
        let opened;
        try {
          opened = await cards.open({ kind: gap.kind, id: gap.id, positionsPage: page, positionsLimit: ENRICH_POSITIONS_LIMIT, ...(run.signal ? { signal: run.signal } : {}) });
        } catch (e) {
          if (run.signal?.aborted) return finish('cancelled');
          if (isBalanceExhausted(e)) return finish('balance_exhausted');
          throw e;
        }
        if (opened.source === 'server') {
          progress.pages++;
          if (opened.charged) progress.charged++;
          else progress.free++;
          run.onProgress?.({ ...progress });
        }
        // A newer version arrived: its own pages are what is missing now.
        if (opened.version !== gap.version) break;
      }
      // A named card is done once opened (in whichever version the server answered).
      gap = run.targets ? null : store.gapOf(first.kind, first.id, ENRICH_POSITIONS_LIMIT);
    }
    progress.items++;
    run.onProgress?.({ ...progress });
  }
  return finish('done');
}

/** The body of the app's enrichment job (the job runner calls it through CurrentWorkbench.runSyncJob). */
export function runEnrichJob(w: Wired, spec: JobSpec & { enrich: { kinds: ObjectKind[] } }, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
  return runEnrich(w, { kinds: spec.enrich.kinds, cap: spec.maxSpend ?? Infinity, signal, onProgress: (p) => hooks.onProgress(p) });
}
