/** The shapes a team sync run shares between its halves (push, pull, shared changes) and its callers (CLI, app). */
import type { CacheDb } from '../cache/database';
import type { TeamTable } from '../domain/teamRows';
import type { TeamConnection } from '../teamdb/connection';

export { TEAM_TABLES, type TeamTable } from '../domain/teamRows';

/** Rows moved per table (a row already there on the other side is not counted: a second run reports zeros). */
export type TeamCounts = Record<TeamTable, number>;

export const zeroCounts = (): TeamCounts => ({ tender_version: 0, contract_version: 0, card: 0, ledger_row: 0, saved_search: 0, shared_change: 0 });

export interface TeamProgress {
  direction: 'push' | 'pull';
  table: TeamTable;
  /** Rows of this table handled so far in this run. */
  done: number;
  /** Rows of this table this run has to handle, when known. */
  total: number | null;
}

export interface TeamRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: TeamProgress) => void;
  /**
   * Versions a pull stored here, after each page committed (the app's «marked tender changed» hears them as it
   * hears a card fetched: current/deps.ts onVersionsStored).
   */
  onVersionsStored?: (items: readonly { kind: string; id: number; version: number; object: unknown }[]) => void;
  /**
   * The pull holds a teammate's version or card that carries no delivery evidence instead of taking it; by default
   * the analyst's setting kept in the cache (teamLinkStore.refuseUnproven: «не принимать версии без подтверждения
   * доставки», `--refuse-unproven`).
   */
  refuseUnproven?: boolean;
  /** This machine's clock for the pull's check of teammates' times (tests set it); Date.now by default. */
  now?: () => number;
}

/** One direction's half of a run: `pushToTeam` (team/push.ts) and `pullFromTeam` (team/pull.ts) have this shape. */
export type TeamHalf = (cache: CacheDb, team: TeamConnection, options?: TeamRunOptions) => Promise<TeamCounts>;
