/**
 * Reads a saved search's streams page by page and stores each page together with its cursor, so a crash
 * at any moment loses nothing and a restart never pays again (the server does not charge a version twice,
 * and the stored cursor never runs ahead of the stored items).
 */
import { feedWatch, type FeedWatch } from './noProgress';
import { isRefusedPosition, refusedAgainError, refusedNoCriteriaError, type FeedRestart } from './feedRestart';
import type { FeedName, FeedSink, QueryPage, QueryPort, StoredPage, StreamName } from './ports';

export type { FeedRestart, RestartedFeed } from './feedRestart';

export type StopReason = 'done' | 'spend_cap' | 'balance_exhausted' | 'cancelled';

export type SyncProgress = {
  filterId: string;
  feed: FeedName;
  stream: StreamName;
  pages: number;
  items: number;
  charged: number;
  free: number;
  total: number | null;
  state: 'ready' | 'partial';
};

export type SyncRequest = {
  filterId: string;
  feeds: FeedName[];
  streams: StreamName[];
  /** Stop before paying more than this many units over the whole run. */
  maxSpend?: number;
  /** Keep following with long polls (`wait`) after the streams are drained, until cancelled. */
  follow?: boolean;
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** How long a cancel waits for a page already asked for (it may be charged); default 15 s. */
  cancelGraceMs?: number;
  /** `wait` of a follow poll; 25 is the API's maximum. */
  followWaitSeconds?: number;
  /**
   * The least time between two follow rounds that brought nothing. The effect of `wait` is "not shown"
   * (reference 4.5): a server that answers an empty page at once instead of holding it must not be polled
   * in a tight loop that spends the account's request rate. Default 5 s.
   */
  followFloorMs?: number;
  /**
   * How a feed whose position the server refuses (`invalid_cursor`, or a 404 for the filter or list it relies on)
   * starts again from the set's saved criteria («run the sync again» failed the same way forever).
   * Without it such a refusal stops the run with an error that says so.
   */
  restart?: FeedRestart;
};

export type SyncOutcome = {
  filterId: string;
  stoppedBy: StopReason;
  pages: number;
  items: number;
  charged: number;
  free: number;
  streams: SyncProgress[];
  /** Feeds started again from the saved criteria in this run (each at most once). */
  restarted?: { feed: FeedName; stream: StreamName }[];
};

const isBalanceExhausted = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'balance_exhausted';

