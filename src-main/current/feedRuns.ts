/**
 * Paid reads of the current generation's feeds and what they will cost: every run is planned by spendGuard's
 * `planSpend` (consent above the threshold, the caps, the daily budget) before a job reads the rest. Saved
 * searches (`syncSaved`, `estimateSaved`), any set given by its QUERY body (`feedJob`, `feedEstimate`: a list,
 * tender ids, a customer, a supplier), and the body of a sync job (`runSyncJob`).
 */
import type { SpendEstimate } from '../contract/ipc';
import { searchStore } from '../cache/searchStore';
import { viewQueries } from '../cache/viewQueries';
import { isRefusedPosition, restartNotice, type FeedRestart, type RestartedFeed } from '../sync/feedRestart';
import type { FeedName, FeedSink, StreamName } from '../sync/ports';
import { previewCost, readFirstPage, syncSavedSearch, type FirstPage, type SyncOutcome, type SyncProgress, type SyncRequest } from '../sync/syncEngine';
import type { PageStoredListener, Wired } from './deps';
import { checkDailyBudget, estimateOf, feedCost, planSpend, spendPlanInput, spentToday, type SpendLimit, type SpendPlanInput } from './spendGuard';
import type { JobHooks, JobSpec } from './syncJobs';

/** What the money settings and today's spending say about a run of this estimate. */
export function spendInput(w: Wired, estimate: number | null, maxSpend?: number, confirmCost?: number): SpendPlanInput {
  return spendPlanInput(w.deps.spending(), w.cache, estimate, maxSpend, confirmCost);
}

/** One item of a set (at most one unit, stored like any page): its filter id and total, the total recorded. */
export async function firstPage(w: Wired, feed: FeedName, body: Record<string, unknown>, stream: StreamName = 'created', signal?: AbortSignal): Promise<FirstPage> {
  const first = await w.reach(() => readFirstPage(w.port(), w.sink(), feed, body, stream, signal));
  if (first.total !== null) viewQueries(w.cache).setFilterTotal(first.filterId, feed, first.total);
  return first;
}

/** `firstPage`, asked again while the server is still assembling the set and states no total. */
export async function preview(w: Wired, feed: FeedName, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ filterId: string; total: number | null; charged: number }> {
  const p = await w.reach(() => previewCost(w.port(), w.sink(), feed, body, signal));
  if (p.total !== null) viewQueries(w.cache).setFilterTotal(p.filterId, feed, p.total);
  return p;
}

/**
 * A run's progress and how much of the feed's set the cache holds now (`held`: the filter's members, what a
 * saved search shows as «в кэше»): the figure to set against `total`. `items` is what this run received.
 */
export type HeldProgress = SyncProgress & { held: number };

/** A set read by its QUERY body (a list, tender ids, a customer, a supplier): a refused feed restarts from it. */
export type SetBody = { feed: FeedName; body: Record<string, unknown> };

/**
 * A run of a saved search; `onStored` hears each page it stores (the CLI's `sync --follow` events). A feed whose
 * position the server refuses restarts from `set`, else from the saved search's criteria; `plan`
 * plans that restart as a new run (default: the core's `planSpend`, under the run's `maxSpend`), and
 * `onRestart` tells the analyst.
 */
export type ReadSavedRequest = Omit<SyncRequest, 'restart' | 'onProgress'> & {
  onProgress?(p: HeldProgress): void;
  onStored?: PageStoredListener;
  set?: SetBody;
  plan?: FeedRestart['plan'];
  onRestart?: (restarted: RestartedFeed) => void;
};

/**
 * The criteria a saved search keeps, as a QUERY body names its set (the fields of a feed position never stored
 * with it); null when none are kept.
 */
function savedCriteria(w: Wired, filterId: string): Record<string, unknown> | null {
  const params = searchStore(w.cache).get(filterId)?.params;
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
  const { cursor: _cursor, limit: _limit, wait: _wait, events: _events, ...criteria } = params as Record<string, unknown>;
  return criteria;
}

