/**
 * The push half of a team sync: what this machine holds and the team database lacks, in order —
 * versions and cards by the request that delivered them, then ledger rows and saved searches by the outgoing
 * log, then the shared changes (marks, tags, lists: team/sharedChanges.ts).
 *
 * Each chunk is one PostgreSQL transaction (teamdb/pushStore.ts) and the local cursor moves past it only after it
 * committed: a crash in between sends the chunk again and the team's unique keys ignore it, so a rerun after
 * kill -9 ends with exact counts. Each half of the cursor stops at the high-water mark read at the start: what
 * arrives while a push runs waits for the next one. Cancelling (options.signal) stops between chunks.
 */
import type { CacheDb } from '../cache/database';
import { teamLinkStore } from '../cache/teamLink';
import { teamOutgoing, type OutgoingVersion, type OutgoingVersionKey } from '../cache/teamOutgoing';
import { nowIso } from '../cache/types';
import type { TeamConnection } from '../teamdb/connection';
import { pushBatch, type ContractVersionRow, type PushBatchCounts, type TenderVersionRow } from '../teamdb/pushStore';
import { pushSharedChanges } from './sharedChanges';
import { zeroCounts, type TeamCounts, type TeamHalf, type TeamRunOptions, type TeamTable } from './types';

/**
 * Versions and cards per PostgreSQL transaction: large enough that the chunk's scan of the cache and the
 * transaction's fixed costs vanish, small enough that a crash repeats little and memory stays flat.
 */
export const PUSH_CHUNK_ROWS = 25_000;

export interface PushOptions extends TeamRunOptions {
  /** Rows per chunk (tests use small chunks to have many). */
  chunkRows?: number;
  /** Told after each chunk committed in the team database and the local cursor moved past it. */
  onChunk?: (moved: PushBatchCounts) => void;
}

function* tendersOf(versions: Iterable<OutgoingVersion>): Generator<TenderVersionRow> {
  for (const v of versions) if (v.kind === 'tender') yield { ...v, ...v.columns };
}

function* contractsOf(versions: Iterable<OutgoingVersion>): Generator<ContractVersionRow> {
  for (const v of versions) if (v.kind === 'contract') yield { ...v, ...v.columns };
}

export async function pushToTeamWith(cache: CacheDb, team: TeamConnection, options: PushOptions = {}): Promise<TeamCounts> {
  const rows = options.chunkRows ?? PUSH_CHUNK_ROWS;
  const link = teamLinkStore(cache);
  const out = teamOutgoing(cache);
  const cursor = link.link(team.teamId, team.schema).push;
  const counts = zeroCounts();
  const done = zeroCounts();
  const totals: Partial<Record<TeamTable, number>> = {};
  const progress = (table: TeamTable, extra = 0): void =>
    options.onProgress?.({ direction: 'push', table, done: done[table] + extra, total: totals[table] ?? null });
  const add = (moved: PushBatchCounts): void => {
    for (const [table, n] of Object.entries(moved) as [keyof PushBatchCounts, number][]) counts[table] += n;
  };

  // Versions and cards.
  const requestHigh = out.requestHighWater();
  const pending = out.pending(cursor.requestSeq, requestHigh);
  totals.tender_version = pending.tender;
  totals.contract_version = pending.contract;
  totals.card = pending.card;
  for (const chunk of out.requestChunks(cursor.requestSeq, requestHigh, rows)) {
    options.signal?.throwIfAborted();
    const keys = out.versionKeys(chunk);
    const tenderKeys: OutgoingVersionKey[] = [];
    const contractKeys: OutgoingVersionKey[] = [];
    for (const k of keys) (k.kind === 'tender' ? tenderKeys : contractKeys).push(k);
    const cardKeys = out.cardKeys(chunk);
    if (keys.length + cardKeys.length > 0) {
      const moved = await pushBatch(
        team.pool,
        team.schema,
        link.machineId,
        {
          tenderVersions: () => tendersOf(out.versions(tenderKeys)),
          contractVersions: () => contractsOf(out.versions(contractKeys)),
          cards: () => out.cards(cardKeys),
        },
        (table, n) => progress(table, n),
      );
      add(moved);
      done.tender_version += tenderKeys.length;
      done.contract_version += contractKeys.length;
      done.card += cardKeys.length;
      link.advancePush(team.teamId, { requestSeq: chunk.toSeq }, nowIso());
      for (const table of ['tender_version', 'contract_version', 'card'] as const) progress(table);
      options.onChunk?.(moved);
    } else link.advancePush(team.teamId, { requestSeq: chunk.toSeq }, nowIso());
  }

  // Ledger rows and saved searches.
  const outgoingHigh = out.outgoingHighWater();
  let after = cursor.outgoingSeq;
  // The log's entries (ledger rows and saved searches together; a search changed twice is sent once).
  totals.ledger_row = out.outgoingPending(after, outgoingHigh);
  for (let log = out.outgoingLog(after, outgoingHigh, rows); log !== null; log = out.outgoingLog(after, outgoingHigh, rows)) {
    options.signal?.throwIfAborted();
    const { ledgerRows, savedSearches } = log;
    const moved = ledgerRows.length + savedSearches.length > 0
      ? await pushBatch(team.pool, team.schema, link.machineId, { ledgerRows: () => ledgerRows, savedSearches: () => savedSearches })
      : null;
    if (moved) add(moved);
    done.ledger_row += ledgerRows.length;
    done.saved_search += savedSearches.length;
    link.advancePush(team.teamId, { outgoingSeq: log.toSeq }, nowIso());
    after = log.toSeq;
    progress('ledger_row');
    progress('saved_search');
    if (moved) options.onChunk?.(moved);
    if (after >= outgoingHigh) break;
  }

  options.signal?.throwIfAborted();
  counts.shared_change += await pushSharedChanges(cache, team, options);
  return counts;
}

export const pushToTeam: TeamHalf = pushToTeamWith;
