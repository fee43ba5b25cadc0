/**
 * Sync jobs: each reads a filter's feeds with the sync engine under its own AbortController and reports as
 * `sync.progress` (the contract's SyncJob), at most ~5 times a second plus once at the end. One job per
 * filter at a time: asking again while one runs answers the running job's id, so the same pages are never
 * requested twice at once. Follow jobs stay `following` until cancelled.
 */
import { randomBytes } from 'node:crypto';
import type { IpcError, SyncJob } from '../contract/ipc';
import type { Text } from '../i18n/text';
import type { SyncOutcome, SyncProgress } from '../sync/syncEngine';
import type { JobHooks, JobSpec } from '../current/syncJobs';


export interface JobManagerDeps {
  run(spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome>;
  emit(job: SyncJob): void;
  toError(e: unknown): IpcError;
  /** The messages of a stop that is not an exception (spend cap, balance), in the user's language. */
  stopError(reason: 'spend_cap' | 'balance_exhausted', job: SyncJob, spec: JobSpec): IpcError;
  /** A notice of the run in the user's language (default: Russian). */
  say?(text: Text): string;
  throttleMs?: number;
}

interface Job {
  view: SyncJob;
  spec: JobSpec;
  controller: AbortController;
  done: Promise<void>;
  streams: Map<string, JobProgress>;
  lastEmit: number;
  timer: NodeJS.Timeout | null;
}

const KEEP_FINISHED = 50;

/** A stream's progress as a job hears it: `held`, what the cache holds of the feed's set, when the run knows it. */
type JobProgress = SyncProgress & { held?: number };

/**
 * The reason a job's signal carries when the analyst cancels it (not when the app closes or switches profiles,
 * which abort with the default reason): a job that is owed again after a restart (the automatic download) tells
 * the two apart by it. An AbortError like the default one, so every check of an abort still sees one.
 */
export const CANCELLED_BY_ANALYST = new DOMException('The job was cancelled by the analyst.', 'AbortError');

export const newJobId = (): string => `job_${randomBytes(9).toString('hex')}`;

/**
 * The job's «N из M», like with like (a sync with contracts showed «71 из 69», its tenders and
 * contracts counted against the tenders' total alone): per feed, the items delivered and that feed's set
 * total (the server states one per feed; a feed's streams share it); `items` and `total` are the sums over the
 * feeds that have reported (a feed read later joins both when it starts). The total stays unknown (null) while
 * a reporting feed has not stated its own; `before` (the first page of a single-feed job) counts for its feed.
 * `held` is what the cache holds of each feed's set (its newest report; a follow of a set held whole
 * read «0 из 43», this run's items against the set's total), summed like `total`; null while a feed has not
 * reported it (an enrichment never does: its figure stays `items`).
 */
export function jobFigures(
  spec: Pick<JobSpec, 'feeds' | 'spentBefore'>,
  streams: readonly JobProgress[],
  lastTotal: number | null = null,
): Pick<SyncJob, 'items' | 'total' | 'byFeed' | 'held'> {
  const before = spec.spentBefore;
  const byFeed: NonNullable<SyncJob['byFeed']> = [];
  for (const feed of spec.feeds) {
    const own = streams.filter((p) => p.feed === feed);
    const first = before && feed === spec.feeds[0] ? before : null;
    if (own.length === 0 && first === null) continue;
    const stated = own.map((p) => p.total).filter((t): t is number => t !== null);
    // A feed's streams share its set: the members held are the newest count any of them reported (it only grows).
    const heldSeen = own.map((p) => p.held).filter((h): h is number => h !== undefined);
    byFeed.push({
      feed,
      items: own.reduce((n, p) => n + p.items, first?.items ?? 0),
      total: stated.length > 0 ? Math.max(...stated) : (first?.total ?? null),
      ...(heldSeen.length > 0 ? { held: Math.max(...heldSeen) } : {}),
    });
  }
  // A stream reported under another feed than the spec names (an enrichment's one stream for its kinds) counts too.
  const others = streams.filter((p) => !spec.feeds.includes(p.feed));
  const items = byFeed.reduce((n, f) => n + f.items, 0) + others.reduce((n, p) => n + p.items, 0);
  const known = byFeed.every((f) => f.total !== null) && others.every((p) => p.total !== null);
  const total = byFeed.length + others.length === 0 ? lastTotal : known ? byFeed.reduce((n, f) => n + f.total!, 0) + others.reduce((n, p) => n + p.total!, 0) : null;
  const held = byFeed.length > 0 && others.length === 0 && byFeed.every((f) => f.held !== undefined && f.held !== null) ? byFeed.reduce((n, f) => n + f.held!, 0) : null;
  return { items, total, byFeed, held };
}

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private readonly throttleMs: number;

  constructor(private readonly deps: JobManagerDeps) {
    this.throttleMs = deps.throttleMs ?? 200;
  }

