/**
 * The app's team database sync (issue 17): one run at a time of team/teamSync.ts over the active profile's cache,
 * started by «Синхронизировать сейчас», every 15 minutes while the app is open, and after a feed sync ends, when
 * a connection is kept in settings. Its state (running, progress in words, the last run's result or error) goes
 * to the window as `team.status` events and is kept in settings.json (the last run; never the password, which
 * only the keychain holds: vault/teamSecret.ts).
 */
import type { CacheDb } from '../cache/database';
import type { StoredVersion } from '../current/deps';
import type { EventName, EventPayload, Locale, TeamLastRun, TeamStatus } from '../contract/ipc';
import { appVersion } from '../export/provenance';
import { teamProgressLine } from '../i18n/teamSyncText';
import { runTeamSync } from '../team/teamSync';
import type { TeamSecretVault } from '../vault/teamSecret';
import { appError } from '../domain/appError';
import { toIpcError } from './errors';
import type { Session } from './sessions';
import type { SettingsFile } from './settings';

/** Background sync period while the app is open (issue 17: every 15 minutes). */
export const TEAM_SYNC_INTERVAL_MS = 15 * 60_000;

export interface TeamSyncerDeps {
  settings: SettingsFile;
  secrets: TeamSecretVault;
  session(): Session | null;
  locale(): Locale;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Versions a run pulled into this cache (the app's notifications: a marked tender's newer version). */
  onVersionsStored?(cache: CacheDb, items: readonly StoredVersion[]): void;
  intervalMs?: number;
}

export class TeamSyncer {
  private running: { abort: AbortController; done: Promise<void> } | null = null;
  private progress: string | null = null;
  private stored: { url: string; stored: boolean } | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: TeamSyncerDeps) {
    this.timer = setInterval(() => void this.start(), deps.intervalMs ?? TEAM_SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  async status(): Promise<TeamStatus> {
    const { team, teamLastRun } = this.deps.settings.value;
    // Asked of the keychain once per address, not with every progress event of a run.
    if (team && this.stored?.url !== team.url) this.stored = { url: team.url, stored: (await this.deps.secrets.get(team.url).catch(() => null)) !== null };
    return { connection: team, passwordStored: team ? this.stored!.stored : false, running: this.running !== null, progress: this.progress, lastRun: teamLastRun };
  }

  /** The stored password was set or deleted: the next status asks the keychain again. */
  passwordChanged(): void {
    this.stored = null;
  }

  /** Starts a run when a connection is kept and none is running; false otherwise. */
  start(): boolean {
    const connection = this.deps.settings.value.team;
    if (connection === null || this.running !== null) return false;
    const abort = new AbortController();
    const done = this.run(connection, abort.signal).finally(() => {
      this.running = null;
      this.progress = null;
      void this.announce();
    });
    this.running = { abort, done };
    void this.announce();
    return true;
  }

  /** A feed sync ended: what it brought goes to the team now rather than at the next quarter hour. */
  afterFeedSync(): void {
    this.start();
  }

  /** The profile changes (its cache closes): a running sync stops; what it committed stays. */
  async stop(): Promise<void> {
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
      const result = await runTeamSync(
        session.cache,
        {
          url: connection.url,
          password,
          schema: connection.schema,
          appVersion: appVersion(),
          generation: session.generation,
          ...(connection.author !== '' ? { author: connection.author } : {}),
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
      lastRun = { at: at(), ok: true, pushed: result.pushed, pulled: result.pulled, error: null };
    } catch (error) {
      lastRun = { at: at(), ok: false, pushed: null, pulled: null, error: toIpcError(error, this.deps.locale()).message };
    }
    await this.deps.settings.update({ teamLastRun: lastRun });
  }

  private async announce(): Promise<void> {
    this.deps.emit('team.status', await this.status());
  }
}
