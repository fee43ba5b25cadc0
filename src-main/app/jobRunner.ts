/**
 * The app's background work: sync jobs (JobManager, jobs.ts) run by the workbench of the active session, an
 * earlier-generation filter's sync as a job (its stops mapped to the job's errors), and `feed.updated` gathered
 * per filter and sent at most ~5 times a second.
 */
import { moscowText } from '../api/earlier/limits';
import type { EventName, EventPayload, IpcError, Locale, SyncJob } from '../contract/ipc';
import { capStopText, type SpendLimit } from '../current/spendGuard';
import type { EarlierSyncOutcome } from '../earlier/index';
import type { SyncOutcome } from '../sync/syncEngine';
import { toIpcError } from '../workspace/errors';
import { AppError } from '../domain/appError';
import { pick } from '../i18n/text';
import type { JobHooks, JobSpec } from '../current/syncJobs';
import { JobManager } from './jobs';
import { runDocumentsJob } from './documentJobs';
import type { DocumentSettings } from '../contract/settingsShapes';
import type { CacheDb } from '../cache/database';
import type { Network } from './network';
import type { Sessions } from './sessions';

export interface JobRunnerDeps {
  sessions: Sessions;
  network: Network;
  locale(): Locale;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  progressThrottleMs?: number;
  /** The settings' documents section: the limits a documents job runs under. */
  documentSettings(): DocumentSettings;
  /** The body of the automatic download's job (app/autoDocuments.ts), over the active session's cache. */
  runAutoDocuments(cache: CacheDb, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome>;
}

export class JobRunner {
  readonly jobs: JobManager;
  /** feed.updated is gathered per filter and sent at most ~5 times a second. */
  private readonly feedUpdates = new Map<string, { created: number; updated: number }>();
  private feedTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: JobRunnerDeps) {
    this.jobs = new JobManager({
      run: (spec, signal, hooks) => this.runSync(spec, signal, hooks),
      emit: (job) => deps.emit('sync.progress', job),
      toError: (e) => {
        deps.network.connectivity.noteFailure(e);
        return toIpcError(e, deps.locale());
      },
      stopError: (reason, job, spec) => stopError(reason, job, deps.locale(), spec.spendLimit),
      say: (text) => pick(text, deps.locale()),
      ...(deps.progressThrottleMs !== undefined ? { throttleMs: deps.progressThrottleMs } : {}),
    });
  }

  private async runSync(spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    // Documents cost no units and need no API: any profile's cache, online or not (their host may still answer).
    if (spec.documents) {
      const cache = this.deps.sessions.session().cache;
      if ('auto' in spec.documents) return this.deps.runAutoDocuments(cache, signal, hooks);
      return runDocumentsJob(cache, { ...spec, documents: spec.documents }, this.deps.documentSettings(), signal, hooks);
    }
    if (spec.earlierFilterId !== undefined) return this.runEarlierSync(spec.earlierFilterId, spec, signal, hooks);
    return this.deps.sessions.currentGeneration().current.runSyncJob(spec, signal, hooks);
  }

  /**
   * An earlier-generation filter read page by page (sync/earlierSync.ts) as a job: its progress in the
   * job's terms; a stop other than done, the spend cap or the balance is an error the job shows (the daily
   * limit with its reset time, auto search off, the license), and a cancel is a cancel.
   */
  private async runEarlierSync(filterId: number, spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    const outcome = await this.deps.network.earlierNet((workbench) =>
      workbench.syncFilter(filterId, {
        ...(spec.maxSpend !== undefined ? { maxSpend: spec.maxSpend } : {}),
        signal,
        onProgress: (p) =>
          hooks.onProgress({ filterId: spec.filterId, feed: 'tender', stream: 'created', pages: p.pages, items: p.items, charged: p.charged, free: Math.max(0, p.items - p.charged), total: p.total, state: 'ready' }),
      }),
    );
    const base = { filterId: spec.filterId, pages: outcome.pages, items: outcome.items, charged: outcome.charged, free: Math.max(0, outcome.items - outcome.charged), streams: [] };
    switch (outcome.stoppedBy) {
      case 'done':
      case 'spend_cap':
      case 'balance_exhausted':
        return { ...base, stoppedBy: outcome.stoppedBy };
      case 'cancelled':
        throw new DOMException('The sync was stopped.', 'AbortError');
      default:
        throw earlierStopError(outcome);
    }
  }

  noteFeedUpdate(filterId: string, created: number, updated: number): void {
    const acc = this.feedUpdates.get(filterId) ?? { created: 0, updated: 0 };
    acc.created += created;
    acc.updated += updated;
    this.feedUpdates.set(filterId, acc);
    if (this.feedTimer) return;
    this.feedTimer = setTimeout(() => {
      this.feedTimer = null;
      for (const [id, counts] of this.feedUpdates) this.deps.emit('feed.updated', { filterId: id, ...counts });
      this.feedUpdates.clear();
    }, this.deps.progressThrottleMs ?? 200);
    this.feedTimer.unref();
  }

  async close(): Promise<void> {
    await this.jobs.cancelAll();
    if (this.feedTimer) clearTimeout(this.feedTimer);
  }
}

/** Why an earlier-generation sync stopped short, as the job's error (the sync's own sentence is Russian). */
function earlierStopError(outcome: EarlierSyncOutcome): AppError {
  const reset = outcome.resetAt ? moscowText(Date.parse(outcome.resetAt)) : null;
  switch (outcome.stoppedBy) {
    case 'daily_limit':
      return new AppError('rate_limited', {
        ru: outcome.message,
        en: `The daily limit of new tenders is used up: everything received is stored; the sync continues after the reset${reset ? ` at ${reset.replace('МСК', 'MSK')}` : ' at 00:00 Moscow time'}, with no repeat charge.`,
      });
    case 'autosearch_off':
      return new AppError('not_supported', {
        ru: outcome.message,
        en: 'Auto search of this filter is off: the service collects nothing for it. Switch it on in the service’s web interface.',
      });
    case 'license_expired':
      return new AppError('unauthorized', {
        ru: outcome.message,
        en: 'The API license is not active: renew it through your account manager. The balance and history stay available.',
      });
    default:
      return new AppError('server', { ru: outcome.message, en: `The sync stopped: ${outcome.stoppedBy}. Everything received is stored.` });
  }
}

function stopError(reason: 'spend_cap' | 'balance_exhausted', job: SyncJob, locale: Locale, limit?: SpendLimit): IpcError {
  const t =
    reason === 'spend_cap'
      ? capStopText(limit, job.charged)
      : {
          ru: `Баланс исчерпан: списано ${job.charged} ед., всё полученное сохранено. Пополните баланс и запустите синхронизацию снова: она продолжится с того же места без повторной оплаты.`,
          en: `The balance is exhausted: ${job.charged} units charged, everything received is stored. Top it up and run the sync again: it continues from the same place with no repeat charge.`,
        };
  return { code: reason, message: locale === 'en' ? t.en : t.ru, requestId: null };
}
