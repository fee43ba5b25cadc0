/**
 * The pull half of a team sync: what teammates pushed, from the team database into this cache.
 *
 * ONE cursor, the xid8 watermark (teamdb/pullStore.ts says why it is exact): the window from the stored cursor to
 * the snapshot's xmin is read table by table, page by page, each page written locally in its own transaction
 * (cache/teamIncoming.ts); the cursor moves to the window's end only after every page is written. A run killed
 * or aborted in between leaves the pages it wrote (whole) and the old cursor: the next run reads the same window
 * again and skips what is already here, so the counts of the two runs add up to exactly one run's.
 *
 * Versions come before cards (a card then joins its version's delivery instead of logging a second one) and
 * before ledger rows (a ledger row is then explained by a version held when the audit reads it).
 *
 * A teammate's row is checked before it is written (team/pulledRows.ts; one bad row stopped every
 * teammate's pull until an administrator deleted it). A row that cannot be taken is held in the cache's quarantine
 * (cache/teamQuarantine.ts), named in the run's result, and the pull goes on with the others; a page the cache
 * itself refuses is written again row by row, so only the row at fault is held. Rows held for a reason that may
 * pass (a time that has come, a refusal the analyst lifted) are tried again at the start of each table's turn.
 */
import type { CacheDb } from '../cache/database';
import { CacheInputError } from '../cache/errors';
import { teamIncoming } from '../cache/teamIncoming';
import { teamLinkStore } from '../cache/teamLink';
import { teamQuarantine, type HeldTeamRow } from '../cache/teamQuarantine';
import { nowIso } from '../cache/types';
import { RETRIED_REASONS, type SkippedTeamRow } from '../domain/teamRows';
import type { TeamConnection } from '../teamdb/connection';
import { machineAuthors } from '../teamdb/machineStore';
import { openPullWindow, type PullRows, type PullTable, type PullWindow, type RawPullRows } from '../teamdb/pullStore';
import { checkPage, nameOf, type CheckContext, type Refusal } from './pulledRows';
import { applyPulledChanges, type PulledSharedChange } from './sharedChanges';
import { zeroCounts, type TeamCounts, type TeamHalf, type TeamRunOptions } from './types';

/** Rows per page: a page is one PostgreSQL fetch and one local transaction. */
export const PULL_PAGE_ROWS = 2000;

/** Refused rows a run names one by one (the rest are counted): a teammate who pushes a million bad rows costs nothing more. */
export const SKIPPED_NAMED = 200;

const ORDER: readonly PullTable[] = ['tender_version', 'contract_version', 'card', 'ledger_row', 'saved_search', 'shared_change'];

/** What a pull did: rows new here per table, and the rows it could not take. */
export interface PullOutcome {
  counts: TeamCounts;
  /** Rows of this run's window that were refused and held, at most SKIPPED_NAMED of them (`skippedTotal` counts all). */
  skipped: SkippedTeamRow[];
  skippedTotal: number;
  /** Rows the quarantine holds after the run (these and earlier ones still waiting). */
  held: number;
}

const toChange = (r: PullRows['shared_change']): PulledSharedChange => ({ ...r });

/** What a page's write needs besides its rows. */
interface PageContext {
  /** The push cursor's outgoingSeq: a saved search changed here past it keeps the local one. */
  pushedUpTo: number;
  onVersionsStored?: TeamRunOptions['onVersionsStored'];
}

/** Writes one page locally; answers how many of its rows were new here (or changed, for saved searches). */
function writePage(cache: CacheDb, table: PullTable, rows: readonly unknown[], page: PageContext): number {
  const incoming = teamIncoming(cache);
  switch (table) {
    case 'tender_version':
    case 'contract_version':
      return incoming.versions(rows as PullRows['tender_version'][], page.onVersionsStored);
    case 'card':
      return incoming.cards(rows as PullRows['card'][]);
    case 'ledger_row':
      return incoming.ledgerRows(rows as PullRows['ledger_row'][]);
    case 'saved_search':
      return incoming.savedSearches(rows as PullRows['saved_search'][], page.pushedUpTo);
    case 'shared_change':
      // T4's apply writes its own transaction inside asPulled (asPulled does not nest).
      return applyPulledChanges(cache, (rows as PullRows['shared_change'][]).map(toChange));
  }
}

/**
 * A failure that is the row's (the cache's checks, a constraint, a value out of range), not the file's or the
 * disk's: a full disk, a locked or damaged file and a cancelled run still end the pull, with nothing held.
 */