/**
 * Where a refused feed of `filterId` starts again: a set's own body for its one feed; a saved search's criteria
 * for its tenders, and for its contracts the filter those criteria name on the server now (a tender QUERY's
 * criteria are not all a contract QUERY's: `status`, `ids`), which a run restarting its tender feed learned.
 */
function restartBodies(w: Wired, filterId: string, set: SetBody | undefined): FeedRestart['bodyFor'] {
  return (feed, restartedFilterId) => {
    if (set) return feed === set.feed ? set.body : null;
    const criteria = savedCriteria(w, filterId);
    if (!criteria) return null;
    return feed === 'tender' ? criteria : { filter_id: restartedFilterId ?? filterId };
  };
}

/**
 * A restarted feed planned like a new run of the app (`planSpend`): its estimate is the set's total minus what is
 * held (the held versions are free, reference 2.6 rule 2), under what is left of the run's own cap and of a
 * consent it was started with; a refusal (consent needed for more, the daily budget used up) stops the run.
 * Answers the units the run may still spend.
 */
export function planRestartLikeNewRun(w: Wired, filterId: string, run: { maxSpend?: number; spendLimit?: SpendLimit }): FeedRestart['plan'] {
  return (first) => {
    const { estimate } = feedCost(w.cache, first.feed, filterId, first.total);
    const left = run.maxSpend === undefined ? undefined : Math.max(0, run.maxSpend - first.spent);
    const consented = run.spendLimit?.kind === 'confirmed' ? left : undefined;
    const limit = planSpend(spendInput(w, estimate, left, consented));
    // A per-run amount of the settings counts the restart's first item, as a new run counts its preview's.
    return limit.kind === 'run_cap' || limit.kind === 'threshold' ? Math.max(0, limit.cap - first.charged) : limit.cap;
  };
}

/**
 * Reads a saved search's feeds (the CLI in the foreground, the app as a job: `runSyncJob`), the feeds' totals
 * recorded as they are learned, each progress with what the cache holds of the set: a follow of a set
 * held whole read «0 из 43», the run's own items against the set's total. `held` is counted once per feed at
 * the start and then grows by the members each stored page adds (counted before the page is written), so a long
 * run does not count the whole set again at every page.
 */
export function readSaved(w: Wired, req: ReadSavedRequest, onLongPoll?: () => void): Promise<SyncOutcome> {
  const views = viewQueries(w.cache);
  const { set, plan, onRestart, ...sync } = req;
  const held = new Map<FeedName, number>(req.feeds.map((f) => [f, views.filterMemberCount(req.filterId, f)]));
  const sink = w.sink(req.onStored);
  const counting: FeedSink = {
    ...sink,
    savePage: (page) => {
      const adds = new Map<FeedName, number>();
      for (const kind of new Set(page.items.map((i) => i.kind))) {
        adds.set(kind, views.notMembers(page.filterId, kind, page.items.filter((i) => i.kind === kind).map((i) => i.id)));
      }
      sink.savePage(page);
      for (const [kind, n] of adds) held.set(kind, (held.get(kind) ?? 0) + n);
    },
  };
  return syncSavedSearch(w.port(onLongPoll), counting, {
    ...sync,
    restart: {
      bodyFor: restartBodies(w, req.filterId, set),
      plan: plan ?? planRestartLikeNewRun(w, req.filterId, { ...(req.maxSpend !== undefined ? { maxSpend: req.maxSpend } : {}) }),
      ...(onRestart ? { onRestart } : {}),
    },
    onProgress: (p) => {
      if (p.total !== null) views.setFilterTotal(p.filterId, p.feed, p.total);
      req.onProgress?.({ ...p, held: held.get(p.feed) ?? views.filterMemberCount(p.filterId, p.feed) });
    },
  });
}

