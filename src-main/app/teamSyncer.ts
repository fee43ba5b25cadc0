/**
 * The app's team database sync: one run at a time of team/teamSync.ts over the cache of the profile the
 * connection belongs to (`teamProfile` in settings: the one active when it was saved; never the built-in sandbox,
 * whose demo data must not reach a team), while that profile is active. Started by «Синхронизировать сейчас»,
 * every 15 minutes while the app is open, and after any paid load that stored versions ends (a job in any end
 * state: done, capped, stopped, failed; or a call outside jobs: a search's first pages, a list, a card),
 * coalesced: one run at a time, one more pending at most. Each run reads the ledger's new rows first (free). Its state (running, progress in words, the last run's result or error) goes
 * to the window as `team.status` events and is kept in settings.json (the last run; never the password, which
 * only the keychain holds: vault/teamSecret.ts).
 */
import type { CacheDb } from '../cache/database';
import { teamLinkStore } from '../cache/teamLink';
import type { StoredVersion } from '../current/deps';
import { LAST_RUN_SKIPPED_NAMED, type EventName, type EventPayload, type Locale, type SyncJob, type TeamLastRun, type TeamStatus } from '../contract/ipc';
import { appVersion } from '../export/provenance';
import { TEAM_SYNC_TEXT, teamOtherProfileText, teamProgressLine } from '../i18n/teamSyncText';
import { defaultTeamAuthor } from '../team/author';
import { runTeamSync } from '../team/teamSync';
import type { TeamSecretVault } from '../vault/teamSecret';
import { appError, AppError } from '../domain/appError';
import { toIpcError } from '../workspace/errors';
import { isBuiltInName } from '../workspace/sandboxProfile';
import type { Session } from './sessions';
import type { SettingsFile } from '../workspace/settings';

/** Background sync period while the app is open (every 15 minutes). */
export const TEAM_SYNC_INTERVAL_MS = 15 * 60_000;

export interface TeamSyncerDeps {
  settings: SettingsFile;
  secrets: TeamSecretVault;
  session(): Session | null;
  locale(): Locale;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Versions a run pulled into this cache (the app's notifications: a marked tender's newer version). */
  onVersionsStored?(cache: CacheDb, items: readonly StoredVersion[]): void;
  /** Reads the ledger's new rows from the API into the session's mirror (free); absent or failing: not refreshed. */
  refreshLedger?(session: Session): Promise<unknown>;
  intervalMs?: number;
}

/**
 * A settings file from before connections belonged to a profile: its connection goes to the profile active at
 * this first start, unless that is a built-in one (the sandbox): then it stays unbound until saved again.
 */
export async function bindTeamProfile(settings: SettingsFile, activeProfile: string | null): Promise<void> {
  const { team, teamProfile } = settings.value;
  if (team === null || teamProfile !== undefined) return;
  await settings.update({ teamProfile: activeProfile !== null && !isBuiltInName(activeProfile) ? activeProfile : null });
}

export const noTeamConnection = (): AppError => appError('invalid_input', 'Сначала укажите адрес базы команды и сохраните его.', 'First enter the team database address and save it.');

/** Why the active profile may not sync with the kept connection, or null when it may. */
export function teamSyncRefusal(settings: SettingsFile, activeProfile: string | null): AppError | null {
  const { team, teamProfile } = settings.value;
  if (activeProfile !== null && isBuiltInName(activeProfile)) return new AppError('not_supported', TEAM_SYNC_TEXT.sandboxRefused);
  if (team === null) return noTeamConnection();
  if (teamProfile === null || teamProfile === undefined) return new AppError('invalid_input', TEAM_SYNC_TEXT.unbound);
  if (activeProfile !== teamProfile) return new AppError('invalid_input', teamOtherProfileText(teamProfile));
  return null;
}

