/**
 * One team sync run, the same for the CLI's `tenderwb team sync` and the app's «Синхронизировать
 * сейчас» / background sync: read the ledger's new rows from the API when the caller can (free; so the ledger
 * reaches the team without an audit first; offline, the run goes on without), open the team database
 * (migrating its schema or refusing a newer one), record this machine in the team's roster, link the local
 * cache to that team, push what the team lacks, then pull what teammates pushed, and close. Push goes first so a teammate's pull in the same minute already sees our rows;
 * the pull skips our own rows by machine id, so the order changes no count.
 *
 * Nothing here writes a cursor itself: each half moves its own cursors only after its PostgreSQL transactions
 * commit, so a run that fails half-way (network, password, kill -9) loses nothing and the next one resumes.
 */
import type { CacheDb } from '../cache/database';
import { teamLinkStore } from '../cache/teamLink';
import { AppError } from '../domain/appError';
import type { SkippedTeamRow } from '../domain/teamRows';
import type { ApiGeneration } from '../profiles/profiles';
import { TEAM_SYNC_TEXT } from '../i18n/teamSyncText';
import { openTeamConnection } from '../teamdb/connection';
import { teamError } from '../teamdb/errors';
import { recordMachine } from '../teamdb/machineStore';
import { DEFAULT_TEAM_SCHEMA } from '../teamdb/schemaName';
import { pullFromTeamOutcome } from './pull';
import { defaultTeamAuthor } from './author';
import { pushToTeam } from './push';
import type { TeamCounts, TeamRunOptions } from './types';

export interface TeamSyncParams {
  /** `postgres://user@host:port/database`; a password inside is used for this run only. */
  url: string;
  /** From the keychain or the environment; never stored by the run. */
  password?: string;
  schema?: string;
  appVersion: string;
  /** Who this machine's changes are by (team_self.author); kept as it is when absent, the OS user's name when none is kept. */
  author?: string;
  /** The analyst's setting on teammates' versions without delivery evidence (kept in the cache); kept as it is when absent. */
  refuseUnproven?: boolean;
  /**
   * Reads the ledger's new rows from the API into the cache's mirror (a free request: the workbench's
   * money.pullLedger), so the ledger reaches the team without an audit first. Failing or offline: the run goes on.
   */
  refreshLedger?: () => Promise<unknown>;
  /** The profile's API generation: only the current one syncs. */
  generation: ApiGeneration;
  connectTimeoutMs?: number;
}

export interface TeamSyncResult {
  teamId: string;
  schemaVersion: number;
  pushed: TeamCounts;
  pulled: TeamCounts;
  /**
   * Teammates' rows this pull could not take, named (at most SKIPPED_NAMED; `skippedTotal` counts all):
   * held in the cache's quarantine while the rest was taken.
   */
  skipped: SkippedTeamRow[];
  skippedTotal: number;
  /** Rows the quarantine holds after the run (these and earlier ones still waiting for their time). */
  held: number;
  /** Whether the ledger mirror was read from the API first (null: no way to ask was given). */
  ledgerRefreshed: boolean | null;
  tookMs: number;
}

export async function runTeamSync(cache: CacheDb, params: TeamSyncParams, options: TeamRunOptions = {}): Promise<TeamSyncResult> {
  if (params.generation !== 'current') throw new AppError('not_supported', TEAM_SYNC_TEXT.earlierRefused);
  const started = Date.now();
  const link = teamLinkStore(cache);
  const author = params.author?.trim() || (link.author() === '' ? defaultTeamAuthor() : '');
  if (author !== '' && author !== link.author()) link.setAuthor(author);
  if (params.refuseUnproven !== undefined && params.refuseUnproven !== link.refuseUnproven()) link.setRefuseUnproven(params.refuseUnproven);
  // Before connecting: the ledger rows it brings are pushed by this same run.
  const ledgerRefreshed = params.refreshLedger ? await params.refreshLedger().then(() => true, () => false) : null;
  const schema = params.schema ?? DEFAULT_TEAM_SCHEMA;
  let team: Awaited<ReturnType<typeof openTeamConnection>> | null = null;
  try {
    team = await openTeamConnection({
      url: params.url,
      password: params.password,
      schema,
      appVersion: params.appVersion,
      connectTimeoutMs: params.connectTimeoutMs,
    });
    options.signal?.throwIfAborted();
    await recordMachine(team.pool, team.schema, { machineId: link.machineId, author: link.author(), appVersion: params.appVersion });
    link.link(team.teamId, team.schema);
    const pushed = await pushToTeam(cache, team, options);
    options.signal?.throwIfAborted();
    const pulled = await pullFromTeamOutcome(cache, team, options);
    return {
      teamId: team.teamId,
      schemaVersion: team.schemaVersion,
      pushed,
      pulled: pulled.counts,
      skipped: pulled.skipped,
      skippedTotal: pulled.skippedTotal,
      held: pulled.held,
      ledgerRefreshed,
      tookMs: Date.now() - started,
    };
  } catch (error) {
    if (options.signal?.aborted) throw new AppError('cancelled', TEAM_SYNC_TEXT.cancelled);
    throw teamError(error, { url: params.url, schema, secrets: [params.password] });
  } finally {
    await team?.close().catch(() => undefined);
  }
}