/**
 * What reading a saved search now costs, asked of the server (a QUERY of one item per feed: its first item
 * is held already, so a free repeat, or at most one unit), for the app's estimate and sync and the CLI's sync
 * alike. Per feed (2.6: balances are separate for tenders and contracts, and a held version is free only for
 * its own object): the tender total minus the tenders held, never below zero, plus the contract total whole
 * (the contracts held per search are not counted: an upper bound). Tenders held do not make a contract free,
 * so more of them held than the set's tender total (tenders that left the set) take nothing off the contracts.
 * `charged` is what the one-item reads cost. With a `signal` aborted between the feeds (the CLI's Ctrl-C) the
 * next feed is not asked: a read already sent is let finish (it may be charged), stored and counted.
 */
export async function savedEstimate(
  w: Wired,
  filterId: string,
  contracts: boolean,
  signal?: AbortSignal,
): Promise<{ total: number | null; held: number; estimate: number | null; charged: number }> {
  const s = searchStore(w.cache).get(filterId);
  const stream = s?.events[0] ?? 'created';
  let total: number | null = 0;
  let estimate: number | null = 0;
  let charged = 0;
  let held = 0;
  for (const feed of contracts ? (['tender', 'contract'] as const) : (['tender'] as const)) {
    const first = await savedFirstPage(w, feed, filterId, stream);
    charged += first.charged;
    const cost = feed === 'tender' ? feedCost(w.cache, 'tender', filterId, first.total) : { held: 0, estimate: first.total };
    if (feed === 'tender') held = cost.held;
    total = total === null || first.total === null ? null : total + first.total;
    estimate = estimate === null || cost.estimate === null ? null : estimate + cost.estimate;
    if (signal?.aborted) break;
  }
  return { total, held, estimate, charged };
}

/**
 * A saved search's first item by its filter id; a server that no longer knows the filter (404: restarted, or the
 * subscription forgotten) is asked by the saved criteria instead, which name the filter again. The
 * tender feed goes first, so a contract feed's filter is known again by the time it is asked.
 */
async function savedFirstPage(w: Wired, feed: FeedName, filterId: string, stream: StreamName): Promise<FirstPage> {
  try {
    return await firstPage(w, feed, { filter_id: filterId }, stream);
  } catch (e) {
    const criteria = feed === 'tender' && isRefusedPosition(e) === 'not_found' ? savedCriteria(w, filterId) : null;
    if (!criteria) throw e;
    return firstPage(w, feed, criteria, stream);
  }
}

export async function estimateSaved(w: Wired, filterId: string, contracts: boolean, maxSpend?: number): Promise<SpendEstimate> {
  const e = await savedEstimate(w, filterId, contracts);
  return estimateOf({ ...spendInput(w, e.estimate, maxSpend), total: e.total, held: e.held });
}

/** Starts a saved search's sync job (or answers the one running), planned like every paid run. */
export async function syncSaved(w: Wired, opts: { filterId: string; contracts: boolean; maxSpend?: number; follow: boolean; confirmCost?: number }): Promise<{ jobId: string }> {
  const { filterId, contracts } = opts;
  const s = searchStore(w.cache).get(filterId);
  const running = w.jobs().runningFor(filterId);
  if (running) return { jobId: running.view.jobId };
  const e = await savedEstimate(w, filterId, contracts);
  const limit = planSpend(spendInput(w, e.estimate, opts.maxSpend, opts.confirmCost));
  const jobId = w.jobs().start({
    filterId,
    label: s?.label ?? null,
    feeds: contracts ? ['tender', 'contract'] : ['tender'],
    streams: s?.events ?? ['created'],
    maxSpend: limit.cap,
    spendLimit: limit,
    follow: opts.follow,
  });
  return { jobId };
}

/**
 * What `feedJob` over the same body would cost, before it pays: a one-item QUERY (at most one unit, stored
 * like any page) states the set's total; the estimate is that total minus the members held, planned by the
 * same rules `feedJob` enforces.
 */
export async function feedEstimate(w: Wired, feed: FeedName, body: Record<string, unknown>, maxSpend?: number): Promise<{ filterId: string; charged: number; spend: SpendEstimate }> {
  const p = await preview(w, feed, body);
  const { held, estimate } = feedCost(w.cache, feed, p.filterId, p.total);
  const spend = estimateOf({ ...spendInput(w, estimate, maxSpend), total: p.total, held });
  return { filterId: p.filterId, charged: p.charged, spend };
}

