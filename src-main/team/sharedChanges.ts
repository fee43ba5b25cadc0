/**
 * Marks, tags and lists shared through the team database (the merge rule in domain/sharedChanges.ts).
 * The push calls `pushSharedChanges` (this machine's changes past the push cursor's `changeSeq`, a batch per
 * PostgreSQL transaction, the cursor moved after each commit: a crash in between only sends the batch again,
 * which adds nothing); the pull hands the shared changes it read to `applyPulledChanges`.
 */
import type { CacheDb } from '../cache/database';
import { sharedChangeStore } from '../cache/sharedChangeStore';
import { teamLinkStore } from '../cache/teamLink';
import { nowIso } from '../cache/types';
import type { SharedChange } from '../domain/sharedChanges';
import type { TeamConnection } from '../teamdb/connection';
import { pushSharedChangeBatch } from '../teamdb/sharedChanges';
import type { TeamRunOptions } from './types';

/** A shared change as the team database holds it (S.shared_change). */
export type PulledSharedChange = SharedChange;

/** Changes per PostgreSQL transaction: a mark or list edit is a few rows, so a batch is many edits. */
export const SHARED_CHANGE_BATCH = 2000;

/** Pushes this machine's shared changes past the push cursor's `changeSeq`; answers how many the team lacked. */
export async function pushSharedChanges(cache: CacheDb, team: TeamConnection, options: TeamRunOptions = {}, batchSize = SHARED_CHANGE_BATCH): Promise<number> {
  const link = teamLinkStore(cache);
  const store = sharedChangeStore(cache);
  let cursor = link.link(team.teamId, team.schema).push.changeSeq;
  let pushed = 0;
  let done = 0;
  options.onProgress?.({ direction: 'push', table: 'shared_change', done, total: null });
  for (;;) {
    options.signal?.throwIfAborted();
    const batch = store.ownSince(cursor, batchSize);
    if (batch.length === 0) break;
    pushed += await pushSharedChangeBatch(team, batch);
    cursor = batch[batch.length - 1]!.localSeq;
    link.advancePush(team.teamId, { changeSeq: cursor }, nowIso());
    done += batch.length;
    options.onProgress?.({ direction: 'push', table: 'shared_change', done, total: null });
  }
  return pushed;
}

/** Records pulled changes in the local history and applies each that wins its field; answers how many were new here. */
export function applyPulledChanges(cache: CacheDb, changes: readonly PulledSharedChange[]): number {
  return sharedChangeStore(cache).applyPulled(changes).added;
}
