/**
 * Housekeeping for idle moments: FTS5 segment merging (fewer segments and tombstones make searches faster),
 * the insight store's queued customer and supplier entries moved into their indexes in one sorted batch
 * (partyIndexQueue.ts: so the first dossier after a sync does not pay for it), the queued external ids moved
 * into their index the same way (externalIdQueue.ts), statistics for the query
 * planner, and a WAL checkpoint. Each step is small and can be repeated; none changes what a reader answers.
 */
import type { CacheDb } from './database';
import { flushExternalIdQueue } from './externalIdQueue';
import { flushInsightQueue } from './insightStore';
import { ftsMergeStep, MERGE_STEP_PAGES } from './writeUpkeep';

export interface MaintenanceResult {
  /** Whether the FTS5 merge step found segments to merge (repeat while true to merge further). */
  merged: boolean;
  /** WAL frames still not copied into the database after the checkpoint (0 when it caught up). */
  walFramesLeft: number;
  ms: number;
}

/**
 * Runs one maintenance step. `mergePages` bounds the FTS5 work (leaf pages written). It is done in the
 * writer's merge steps, each its own short transaction (writeUpkeep.ts), so maintenance never holds the
 * write lock long either; the writes already merge as they go, so this catches up on what is left.
 */
export function runMaintenance(cache: CacheDb, mergePages = 500): MaintenanceResult {
  const started = performance.now();
  let merged = false;
  for (let left = mergePages; left > 0; left -= MERGE_STEP_PAGES) {
    if (!ftsMergeStep(cache.db, Math.min(left, MERGE_STEP_PAGES))) break;
    merged = true;
  }
  flushInsightQueue(cache);
  flushExternalIdQueue(cache.db);
  cache.db.pragma('optimize');
  const [checkpoint] = cache.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  return {
    merged,
    walFramesLeft: checkpoint ? Math.max(0, checkpoint.log - checkpoint.checkpointed) : 0,
    ms: performance.now() - started,
  };
}
