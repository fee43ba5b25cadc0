/**
 * What a teammate's row may be, and what this copy makes of it (a team database is written by every
 * teammate, so one bad row must not stop a pull, and a forged one must not pass for the API's own data).
 * Pure shapes and rules, shared by the pull's check (team/pulledRows.ts), the cache (its trust of a version, its
 * quarantine), the IPC contract (a run's result) and the words of the CLI and the app (i18n/teamSyncText.ts).
 */

/** What moves between the cache and the team database, by the team table it lands in. */
export type TeamTable = 'tender_version' | 'contract_version' | 'card' | 'ledger_row' | 'saved_search' | 'shared_change';

export const TEAM_TABLES: readonly TeamTable[] = ['tender_version', 'contract_version', 'card', 'ledger_row', 'saved_search', 'shared_change'];

/**
 * Why a pulled row was not taken:
 * - `id`: an id that is not a whole number from 1 to 2^53 − 1 (9007199254740993 would be read as …992: another
 *   object's id);
 * - `version`: a version below 0 or not whole;
 * - `body`: a body that is not a JSON object (`[]`, a string, `null`);
 * - `body_key`: a body naming another id or version than its row;
 * - `time`: a time that cannot be read (a year past 9999);
 * - `future`: a time more than FUTURE_SKEW_MS past now (a clock far ahead, or 9999-12-31, which would pin a mark
 *   for good): held, and taken once that time has come;
 * - `unproven`: a version or card with no delivery evidence while the analyst refuses those (held, and taken
 *   if the setting is lifted);
 * - `value`: another field out of its range (a balance type, a page number, a saved search's parameters);
 * - `write`: the cache's own checks refused it.
 */
export type TeamRefusalReason = 'id' | 'version' | 'body' | 'body_key' | 'time' | 'future' | 'unproven' | 'value' | 'write';

export const TEAM_REFUSAL_REASONS: readonly TeamRefusalReason[] = ['id', 'version', 'body', 'body_key', 'time', 'future', 'unproven', 'value', 'write'];

/** Refusals that may pass later by themselves (the time came, the setting was lifted): tried again by every pull. */
export const RETRIED_REASONS: ReadonlySet<TeamRefusalReason> = new Set(['future', 'unproven']);

/**
 * How far past this machine's clock a teammate's time may be (clocks drift; a change stamped a few minutes
 * ahead is an honest one). Past that it is held until its time comes, so no change can pin a field for good.
 */
export const FUTURE_SKEW_MS = 10 * 60_000;

/** A row a pull did not take, named for the analyst (the result of a run, the CLI, the app's settings). */
export interface SkippedTeamRow {
  table: TeamTable;
  /** Versions and cards: tender or contract. */
  kind?: 'tender' | 'contract';
  /**
   * The row's own id as the team database holds it (a version's or card's object id, a ledger row's id, a saved
   * search's filter id, a shared change's key), never rounded.
   */
  id: string;
  /** Versions and cards: the version, as held. */
  version?: string;
  /** Cards: the positions page. */
  page?: string;
  /** Shared changes: the entity and field changed. */
  entity?: string;
  field?: string;
  reason: TeamRefusalReason;
  /** The value at fault as text (the time, the id, the body's own id), or null when none says more. */
  detail: string | null;
  /** The machine that pushed it, and its author as the team's roster names it (null when not known). */
  machineId: string;
  author: string | null;
}

/**
 * Whether a teammate's delivery carries the API's evidence of having happened: the id of the API request that
 * delivered it and the page it came on (a feed page belongs to a saved search, named by its filter id; a card is
 * its own page). Only a version with it is trusted as the API's data (it may become the one shown and exported
 * over a version this machine holds from the API); the API's own answer replaces a teammate's version of the
 * same key whatever it carries.
 */
export function hasDeliveryEvidence(d: { via: string; requestId: string | null; filterId: string | null }): boolean {
  if (d.requestId === null || d.requestId.trim() === '') return false;
  return d.via === 'card' || (d.filterId !== null && d.filterId.trim() !== '');
}