function isRowFault(error: unknown): boolean {
  if (error instanceof CacheInputError || error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_RANGE');
}

/**
 * Writes checked rows; a page the cache refuses is written again row by row, each row it refuses then becoming a
 * refusal of its own (`write`, with the cache's words).
 */
function writeTaken<T extends PullTable>(
  cache: CacheDb,
  table: T,
  taken: readonly { row: PullRows[T]; raw: RawPullRows[T] }[],
  page: PageContext,
): { fresh: number; refused: Refusal[]; written: RawPullRows[T][] } {
  if (taken.length === 0) return { fresh: 0, refused: [], written: [] };
  try {
    return { fresh: writePage(cache, table, taken.map((t) => t.row), page), refused: [], written: taken.map((t) => t.raw) };
  } catch (error) {
    if (!isRowFault(error)) throw error;
  }
  let fresh = 0;
  const refused: Refusal[] = [];
  const written: RawPullRows[T][] = [];
  for (const { row, raw } of taken) {
    try {
      fresh += writePage(cache, table, [row], page);
      written.push(raw);
    } catch (error) {
      if (!isRowFault(error)) throw error;
      const { key, skipped } = nameOf(table, raw);
      const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      refused.push({ key, skipped: { ...skipped, reason: 'write', detail }, raw });
    }
  }
  return { fresh, refused, written };
}

const held = (r: Refusal): HeldTeamRow => ({
  table: r.skipped.table,
  key: r.key,
  machineId: r.skipped.machineId,
  reason: r.skipped.reason,
  detail: r.skipped.detail,
  row: r.raw,
});

interface TableRun {
  ctx: CheckContext;
  page: PageContext;
  teamId: string;
  /** Refusals of this run's window (not of rows tried again). */
  refused: Refusal[];
}

/** Rows held for a reason that may have passed: those taken now are written and released. */
function retryHeld(cache: CacheDb, table: PullTable, run: TableRun): number {
  const quarantine = teamQuarantine(cache);
  const pending = quarantine.pending(table, [...RETRIED_REASONS]);
  if (pending.length === 0) return 0;
  const { taken, refused } = checkPage(table, pending.map((p) => p.row as RawPullRows[typeof table]), run.ctx);
  const wrote = writeTaken(cache, table, taken, run.page);
  const at = nowIso();
  quarantine.hold(run.teamId, [...refused, ...wrote.refused].map(held), at);
  quarantine.release(table, wrote.written.map((raw) => nameOf(table, raw).key), at);
  return wrote.fresh;
}

async function pullTable(
  cache: CacheDb,
  window: PullWindow,
  table: PullTable,
  run: TableRun,
  options: TeamRunOptions & { pageRows: number },
): Promise<number> {
  let fresh = retryHeld(cache, table, run);
  const total = options.onProgress ? await window.count(table) : null;
  let done = 0;
  options.onProgress?.({ direction: 'pull', table, done, total });
  for await (const raws of window.pages(table, options.pageRows)) {
    const { taken, refused } = checkPage(table, raws, run.ctx);
    const wrote = writeTaken(cache, table, taken, run.page);
    fresh += wrote.fresh;
    const all = [...refused, ...wrote.refused];
    teamQuarantine(cache).hold(run.teamId, all.map(held), nowIso());
    run.refused.push(...all);
    done += raws.length;
    options.onProgress?.({ direction: 'pull', table, done, total });
    // Between pages: what is written stays, the cursor stays where it was.
    options.signal?.throwIfAborted();
  }
  return fresh;
}

/** A teammate's texts in a refused row's name, cut to what a result keeps (a key of any length names it still). */
const bounded = (row: SkippedTeamRow): SkippedTeamRow => ({
  ...row,
  id: row.id.slice(0, 200),
  ...(row.field !== undefined ? { field: row.field.slice(0, 300) } : {}),
  detail: row.detail === null ? null : row.detail.slice(0, 400),
  machineId: row.machineId.slice(0, 100),
  author: row.author === null ? null : row.author.slice(0, 300),
});

/** The pull with what it could not take (team/teamSync.ts reports it). `pageRows` is for tests that need several pages from a few rows. */
export async function pullFromTeamOutcome(
  cache: CacheDb,
  team: TeamConnection,
  options: TeamRunOptions & { pageRows?: number } = {},
): Promise<PullOutcome> {
  options.signal?.throwIfAborted();
  const link = teamLinkStore(cache);
  const state = link.link(team.teamId, team.schema);
  const counts = zeroCounts();
  const run: TableRun = {
    ctx: { now: (options.now ?? Date.now)(), refuseUnproven: options.refuseUnproven ?? link.refuseUnproven() },
    // Read after the push half (a run pushes first): what is past it was changed here during this run.
    page: { pushedUpTo: state.push.outgoingSeq, onVersionsStored: options.onVersionsStored },
    teamId: team.teamId,
    refused: [],
  };
  const window = await openPullWindow(team, state.pullCursor, link.machineId);
  try {
    for (const table of ORDER) counts[table] = await pullTable(cache, window, table, run, { ...options, pageRows: options.pageRows ?? PULL_PAGE_ROWS });
  } finally {
    await window.close();
  }
  link.setPullCursor(team.teamId, window.to, new Date().toISOString());
  const named = run.refused.slice(0, SKIPPED_NAMED);
  // Who pushed them, as the team's roster names them; unknown (or the roster unreadable) leaves them unnamed.
  const authors = await machineAuthors(team.pool, team.schema, named.map((r) => r.skipped.machineId)).catch(() => new Map<string, string>());
  return {
    counts,
    skipped: named.map((r) => bounded({ ...r.skipped, author: authors.get(r.skipped.machineId) ?? null })),
    skippedTotal: run.refused.length,
    held: teamQuarantine(cache).heldCount(),
  };
}

/** `pageRows` is for tests that need several pages from a few rows. */
export async function pullFromTeamWith(
  cache: CacheDb,
  team: TeamConnection,
  options: TeamRunOptions & { pageRows?: number } = {},
): Promise<TeamCounts> {
  return (await pullFromTeamOutcome(cache, team, options)).counts;
}

export const pullFromTeam: TeamHalf = pullFromTeamWith;
