/**
 * What every group of handlers shares, wired together here and nothing more: the profile's session
 * (sessions.ts: opening, closing, the current or earlier session a handler needs, and each session's
 * CurrentWorkbench / EarlierWorkbench), the network wrapper that reports connectivity and owns the outbox
 * (network.ts), and the job runner (jobRunner.ts: sync jobs, earlier-generation stops as errors, throttled
 * `feed.updated`). The use cases live in the workbenches (src-main/current/, src-main/earlier/); handler
 * modules receive this object and stay thin.
 */
import type { ApiClientOptions } from '../api/client';
import type { CacheDb } from '../cache/database';
import type { EventName, EventPayload, Locale, ProfileInfo } from '../contract/ipc';
import type { CurrentWorkbench } from '../current/index';
import type { EarlierWorkbench } from '../earlier/index';
import type { ProfileRegistry } from '../profiles/profiles';
import type { TokenVault } from '../vault/tokenVault';
import { isNetworkFailure, type Connectivity } from '../workspace/connectivity';
import { appError } from '../domain/appError';
import { JobRunner } from './jobRunner';
import type { JobSpec } from '../current/syncJobs';
import type { JobManager } from './jobs';
import { Network } from './network';
import { AppNotifications } from './notificationTeller';
import type { SandboxProfile } from '../workspace/sandboxProfile';
import { requireCurrent, Sessions, type EarlierSession, type Session } from './sessions';
import type { SettingsFile } from '../workspace/settings';
import { AutoDocuments } from './autoDocuments';
import { pick } from '../i18n/text';

export type { Session } from './sessions';

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

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface ContextDeps {
  registry: ProfileRegistry;
  vault: TokenVault;
  settings: SettingsFile;
  sandbox: SandboxProfile | null;
  emit: Emit;
  tuning: AppTuning;
  rootDir: string;
  /** Versions stored by any page or card of a session (the team syncer's «after a paid load»). */
  onVersionsStored?(cache: CacheDb): void;
}

export class AppContext {
  readonly registry: ProfileRegistry;
  readonly vault: TokenVault;
  readonly settings: SettingsFile;
  readonly sandbox: SandboxProfile | null;
  readonly emit: Emit;
  readonly tuning: AppTuning;
  readonly rootDir: string;
  private readonly sessions: Sessions;
  private readonly network: Network;
  private readonly runner: JobRunner;
  /** Notifications: follow jobs' pages, deadlines, quiet hours; the `notify` event. */
  readonly notifications: AppNotifications;
  /** The automatic download of documents, run as the `documents:auto` job. */
  readonly autoDocuments: AutoDocuments;

  constructor(deps: ContextDeps) {
    this.registry = deps.registry;
    this.vault = deps.vault;
    this.settings = deps.settings;
    this.sandbox = deps.sandbox;
    this.emit = deps.emit;
    this.tuning = deps.tuning;
    this.rootDir = deps.rootDir;
    const { tuning } = deps;
    this.sessions = new Sessions({
      registry: deps.registry,
      vault: deps.vault,
      sandbox: deps.sandbox,
      spending: () => this.settings.value.spending,
      ...(tuning.requestsPerMinute !== undefined ? { requestsPerMinute: tuning.requestsPerMinute } : {}),
      ...(tuning.client ? { client: tuning.client } : {}),
      // A hold of a second or more is shown on the running jobs (a run stood still for a minute, silently).
      onRateWait: (ms) => {
        if (ms >= 1000) this.jobs.notePause(new Date(Date.now() + ms).toISOString());
      },
      // The core runs in a worker, so these reach the window while the upgrade holds this thread.
      onCacheUpgrade: (profile, percent) => deps.emit('cache.upgrade', { profile, percent }),
      hooks: (session) => ({
        // As `net`: a call to the current generation's routes is refused on an earlier-generation profile.
        reach: (call) => this.network.reach(requireCurrent(session()), call),
        worthTrying: () => this.network.online && session().generation === 'current',
        unreachable: isNetworkFailure,
        port: (onLongPoll) => this.network.port(session(), onLongPoll),
        onFeedSaved: (filterId, created, updated) => this.runner.noteFeedUpdate(filterId, created, updated),
        onJobPageStored: (page, summary, following) => this.notifications.pageStored(session().cache, page, summary, following),
        onVersionsStored: (items) => {
          this.notifications.versionsStored(session().cache, items);
          this.autoDocuments.versionsStored(items);
          deps.onVersionsStored?.(session().cache);
        },
        mutate: (m) => this.network.mutateOrQueue(m),
        jobs: this.jobs,
        ...(tuning.followWaitSeconds !== undefined ? { followWaitSeconds: tuning.followWaitSeconds } : {}),
      }),
    });
    this.network = new Network({
      sessions: this.sessions,
      sandbox: deps.sandbox,
      emit: deps.emit,
      ...(tuning.probeIntervalMs !== undefined ? { probeIntervalMs: tuning.probeIntervalMs } : {}),
      ...(tuning.heartbeatMs !== undefined ? { heartbeatMs: tuning.heartbeatMs } : {}),
    });
    this.notifications = new AppNotifications({
      settings: deps.settings,
      locale: () => this.locale,
      emit: deps.emit,
      cache: () => this.sessions.sessionOrNull()?.cache ?? null,
    });
    // The documents of the tenders chosen in the settings, downloaded after versions are stored, as a job.
    this.autoDocuments = new AutoDocuments({
      settings: () => this.settings.value.documents,
      cache: () => this.sessions.sessionOrNull()?.cache ?? null,
      jobs: () => this.jobs,
      label: () => pick({ ru: 'Документы (автозагрузка)', en: 'Documents (automatic)' }, this.locale),
      onChanged: (cache, events) => this.notifications.documentsChanged(cache, events),
    });
    this.runner = new JobRunner({
      sessions: this.sessions,
      documentSettings: () => this.settings.value.documents,
      runAutoDocuments: (cache, signal, hooks) => this.autoDocuments.run(cache, signal, hooks),
      network: this.network,
      locale: () => this.locale,
      emit: deps.emit,
      ...(tuning.progressThrottleMs !== undefined ? { progressThrottleMs: tuning.progressThrottleMs } : {}),
    });
  }