/**
 * Reads one feed of a set given by its QUERY body (a list, tender ids, a customer, a supplier, a filter id):
 * the first page (one item, at most one unit) names the filter and states the set's total; the core then
 * plans the run with `planSpend` like every paid run (consent above the threshold, the caps, the daily
 * budget), and a job reads the rest.
 */
export async function feedJob(
  w: Wired,
  feed: FeedName,
  body: Record<string, unknown>,
  opts: { label?: string | null; maxSpend?: number; confirmCost?: number; backfill?: JobSpec['backfill'] } = {},
): Promise<{ filterId: string; jobId: string }> {
  // A used-up daily budget refuses the run before the first page is paid for.
  checkDailyBudget({ settings: w.deps.spending(), spentToday: spentToday(w.cache) });
  const first = await w.reach(() => readFirstPage(w.port(), w.sink(), feed, body, 'created'));
  // A set still being assembled states no total yet: asked again (its first item is held now, a free repeat)
  // as the preview the user consented to was, so the same set is not planned as one of unknown cost.
  const again = first.total === null && first.state !== 'ready' ? await w.reach(() => previewCost(w.port(), w.sink(), feed, body)) : null;
  const total = again?.total ?? first.total;
  const firstCharged = first.charged + (again?.charged ?? 0);
  if (total !== null) viewQueries(w.cache).setFilterTotal(first.filterId, feed, total);
  // The preview again, by the core itself: consent to a lower cost does not start a dearer run.
  const limit = planSpend(spendInput(w, feedCost(w.cache, feed, first.filterId, total).estimate, opts.maxSpend, opts.confirmCost));
  const jobId = w.jobs().start({
    filterId: first.filterId,
    label: opts.label ?? null,
    feeds: [feed],
    streams: ['created'],
    maxSpend: Math.max(0, limit.cap - firstCharged),
    spendLimit: limit,
    follow: false,
    spentBefore: { charged: firstCharged, free: first.free, items: first.items, pages: 1, total },
    set: { feed, body },
    ...(opts.backfill ? { backfill: opts.backfill } : {}),
  });
  return { filterId: first.filterId, jobId };
}

/** The body of a current-generation sync job: the spec's feeds read into the cache. */
export async function runSyncJob(w: Wired, spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
  // The job's notice is one sentence, naming every feed restarted so far.
  const restarted: RestartedFeed[] = [];
  const outcome = await readSaved(
    w,
    {
      filterId: spec.filterId,
      feeds: spec.feeds,
      streams: spec.streams,
      ...(spec.maxSpend !== undefined ? { maxSpend: spec.maxSpend } : {}),
      follow: spec.follow,
      signal,
      ...(w.deps.followWaitSeconds !== undefined ? { followWaitSeconds: w.deps.followWaitSeconds } : {}),
      ...(spec.set ? { set: spec.set } : {}),
      plan: planRestartLikeNewRun(w, spec.filterId, { ...(spec.maxSpend !== undefined ? { maxSpend: spec.maxSpend } : {}), ...(spec.spendLimit ? { spendLimit: spec.spendLimit } : {}) }),
      onRestart: (r) => {
        restarted.push(r);
        hooks.onNotice?.(restartNotice(restarted, spec.label));
      },
      onProgress: (p) => hooks.onProgress(p),
      ...(w.deps.onJobPageStored ? { onStored: (page, summary) => w.deps.onJobPageStored?.(page, summary, spec.follow) } : {}),
    },
    spec.follow ? () => hooks.onFollowing() : undefined,
  );
  const views = viewQueries(w.cache);
  // A cap reached with the last item of the set (a run capped at its exact estimate) left nothing unread.
  const total = views.filterTotal(spec.filterId, 'tender');
  if (outcome.stoppedBy === 'spend_cap' && !spec.follow && spec.feeds.length === 1 && spec.feeds[0] === 'tender' && total !== null && views.filterTenderCount(spec.filterId) >= total) {
    return { ...outcome, stoppedBy: 'done' };
  }
  return outcome;
}