export class TeamSyncer {
  private running: { abort: AbortController; done: Promise<void> } | null = null;
  /** A run was asked for while one ran: it starts when that one ends (one pending at most). */
  private pending = false;
  /** Versions were stored since the last run started (a paid load's end then asks for a run). */
  private dirty = false;
  /** Sync jobs in state `running`: a version stored under one waits for the job's end. */
  private readonly busyJobs = new Set<string>();
  private progress: string | null = null;
  private stored: { url: string; stored: boolean } | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: TeamSyncerDeps) {
    this.timer = setInterval(() => void this.start(), deps.intervalMs ?? TEAM_SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  async status(): Promise<TeamStatus> {
    const { team, teamLastRun, teamProfile } = this.deps.settings.value;
    // Asked of the keychain once per address, not with every progress event of a run.
    if (team && this.stored?.url !== team.url) this.stored = { url: team.url, stored: (await this.deps.secrets.get(team.url).catch(() => null)) !== null };
    const session = this.deps.session();
    const activeProfile = session?.name ?? null;
    const forActiveProfile = teamSyncRefusal(this.deps.settings, activeProfile) === null;
    // The name is the profile's cache's (team_self), where the CLI's --author writes too.
    const author = forActiveProfile && session ? authorOf(session.cache) : null;
    const refuseUnproven = forActiveProfile && session ? refuseUnprovenOf(session.cache) : null;
    return {
      connection: team && author ? { ...team, author, ...(refuseUnproven !== null ? { refuseUnproven } : {}) } : team,
      passwordStored: team ? this.stored!.stored : false,
      running: this.running !== null,
      progress: this.progress,
      lastRun: teamLastRun,
      connectionProfile: team ? (teamProfile ?? null) : null,
      activeProfile,
      forActiveProfile,
      sandboxActive: activeProfile !== null && isBuiltInName(activeProfile),
      defaultAuthor: defaultTeamAuthor(),
    };
  }

  /** Whether a run is going now. */
  isRunning(): boolean {
    return this.running !== null;
  }

  /** The stored password was set or deleted: the next status asks the keychain again. */
  passwordChanged(): void {
    this.stored = null;
  }

  /**
   * Starts a run when the active profile's connection is kept (not the sandbox's, not another profile's) and none
   * is running; false otherwise.
   */
  start(): boolean {
    const connection = this.deps.settings.value.team;
    if (connection === null || this.running !== null) return false;
    if (teamSyncRefusal(this.deps.settings, this.deps.session()?.name ?? null) !== null) return false;
    this.dirty = false;
    const abort = new AbortController();
    const done = this.run(connection, abort.signal).finally(() => {
      this.running = null;
      this.progress = null;
      void this.announce();
      if (this.pending && !abort.signal.aborted) {
        this.pending = false;
        this.start();
      }
    });
    this.running = { abort, done };
    void this.announce();
    return true;
  }

  /** A run now, or right after the running one (coalesced: one pending at most). */
  request(): void {
    if (this.running !== null) this.pending = true;
    else this.start();
  }

  /**
   * Versions were stored in the session's cache (any paid load: a job's page, a search's first pages, a list, a
   * card). Outside a running job they go to the team now; under one, when the job ends.
   */
  versionsStored(cache: CacheDb): void {
    if (this.deps.session()?.cache !== cache) return;
    this.dirty = true;
    if (this.busyJobs.size === 0) this.request();
  }

  /** A sync job moved (`sync.progress`): one that ended in any state after storing versions asks for a run. */
  jobProgress(job: Pick<SyncJob, 'jobId' | 'state'>): void {
    if (job.state === 'running') {
      this.busyJobs.add(job.jobId);
      return;
    }
    this.busyJobs.delete(job.jobId);
    if (this.dirty && this.busyJobs.size === 0) this.request();
  }

  /** The profile changes (its cache closes): a running sync stops; what it committed stays. */
  async stop(): Promise<void> {
    this.pending = false;
    this.dirty = false;
    this.busyJobs.clear();
    const running = this.running;
    if (!running) return;
    running.abort.abort();
    await running.done;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.stop();
  }

  private async run(connection: NonNullable<TeamStatus['connection']>, signal: AbortSignal): Promise<void> {
    const at = (): string => new Date().toISOString();
    let lastRun: TeamLastRun;
    try {
      const session = this.deps.session();
      if (session === null) throw appError('not_found', 'Нет открытого профиля: синхронизировать с базой команды нечего.', 'No profile is open: there is nothing to sync with the team database.');
      const { password } = await this.deps.secrets.resolve(connection.url);
      const refreshLedger = this.deps.refreshLedger;
      const result = await runTeamSync(
        session.cache,
        {
          url: connection.url,
          password,
          schema: connection.schema,
          appVersion: appVersion(),
          generation: session.generation,
          ...(refreshLedger ? { refreshLedger: () => refreshLedger(session) } : {}),
          // A name kept in settings before it moved to the profile's cache (team_self) is carried over once.
          ...(connection.author !== '' && authorOf(session.cache) === '' ? { author: connection.author } : {}),
        },
        {
          signal,
          onVersionsStored: (items) => this.deps.onVersionsStored?.(session.cache, items),
          onProgress: (p) => {
            this.progress = teamProgressLine(p, this.deps.locale());
            void this.announce();
          },
        },
      );
      lastRun = {
        at: at(),
        ok: true,
        pushed: result.pushed,
        pulled: result.pulled,
        error: null,
        ledgerRefreshed: result.ledgerRefreshed,
        url: connection.url,
        schema: connection.schema,
        skipped: result.skipped.slice(0, LAST_RUN_SKIPPED_NAMED),
        skippedTotal: result.skippedTotal,
      };
    } catch (error) {
      lastRun = { at: at(), ok: false, pushed: null, pulled: null, error: toIpcError(error, this.deps.locale()).message, url: connection.url, schema: connection.schema };
    }
    await this.deps.settings.update({ teamLastRun: lastRun });
  }

  private async announce(): Promise<void> {
    this.deps.emit('team.status', await this.status());
  }
}

/** The profile cache's setting on teammates' versions without delivery evidence; null when it cannot be read. */
function refuseUnprovenOf(cache: CacheDb): boolean | null {
  try {
    return teamLinkStore(cache).refuseUnproven();
  } catch {
    return null;
  }
}

/** The profile cache's author (team_self), '' when none is kept or the cache cannot be read (closing). */
function authorOf(cache: CacheDb): string {
  try {
    return teamLinkStore(cache).author();
  } catch {
    return '';
  }
}
