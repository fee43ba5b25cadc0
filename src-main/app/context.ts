/**
 * The state every group of handlers shares: the active profile's session (its cache and API client), the
 * connectivity tracker, the sync jobs, settings and events. Handler modules receive this object and stay
 * small; the rules that cut across them (network failures mark the app offline, the sandbox logs in again
 * after a restart, the outbox flushes when the network returns) live here once.
 */
import { ApiClient, type ApiClientOptions } from '../api/client';
import { CurrentWorkbench, currentClient, type MutationOutcome } from '../current/index';
import { EarlierApiClient } from '../api/earlier/client';
import { isApiError } from '../api/errors';
import { RateLimiter } from '../api/rateLimiter';
import type { CacheDb } from '../cache/database';
import { outboxStore } from '../cache/outboxStore';
import type { EventName, EventPayload, IpcError, Locale, ProfileInfo, SpendEstimate, SyncJob } from '../contract/ipc';
import type { ApiGeneration, ProfileRegistry } from '../profiles/profiles';
import { apiQueryPort } from '../sync/apiQueryPort';
import { flushOutbox, mutate, type Mutation } from '../sync/outbox';
import type { FeedName, QueryPort } from '../sync/ports';
import type { SyncOutcome } from '../sync/syncEngine';
import type { TokenVault } from '../vault/tokenVault';
import { EarlierWorkbench, type EarlierSyncOutcome } from '../earlier/index';
import { moscowText } from '../api/earlier/limits';
import { Connectivity, isNetworkFailure, tcpReachable } from './connectivity';
import { openProfileCache } from './damagedCaches';
import { AppError, appError, toIpcError } from './errors';
import { JobManager, type JobHooks, type JobSpec } from './jobs';
import { SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE, type SandboxProfile } from './sandboxProfile';
import { reprocessQuarantine } from '../sync/quarantine';
import type { SettingsFile } from './settings';
import { capStopText, type SpendLimit } from '../current/spendGuard';

/** Knobs for tests (fast retries, a quick probe); the app uses the defaults. */
export interface AppTuning {
  probeIntervalMs?: number;
  /** The free TCP heartbeat's period (default 1 s: offline noticed within about 2 s). */
  heartbeatMs?: number;
  client?: Pick<ApiClientOptions, 'maxAttempts' | 'backoff' | 'timeouts' | 'maxPreparingWaitMs'>;
  progressThrottleMs?: number;
  /** Seconds of a follow long poll (the API allows up to 25). */
  followWaitSeconds?: number;
  /** The client's own request pace per profile (D-LIM-1: 100 a minute); tests of a lifted server limit raise it. */
  requestsPerMinute?: number;
}

export interface Session {
  readonly name: string;
  readonly builtIn: boolean;
  readonly generation: ApiGeneration;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly cache: CacheDb;
  readonly client: ApiClient;
  /** One attempt, short timeouts: for the connectivity probe. */
  readonly probeClient: ApiClient;
  /** A profile of the earlier API generation: its core (own client, `X-API-Token`) and its probe. Else null. */
  readonly earlier: { readonly workbench: EarlierWorkbench; readonly probeClient: EarlierApiClient } | null;
  /**
   * The current generation's core over this session's cache and client. Every session has one: on an
   * earlier-generation profile only what it reads from the cache is used (`workbench()`, not `currentWorkbench()`).
   */
  readonly current: CurrentWorkbench;
}

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface ContextDeps {
  registry: ProfileRegistry;
  vault: TokenVault;
  settings: SettingsFile;
  sandbox: SandboxProfile | null;
  emit: Emit;
  tuning: AppTuning;
  rootDir: string;
}

export class AppContext {
  readonly registry: ProfileRegistry;
  readonly vault: TokenVault;
  readonly settings: SettingsFile;
  readonly sandbox: SandboxProfile | null;
  readonly emit: Emit;
  readonly tuning: AppTuning;
  readonly rootDir: string;
  readonly connectivity: Connectivity;
  readonly jobs: JobManager;
  private current: Session | null = null;
  /** feed.updated is gathered per filter and sent at most ~5 times a second. */
  private readonly feedUpdates = new Map<string, { created: number; updated: number }>();
  private feedTimer: NodeJS.Timeout | null = null;

