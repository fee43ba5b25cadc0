/**
 * The pull half of a team sync (issue 17): what teammates pushed, from the team database into this cache.
 *
 * ONE cursor, the xid8 watermark (teamdb/pullStore.ts says why it is exact): the window from the stored cursor to
 * the snapshot's xmin is read table by table, page by page, each page written locally in its own transaction
 * (cache/teamIncoming.ts); the cursor moves to the window's end only after every page is written. A run killed
 * or aborted in between leaves the pages it wrote (whole) and the old cursor: the next run reads the same window
 * again and skips what is already here, so the counts of the two runs add up to exactly one run's.
 *
 * Versions come before cards (a card then joins its version's delivery instead of logging a second one) and
 * before ledger rows (a ledger row is then explained by a version held when the audit reads it).
 */
import type { CacheDb } from '../cache/database';
import { teamIncoming } from '../cache/teamIncoming';
import { teamLinkStore } from '../cache/teamLink';
import type { TeamConnection } from '../teamdb/connection';
import { openPullWindow, type PullRows, type PullTable, type PullWindow } from '../teamdb/pullStore';
import { applyPulledChanges, type PulledSharedChange } from './sharedChanges';
import { zeroCounts, type TeamCounts, type TeamHalf, type TeamRunOptions } from './types';

/** Rows per page: a page is one PostgreSQL fetch and one local transaction. */
export const PULL_PAGE_ROWS = 2000;

const ORDER: readonly PullTable[] = ['tender_version', 'contract_version', 'card', 'ledger_row', 'saved_search', 'shared_change'];

const toChange = (r: PullRows['shared_change']): PulledSharedChange => ({
  machineId: r.machineId,
  localSeq: r.localSeq,
  entity: r.entity,
  key: r.key,
  field: r.field,
  value: r.value === null ? null : (JSON.parse(r.value) as unknown),
  at: r.at,
  author: r.author,
});

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

async function pullTable(
  cache: CacheDb,
  window: PullWindow,
  table: PullTable,
  options: TeamRunOptions & { pageRows: number; pushedUpTo: number },
): Promise<number> {
  const total = options.onProgress ? await window.count(table) : null;
  let done = 0;
  let fresh = 0;
  options.onProgress?.({ direction: 'pull', table, done, total });
  for await (const rows of window.pages(table, options.pageRows)) {
    fresh += writePage(cache, table, rows, options);
    done += rows.length;
    options.onProgress?.({ direction: 'pull', table, done, total });
    // Between pages: what is written stays, the cursor stays where it was.
    options.signal?.throwIfAborted();
  }
  return fresh;
}

/** `pageRows` is for tests that need several pages from a few rows. */
export async function pullFromTeamWith(
  cache: CacheDb,
  team: TeamConnection,
  options: TeamRunOptions & { pageRows?: number } = {},
): Promise<TeamCounts> {
  options.signal?.throwIfAborted();
  const link = teamLinkStore(cache);
  const state = link.link(team.teamId, team.schema);
  const counts = zeroCounts();
  const window = await openPullWindow(team, state.pullCursor, link.machineId);
  try {
    for (const table of ORDER) {
      counts[table] = await pullTable(cache, window, table, {
        ...options,
        pageRows: options.pageRows ?? PULL_PAGE_ROWS,
        // Read after the push half (a run pushes first): what is past it was changed here during this run.
        pushedUpTo: state.push.outgoingSeq,
      });
    }
  } finally {
    await window.close();
  }
  link.setPullCursor(team.teamId, window.to, new Date().toISOString());
  return counts;
}

export const pullFromTeam: TeamHalf = pullFromTeamWith;