  /** Starts a job for the filter, or answers the one already running for it. */
  start(spec: JobSpec): string {
    const running = this.runningFor(spec.filterId);
    if (running) return running.view.jobId;
    const jobId = newJobId();
    const before = spec.spentBefore;
    const job: Job = {
      view: {
        jobId,
        filterId: spec.filterId,
        label: spec.label,
        feeds: spec.feeds,
        state: 'running',
        pages: before?.pages ?? 0,
        items: before?.items ?? 0,
        charged: before?.charged ?? 0,
        free: before?.free ?? 0,
        total: before?.total ?? null,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
      },
      spec,
      controller: new AbortController(),
      done: Promise.resolve(),
      streams: new Map(),
      lastEmit: 0,
      timer: null,
    };
    this.jobs.set(jobId, job);
    this.trim();
    job.done = this.run(job);
    this.emitNow(job);
    return jobId;
  }

  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId);
    if (!job || !isActive(job.view)) return false;
    job.controller.abort(CANCELLED_BY_ANALYST);
    return true;
  }

  /** Cancels the filter's running job (if any) and waits until it has stopped. */
  async cancelFilter(filterId: string): Promise<void> {
    const job = this.runningFor(filterId);
    if (!job) return;
    job.controller.abort();
    await job.done;
  }

  runningFor(filterId: string): Job | undefined {
    for (const job of this.jobs.values()) if (job.spec.filterId === filterId && isActive(job.view)) return job;
    return undefined;
  }

  isFollowing(filterId: string): boolean {
    const job = this.runningFor(filterId);
    return job !== undefined && job.spec.follow;
  }

  list(): SyncJob[] {
    return [...this.jobs.values()].map((j) => ({ ...j.view }));
  }

  /** Cancels every job and waits for all of them (switching profiles, closing). */
  async cancelAll(): Promise<void> {
    const all = [...this.jobs.values()];
    for (const job of all) job.controller.abort();
    await Promise.all(all.map((j) => j.done));
  }

  /**
   * The client holds its requests until `until` (its own 100 a minute): running jobs say so at once rather
   * than stand still silently; their next progress clears it.
   */
  notePause(until: string): void {
    for (const job of this.jobs.values()) {
      if (!isActive(job.view) || job.view.state === 'following') continue;
      job.view.pausedUntil = until;
      this.emitNow(job);
    }
  }

  /** Forgets finished jobs (another profile became active). */
  clear(): void {
    for (const [id, job] of this.jobs) if (!isActive(job.view)) this.jobs.delete(id);
  }

  private async run(job: Job): Promise<void> {
    await Promise.resolve(); // let start() return the id before the first request goes out
    const before = job.spec.spentBefore;
    try {
      const outcome = await this.deps.run(job.spec, job.controller.signal, {
        onProgress: (p) => {
          job.streams.set(`${p.feed}:${p.stream}`, p);
          job.view.pausedUntil = null;
          const sum = (k: 'pages' | 'charged' | 'free'): number => [...job.streams.values()].reduce((n, s) => n + s[k], before?.[k] ?? 0);
          job.view.pages = sum('pages');
          job.view.charged = sum('charged');
          job.view.free = sum('free');
          Object.assign(job.view, jobFigures(job.spec, [...job.streams.values()], job.view.total));
          this.emitThrottled(job);
        },
        onFollowing: () => {
          if (job.view.state !== 'running') return;
          job.view.state = 'following';
          this.emitNow(job);
        },
        onNotice: (text) => {
          job.view.notice = this.deps.say ? this.deps.say(text) : text.ru;
          this.emitNow(job);
        },
      });
      job.view.state = outcome.stoppedBy === 'done' ? 'done' : outcome.stoppedBy;
      if (outcome.stoppedBy === 'spend_cap' || outcome.stoppedBy === 'balance_exhausted') {
        job.view.error = this.deps.stopError(outcome.stoppedBy, job.view, job.spec);
      }
    } catch (e) {
      if (job.controller.signal.aborted) job.view.state = 'cancelled';
      else {
        job.view.state = 'failed';
        job.view.error = this.deps.toError(e);
      }
    }
    job.view.finishedAt = new Date().toISOString();
    job.view.pausedUntil = null;
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    this.emitNow(job);
  }

  private emitThrottled(job: Job): void {
    const wait = job.lastEmit + this.throttleMs - Date.now();
    if (wait <= 0) {
      this.emitNow(job);
      return;
    }
    if (job.timer) return;
    job.timer = setTimeout(() => {
      job.timer = null;
      if (isActive(job.view)) this.emitNow(job);
    }, wait);
    job.timer.unref();
  }

  private emitNow(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.lastEmit = Date.now();
    this.deps.emit({ ...job.view, feeds: [...job.view.feeds] });
  }

  private trim(): void {
    const finished = [...this.jobs.values()].filter((j) => !isActive(j.view));
    for (const job of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(job.view.jobId);
  }
}

const isActive = (job: SyncJob): boolean => job.state === 'running' || job.state === 'following';