  constructor(deps: ContextDeps) {
    this.registry = deps.registry;
    this.vault = deps.vault;
    this.settings = deps.settings;
    this.sandbox = deps.sandbox;
    this.emit = deps.emit;
    this.tuning = deps.tuning;
    this.rootDir = deps.rootDir;
    this.connectivity = new Connectivity({
      intervalMs: deps.tuning.probeIntervalMs ?? 10_000,
      probe: () => this.probe(),
      heartbeat: () => (this.current ? tcpReachable(this.current.baseUrl) : Promise.resolve(true)),
      ...(deps.tuning.heartbeatMs !== undefined ? { heartbeatMs: deps.tuning.heartbeatMs } : {}),
      onChange: () => this.emitStatus(),
      onOnline: () => this.flush(),
    });
    this.jobs = new JobManager({
      run: (spec, signal, hooks) => this.runSync(spec, signal, hooks),
      emit: (job) => this.emit('sync.progress', job),
      toError: (e) => {
        this.connectivity.noteFailure(e);
        return toIpcError(e, this.locale);
      },
      stopError: (reason, job, spec) => stopError(reason, job, this.locale, spec.spendLimit),
      ...(deps.tuning.progressThrottleMs !== undefined ? { throttleMs: deps.tuning.progressThrottleMs } : {}),
    });
  }

  get locale(): Locale {
    return this.settings.value.locale;
  }

  /** The active profile's session; `no active profile` otherwise. */
  session(): Session {
    if (!this.current) {
      throw appError('not_found', 'Нет активного профиля: добавьте профиль API в настройках.', 'There is no active profile: add an API profile in the settings.');
    }
    return this.current;
  }

  sessionOrNull(): Session | null {
    return this.current;
  }

  /** The active session's CurrentWorkbench, for what it answers from the cache (any profile). */
  workbench(): CurrentWorkbench {
    return this.session().current;
  }

  /** The CurrentWorkbench of a current-generation profile: for what calls the API. */
  currentWorkbench(): CurrentWorkbench {
    return this.currentGeneration().current;
  }

  /** The active session, refusing profiles of the earlier API generation (their routes differ). */
  currentGeneration(): Session {
    const s = this.session();
    if (s.generation !== 'current') {
      throw appError(
        'not_supported',
        'Этот профиль работает с API прежнего поколения: здесь доступны только данные из кэша.',
        'This profile uses the earlier API generation: only cached data is available here.',
      );
    }
    return s;
  }

  /**
   * Runs a request with the active profile's client. A network failure marks the app offline; the sandbox's
   * session is renewed once when the sandbox no longer knows it (it restarted).
   */
  net<T>(fn: (client: ApiClient, session: Session) => Promise<T>): Promise<T> {
    const session = this.currentGeneration();
    return this.reach(session, () => fn(session.client, session));
  }

  /** `net` for an earlier-generation profile: the same rules around its own core. */
  earlierNet<T>(fn: (workbench: EarlierWorkbench, session: Session) => Promise<T>): Promise<T> {
    const session = this.earlierSession();
    return this.reach(session, () => fn(session.earlier.workbench, session));
  }