export async function syncSavedSearch(port: QueryPort, sink: FeedSink, req: SyncRequest): Promise<SyncOutcome> {
  const restarted: NonNullable<SyncOutcome['restarted']> = [];
  const outcome: SyncOutcome = { filterId: req.filterId, stoppedBy: 'done', pages: 0, items: 0, charged: 0, free: 0, streams: [], restarted };
  /** The filter id the server gave a restarted feed's criteria: a contract feed restarts over it. */
  let restartedFilterId: string | null = null;
  const pageSize = Math.min(100, Math.max(1, req.pageSize ?? 100));
  const budget = spendBudget(req.maxSpend);
  const progressOf = new Map<string, SyncProgress>();
  /** What each stream delivered in this run: no progress is judged by it (noProgress.ts). */
  const watchOf = new Map<string, FeedWatch>();
  const watch = (feed: FeedName, stream: StreamName): FeedWatch => {
    const key = `${feed}:${stream}`;
    let w = watchOf.get(key);
    if (!w) {
      w = feedWatch(req.filterId, feed, stream, pageSize);
      watchOf.set(key, w);
    }
    return w;
  };
  const track = (feed: FeedName, stream: StreamName): SyncProgress => {
    const key = `${feed}:${stream}`;
    let p = progressOf.get(key);
    if (!p) {
      p = { filterId: req.filterId, feed, stream, pages: 0, items: 0, charged: 0, free: 0, total: null, state: 'partial' };
      progressOf.set(key, p);
      outcome.streams.push(p);
    }
    return p;
  };

  /** Stores a page with its cursor (one transaction) and counts it in the stream's progress and the run's outcome. */
  const keep = (feed: FeedName, stream: StreamName, page: QueryPage, reserved: number): void => {
    const progress = track(feed, stream);
    sink.savePage({
      filterId: req.filterId,
      feed,
      stream,
      cursor: page.nextCursor,
      requestId: page.requestId,
      receivedAt: new Date().toISOString(),
      items: storedItems(feed, page),
      charge: chargeOf(page),
    });
    if (page.expiresAt) sink.noteExpiry?.(req.filterId, page.expiresAt);
    const charged = page.charges.created + page.charges.updated;
    budget.settle(reserved, charged);
    progress.pages += 1;
    progress.items += page.results.length;
    progress.charged += charged;
    progress.free += page.charges.free;
    progress.state = page.state;
    if (typeof page.total === 'number') progress.total = page.total;
    outcome.pages += 1;
    outcome.items += page.results.length;
    outcome.charged += charged;
    outcome.free += page.charges.free;
    req.onProgress?.({ ...progress });
  };

  /** A failed read that ends the run without an error (the balance ran out, the run was cancelled), said in the outcome. */
  const stopsQuietly = (e: unknown): boolean => {
    const stop = isBalanceExhausted(e) ? 'balance_exhausted' : req.signal?.aborted ? 'cancelled' : null;
    if (stop !== null) outcome.stoppedBy = stop;
    return stop !== null;
  };

  /**
   * The server refused the stream's position (`refusal`): the stream starts again from the set's saved criteria,
   * planned as a new run. Its first read is one item (at most one unit, like the cost preview of a new run),
   * stored with the new cursor in one transaction, so the refused cursor is replaced only by a page that was
   * kept. The run's planner then hears the set's total and answers the units the run may still spend (or
   * refuses, and nothing more is paid). A stream restarts at most once a run: refused again, the run stops
   * with an error instead of restarting for ever. False when the run must stop (the cap, the balance, a cancel).
   */
  const restart = async (feed: FeedName, stream: StreamName, refusal: unknown): Promise<boolean> => {
    const policy = req.restart;
    const criteria = policy?.bodyFor(feed, restartedFilterId);
    if (!policy || !criteria) throw refusedNoCriteriaError(refusal, feed, stream);
    if (restarted.some((r) => r.feed === feed && r.stream === stream)) throw refusedAgainError(refusal, feed, stream);
    restarted.push({ feed, stream });
    const limit = budget.reserve(1);
    if (limit === 0) {
      outcome.stoppedBy = 'spend_cap';
      return false;
    }
    const inFlight = graceSignal(req.signal, req.cancelGraceMs ?? 15_000);
    let page: QueryPage;
    try {
      page = await port.query(feed, { ...criteria, events: [stream], limit }, inFlight.signal);
    } catch (e) {
      budget.settle(limit, 0);
      if (stopsQuietly(e)) return false;
      // The criteria themselves refused (the list they name is gone): restarting again would change nothing.
      if (isRefusedPosition(e)) throw refusedAgainError(e, feed, stream);
      throw e;
    } finally {
      inFlight.done();
    }
    keep(feed, stream, page, limit);
    // The feed starts from its beginning again: what it repeats of this run is legal.
    watch(feed, stream).restarted();
    watch(feed, stream).check(page);
    if (feed === 'tender') restartedFilterId = page.filterId;
    policy.onRestart?.({ feed, stream, filterId: req.filterId, cause: isRefusedPosition(refusal) ?? 'invalid_cursor' });
    const charged = page.charges.created + page.charges.updated;
    const cap = await policy.plan({ feed, stream, total: typeof page.total === 'number' ? page.total : null, charged, spent: outcome.charged });
    if (cap !== undefined) budget.limit(cap);
    if (page.charges.balanceExhausted) {
      outcome.stoppedBy = 'balance_exhausted';
      return false;
    }
    return true;
  };

  /** Drains one stream; false when the whole run must stop. */
  const drain = async (feed: FeedName, stream: StreamName, waitSeconds: number): Promise<boolean> => {
    track(feed, stream);
    const progress = watch(feed, stream);
    progress.startRound();
    for (;;) {
      if (req.signal?.aborted) {
        outcome.stoppedBy = 'cancelled';
        return false;
      }
      // Each item costs at most one unit, so a page no larger than the units reserved for it can never
      // overspend, also when several streams are read at once (follow mode).
      const limit = budget.reserve(pageSize);
      if (limit === 0) {
        outcome.stoppedBy = 'spend_cap';
        return false;
      }
      const cursor = sink.getCursor(req.filterId, feed, stream);
      const body: Record<string, unknown> = cursor ? { cursor, limit } : { filter_id: req.filterId, events: [stream], limit };
      if (waitSeconds > 0 && cursor) body.wait = waitSeconds;
      let page: QueryPage;
      // A page already asked for may be charged on the server: a cancel lets it arrive (within a grace) so it is
      // stored and counted, and the run's summary equals the ledger. A long poll is dropped at once.
      const inFlight = body.wait === undefined ? graceSignal(req.signal, req.cancelGraceMs ?? 15_000) : { signal: req.signal, done: () => undefined };
      try {
        page = await port.query(feed, body, inFlight.signal);
      } catch (e) {
        budget.settle(limit, 0);
        if (stopsQuietly(e)) return false;
        if (!isRefusedPosition(e)) throw e;
        if (!(await restart(feed, stream, e))) return false;
        continue;
      } finally {
        inFlight.done();
      }
      keep(feed, stream, page, limit);
      // Pages that bring nothing new to the run, or more than the set's stated total: the server does not
      // advance. Such a page is stored and counted like any (whatever it says it charged is kept), then the
      // run stops; the repeats a run stores are so bounded, whatever the cursors say.
      progress.check(page);
      if (page.charges.balanceExhausted) {
        outcome.stoppedBy = 'balance_exhausted';
        return false;
      }
      // A 409 slice is followed by more of the rebuilt feed even when it was short.
      if (page.results.length === 0 && !page.cursorExpired && page.state === 'ready') return true;
      if (page.results.length === 0 && page.state === 'partial') await pause(500, req.signal);
    }
  };

  for (;;) {
    for (const feed of req.feeds) {
      for (const stream of req.streams) {
        if (!(await drain(feed, stream, 0))) return outcome;
      }
    }
    if (!req.follow) return outcome;
    // Following: one long poll per stream, all at once, so an update is not held up behind a quiet stream.
    const round = performance.now();
    const itemsBefore = outcome.items;
    const polls = req.feeds.flatMap((feed) => req.streams.map((stream) => drain(feed, stream, req.followWaitSeconds ?? 25)));
    if ((await Promise.all(polls)).includes(false)) return outcome;
    // A round that came back empty in under half its `wait` was not held by the server: pause to the floor.
    const floorMs = req.followFloorMs ?? 5000;
    const tookMs = performance.now() - round;
    const heldMs = (req.followWaitSeconds ?? 25) * 500;
    if (outcome.items === itemsBefore && tookMs < Math.min(floorMs, heldMs)) await pause(floorMs - tookMs, req.signal);
  }
}