  get locale(): Locale {
    return this.settings.value.locale;
  }

  get connectivity(): Connectivity {
    return this.network.connectivity;
  }

  get jobs(): JobManager {
    return this.runner.jobs;
  }

  // --- Sessions (sessions.ts) ----------------------------------------------------------------------------

  session = (): Session => this.sessions.session();
  sessionOrNull = (): Session | null => this.sessions.sessionOrNull();
  currentGeneration = (): Session => this.sessions.currentGeneration();
  earlierSession = (): EarlierSession => this.sessions.earlierSession();
  /** The active session's CurrentWorkbench, for what it answers from the cache (any profile). */
  workbench = (): CurrentWorkbench => this.sessions.session().current;
  /** The CurrentWorkbench of a current-generation profile: for what calls the API. */
  currentWorkbench = (): CurrentWorkbench => this.sessions.currentGeneration().current;
  profileInfos = (): Promise<ProfileInfo[]> => this.sessions.profileInfos();

  async activeProfileInfo(): Promise<ProfileInfo | null> {
    const active = this.sessions.sessionOrNull()?.name;
    if (!active) return null;
    return (await this.profileInfos()).find((p) => p.name === active) ?? null;
  }

  /** Makes `name` the active profile: jobs stop, the old cache closes, the new one opens. */
  async activate(name: string | null, opts: { persist?: boolean; announce?: boolean } = {}): Promise<void> {
    const next = name === null ? null : await this.sessions.describe(name);
    if (name !== null && !next) throw appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`);
    await this.jobs.cancelAll();
    this.jobs.clear();
    this.sessions.close();
    this.connectivity.reset();
    this.sessions.switchTo(next);
    const active = this.sessions.sessionOrNull()?.name ?? null;
    if (opts.persist !== false) await this.settings.update({ activeProfile: active });
    if (opts.announce !== false) {
      this.emit('profiles.changed', { activeProfile: active });
      this.emitStatus();
    }
    if (active !== null) void this.connectivity.probeNow();
    // A run of the automatic download this profile was owed (cut short by a close, a switch, a crash) resumes.
    this.autoDocuments.resume();
  }

  async close(): Promise<void> {
    this.notifications.close();
    this.connectivity.close();
    await this.runner.close();
    this.sessions.close();
  }

  // --- Network (network.ts) --------------------------------------------------------------------------------

  /** Whether a request is worth trying now (offline calls that the cache can answer skip the network). */
  get online(): boolean {
    return this.network.online;
  }

  earlierNet = <T>(fn: (workbench: EarlierWorkbench, session: Session) => Promise<T>): Promise<T> => this.network.earlierNet(fn);
  pendingEdits = (): number => this.network.pendingEdits();
  emitStatus = (): void => this.network.emitStatus();

  // --- Jobs (jobRunner.ts) ---------------------------------------------------------------------------------

  /** Starts a sync job over a filter whose id is known. */
  startJob(spec: JobSpec): string {
    return this.jobs.start(spec);
  }
}