  /** What every call to a server shares: connectivity is told, and the sandbox's lost session renewed once. */
  private async reach<T>(session: Session, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await call();
        this.connectivity.noteSuccess();
        return result;
      } catch (e) {
        if (isApiError(e) && e.status !== null) this.connectivity.noteSuccess();
        else this.connectivity.noteFailure(e);
        if (attempt === 0 && session.builtIn && isApiError(e) && (e.code === 'unauthorized' || e.code === 'invalid_session')) {
          this.sandbox?.dropSession();
          continue;
        }
        throw e;
      }
    }
  }

  /** Whether a request is worth trying now (offline calls that the cache can answer skip the network). */
  get online(): boolean {
    return this.connectivity.online;
  }

  pendingEdits(): number {
    const s = this.current;
    return s ? outboxStore(s.cache).pending().length : 0;
  }

  emitStatus(): void {
    this.emit('app.status', { online: this.connectivity.online, pendingEdits: this.pendingEdits() });
  }

  // --- Profiles ------------------------------------------------------------------------------------------

  async profileInfos(): Promise<ProfileInfo[]> {
    const active = this.current?.name ?? null;
    const out: ProfileInfo[] = [];
    if (this.sandbox) {
      out.push({ name: SANDBOX_PROFILE, baseUrl: this.sandbox.baseUrl, generation: 'current', builtIn: true, hasToken: true, active: active === SANDBOX_PROFILE });
      out.push({ name: SANDBOX_EARLIER_PROFILE, baseUrl: this.sandbox.earlierBaseUrl, generation: 'earlier', builtIn: true, hasToken: true, active: active === SANDBOX_EARLIER_PROFILE });
    }
    for (const p of await this.registry.list()) {
      // A keychain that cannot be asked is not a reason to hide the profile: it shows as having no token.
      const hasToken = await this.vault.has(p.name).catch(() => false);
      out.push({ name: p.name, baseUrl: p.baseUrl, generation: p.generation, builtIn: false, hasToken, active: active === p.name });
    }
    return out;
  }

  async activeProfileInfo(): Promise<ProfileInfo | null> {
    const active = this.current?.name;
    if (!active) return null;
    return (await this.profileInfos()).find((p) => p.name === active) ?? null;
  }

  /** Makes `name` the active profile: jobs stop, the old cache closes, the new one opens. */
  async activate(name: string | null, opts: { persist?: boolean; announce?: boolean } = {}): Promise<void> {
    const next = name === null ? null : await this.describe(name);
    if (name !== null && !next) throw appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`);
    await this.jobs.cancelAll();
    this.jobs.clear();
    this.closeSession();
    this.connectivity.reset();
    if (next) this.current = this.openSession(next);
    if (opts.persist !== false) await this.settings.update({ activeProfile: this.current?.name ?? null });
    if (opts.announce !== false) {
      this.emit('profiles.changed', { activeProfile: this.current?.name ?? null });
      this.emitStatus();
    }
    if (this.current) void this.connectivity.probeNow();
  }

  closeSession(): void {
    this.current?.cache.close();
    this.current = null;
  }

  async close(): Promise<void> {
    this.connectivity.close();
    await this.jobs.cancelAll();
    if (this.feedTimer) clearTimeout(this.feedTimer);
    this.closeSession();
  }

  private async describe(name: string): Promise<{ name: string; builtIn: boolean; generation: ApiGeneration; baseUrl: string } | null> {
    if (name === SANDBOX_PROFILE && this.sandbox) return { name, builtIn: true, generation: 'current', baseUrl: this.sandbox.baseUrl };
    if (name === SANDBOX_EARLIER_PROFILE && this.sandbox) return { name, builtIn: true, generation: 'earlier', baseUrl: this.sandbox.earlierBaseUrl };
    const p = await this.registry.get(name).catch(() => null);
    return p ? { name: p.name, builtIn: false, generation: p.generation, baseUrl: p.baseUrl } : null;
  }

  private openSession(p: { name: string; builtIn: boolean; generation: ApiGeneration; baseUrl: string }): Session {
    const dataDir = this.registry.dataDir(p.name);
    // A damaged file is moved aside and refused with a message naming it (issue 13); see damagedCaches.ts.
    const cache = openProfileCache(dataDir);
    const sandbox = this.sandbox;
    const token = p.builtIn && sandbox ? () => sandbox.token() : async () => (await this.vault.get(p.name)) ?? '';
    // One limiter per session: the rate limit is per account, and the probe shares it.
    const limiter = new RateLimiter({
      perMinute: this.tuning.requestsPerMinute ?? 100,
      // A hold of a second or more is shown on the running jobs (issue 12: a run stood still for a minute, silently).
      onWait: (ms) => {
        if (ms >= 1000) this.jobs.notePause(new Date(Date.now() + ms).toISOString());
      },
    });
    // Answers kept in quarantine by an earlier run are read again now (offline), and a paid answer this
    // client cannot read is kept there (issue 11), never dropped.
    if (p.generation === 'current') reprocessQuarantine(cache);
    const client = currentClient(cache, { baseUrl: p.baseUrl, token, limiter, ...(this.tuning.client ?? {}) });
    const probeClient = new ApiClient({
      baseUrl: p.baseUrl,
      token,
      limiter,
      maxAttempts: 1,
      timeouts: { headersMs: 5000, bodyMs: 5000 },
    });
    const earlier =
      p.generation === 'earlier'
        ? {
            workbench: new EarlierWorkbench({ client: new EarlierApiClient({ baseUrl: p.baseUrl, token, ...(this.tuning.client ?? {}) }), cache }),
            probeClient: new EarlierApiClient({ baseUrl: p.baseUrl, token, maxAttempts: 1, maxUnreachableAttempts: 1, timeouts: { headersMs: 5000, bodyMs: 5000 } }),
          }
        : null;
    const current = new CurrentWorkbench({
      cache,
      client,
      spending: () => this.settings.value.spending,
      reach: (call) => this.reach(session, call),
      port: (onLongPoll) => this.port(session, onLongPoll),
      onFeedSaved: (filterId, created, updated) => this.noteFeedUpdate(filterId, created, updated),
      mutate: (m) => this.mutateOrQueue(m),
      jobs: this.jobs,
      ...(this.tuning.followWaitSeconds !== undefined ? { followWaitSeconds: this.tuning.followWaitSeconds } : {}),
    });
    const session: Session = { ...p, dataDir, cache, client, probeClient, earlier, current };
    return session;
  }

  /** The active session of an earlier-generation profile; `not_supported` for a current-generation one. */
  earlierSession(): Session & { readonly earlier: NonNullable<Session['earlier']> } {
    const s = this.session();
    if (s.earlier === null) {
      throw appError(
        'not_supported',
        'Этот раздел — для профиля API прежнего поколения (фильтры, избранное, дневные лимиты).',
        'This view is for a profile of the earlier API generation (filters, favorites, daily limits).',
      );
    }
    return s as Session & { readonly earlier: NonNullable<Session['earlier']> };
  }

  // --- Connectivity ----------------------------------------------------------------------------------------

  /** Reachable when the server answers anything at all (GET /balance is free and light). */
  private async probe(): Promise<boolean> {
    const s = this.current;
    if (!s) return true;
    try {
      await (s.earlier ? s.earlier.probeClient.balance() : s.probeClient.balance());
      return true;
    } catch (e) {
      if (isApiError(e) && e.status !== null) {
        if (s.builtIn && (e.code === 'unauthorized' || e.code === 'invalid_session')) this.sandbox?.dropSession();
        return true;
      }
      return false;
    }
  }

  /** Sends queued edits (the network is back); tells the renderer how many are left. */
  async flush(): Promise<void> {
    const s = this.current;
    if (!s || s.generation !== 'current') return;
    if (outboxStore(s.cache).pending().length > 0) {
      try {
        await this.net((client) => flushOutbox(s.cache, client));
      } catch {
        // Still queued: the next transition online tries again.
      }
    }
    this.emitStatus();
  }

  /**
   * Sends a mutation through the outbox (its Idempotency-Key stored before sending), or leaves it queued
   * when the network is away. Earlier queued edits go first, so the server sees them in order.
   */
  async mutateOrQueue(m: Mutation): Promise<MutationOutcome> {
    const s = this.currentGeneration();
    if (this.online && outboxStore(s.cache).pending().length > 0) await this.flush();
    if (!this.online || outboxStore(s.cache).pending().length > 0) {
      outboxStore(s.cache).enqueue(m);
      this.emitStatus();
      return { queued: true, result: null };
    }
    try {
      return { queued: false, result: await this.net((client) => mutate(s.cache, client, m)) };
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
      this.emitStatus(); // the entry stays pending under its key
      return { queued: true, result: null };
    }
  }

  // --- Sync --------------------------------------------------------------------------------------------------

  /** The QUERY port of a session, telling connectivity what happened. */
  port(session: Session, onLongPoll?: () => void): QueryPort {
    const inner = apiQueryPort(session.client);
    return {
      query: async (feed, body, signal) => {
        if (onLongPoll && typeof body.wait === 'number' && body.wait > 0) onLongPoll();
        try {
          const page = await inner.query(feed, body, signal);
          this.connectivity.noteSuccess();
          return page;
        } catch (e) {
          if (isApiError(e) && e.status !== null) {
            this.connectivity.noteSuccess();
            if (session.builtIn && (e.code === 'unauthorized' || e.code === 'invalid_session')) {
              this.sandbox?.dropSession();
              return inner.query(feed, body, signal);
            }
          } else if (!signal?.aborted) this.connectivity.noteFailure(e);
          throw e;
        }
      },
    };
  }

  private async runSync(spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    if (spec.earlierFilterId !== undefined) return this.runEarlierSync(spec.earlierFilterId, spec, signal, hooks);
    return this.currentWorkbench().runSyncJob(spec, signal, hooks);
  }

  /**
   * An earlier-generation filter read page by page (sync/earlierSync.ts) as a job: its progress in the
   * job's terms; a stop other than done, the spend cap or the balance is an error the job shows (the daily
   * limit with its reset time, auto search off, the license), and a cancel is a cancel.
   */
  private async runEarlierSync(filterId: number, spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    const outcome = await this.earlierNet((workbench) =>
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
      for (const [id, counts] of this.feedUpdates) this.emit('feed.updated', { filterId: id, ...counts });
      this.feedUpdates.clear();
    }, this.tuning.progressThrottleMs ?? 200);
    this.feedTimer.unref();
  }

  /** Starts a sync job over a filter whose id is known. */
  startJob(spec: JobSpec): string {
    return this.jobs.start(spec);
  }

  /** A set's cost before it pays (CurrentWorkbench.feedEstimate), on a current-generation profile. */
  feedEstimate(feed: FeedName, body: Record<string, unknown>, maxSpend?: number): Promise<{ filterId: string; charged: number; spend: SpendEstimate }> {
    return this.currentWorkbench().feedEstimate(feed, body, maxSpend);
  }

  /** Reads one feed of a set as a job (CurrentWorkbench.feedJob), on a current-generation profile. */
  feedJob(feed: FeedName, body: Record<string, unknown>, opts: { label?: string | null; maxSpend?: number; confirmCost?: number } = {}): Promise<{ filterId: string; jobId: string }> {
    return this.currentWorkbench().feedJob(feed, body, opts);
  }

  contractsJob(body: Record<string, unknown>, opts: { maxSpend?: number; confirmCost?: number } = {}): Promise<{ filterId: string; jobId: string }> {
    return this.feedJob('contract', body, opts);
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

export type { MutationOutcome };