const storedItems = (feed: FeedName, page: QueryPage): StoredPage['items'] =>
  page.results.map((r) => ({ kind: feed, id: r.object.id, version: r.version, billed: r.billed, event: r.event, object: r.object }));

const chargeOf = (page: QueryPage): NonNullable<StoredPage['charge']> => ({
  charged: page.charges.created + page.charges.updated,
  stated: page.charges.stated,
  periodTotal: page.charges.periodTotal,
});

/** Units of the spend cap, reserved per page before it is asked for and settled with what it cost. */
function spendBudget(maxSpend: number | undefined): { reserve(n: number): number; settle(reserved: number, charged: number): void; limit(units: number): void } {
  let left = maxSpend ?? Infinity;
  /** Units reserved by pages still in flight (follow mode reads streams at once). */
  let outstanding = 0;
  return {
    /** No more than `units` from now on, pages in flight included (a restarted feed planned as a new run); never raises the cap. */
    limit(units) {
      left = Math.min(left, Math.max(0, units) - outstanding);
    },
    reserve(n) {
      const granted = Math.max(0, Math.min(n, left));
      left -= granted;
      outstanding += granted;
      return granted;
    },
    settle(reserved, charged) {
      outstanding -= reserved;
      left += reserved - charged;
    },
  };
}

/** A signal that aborts `ms` after `signal` does: the request in flight may still finish meanwhile. */
function graceSignal(signal: AbortSignal | undefined, ms: number): { signal: AbortSignal | undefined; done(): void } {
  if (!signal) return { signal: undefined, done: () => undefined };
  const late = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  const onAbort = (): void => {
    timer = setTimeout(() => late.abort(), ms);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: late.signal,
    done: () => {
      signal.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
    },
  };
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

/** What the first page of a set (limit 1) told: its filter, the server's total and what it cost. */
export type FirstPage = { filterId: string; total: number | null; charged: number; free: number; items: number; state: 'ready' | 'partial' };

/**
 * One QUERY of one item: learns a set's `filter_id` and `total` for at most one unit. The delivered item
 * and the cursor are stored like any page (it was paid for), but a stream already being synced keeps its
 * cursor: the item from the start of the feed is then a free repeat.
 */
export async function readFirstPage(
  port: QueryPort,
  sink: FeedSink,
  feed: FeedName,
  body: Record<string, unknown>,
  stream: StreamName = 'created',
  signal?: AbortSignal,
): Promise<FirstPage> {
  const page = await port.query(feed, { ...body, events: [stream], limit: 1 }, signal);
  // What the set was, before its paid item is stored: the ledger names the filter by it for good.
  sink.noteFilter?.(page.filterId, feed, body);
  const existing = sink.getCursor(page.filterId, feed, stream);
  sink.savePage({
    filterId: page.filterId,
    feed,
    stream,
    cursor: existing ?? page.nextCursor,
    requestId: page.requestId,
    receivedAt: new Date().toISOString(),
    items: storedItems(feed, page),
    charge: chargeOf(page),
  });
  return {
    filterId: page.filterId,
    total: typeof page.total === 'number' ? page.total : null,
    charged: page.charges.created + page.charges.updated,
    free: page.charges.free,
    items: page.results.length,
    state: page.state,
  };
}

/**
 * Cost preview: a QUERY of one item learns `total` for at most one unit (see `readFirstPage`); repeats of the
 * same body while `partial` are free.
 */
export async function previewCost(
  port: QueryPort,
  sink: FeedSink,
  feed: FeedName,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ filterId: string; total: number | null; charged: number }> {
  let charged = 0;
  for (let attempt = 0; ; attempt++) {
    const page = await readFirstPage(port, sink, feed, body, 'created', signal);
    charged += page.charged;
    if (page.total !== null || page.state === 'ready' || attempt >= 120 || signal?.aborted) {
      return { filterId: page.filterId, total: page.total, charged };
    }
    await pause(1000, signal);
  }
}
