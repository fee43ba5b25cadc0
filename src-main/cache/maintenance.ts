/**
 * Housekeeping for idle moments (the sync loop calls it when a feed is quiet): a bounded step of FTS5
 * segment merging (fewer segments and tombstones make searches faster), statistics for the query planner,
 * and a WAL checkpoint. Each step is small and can be repeated; none changes what the cache holds.
 */
import { perCache, type CacheDb } from './database';

export interface MaintenanceResult {
  /** Whether the FTS5 merge step found segments to merge (repeat while true to merge further). */
  merged: boolean;
  /** WAL frames still not copied into the database after the checkpoint (0 when it caught up). */
  walFramesLeft: number;
  ms: number;
}

const statements = perCache((cache: CacheDb) => ({
  merge: cache.db.prepare("INSERT INTO tender_fts (tender_fts, rank) VALUES ('merge', ?)"),
  changes: cache.db.prepare<[], number>('SELECT total_changes()').pluck(),
}));

/**
 * Runs one maintenance step. `mergePages` bounds the FTS5 work (leaf pages written); the merge runs in
 * its own short transaction.
 */
export function runMaintenance(cache: CacheDb, mergePages = 500): MaintenanceResult {
  const started = performance.now();
  const s = statements(cache);
  const before = s.changes.get()!;
  s.merge.run(mergePages);
  // FTS5's documented signal: total_changes() grows by 2 or more when the merge did work.
  const merged = s.changes.get()! - before >= 2;
  cache.db.pragma('optimize');
  const [checkpoint] = cache.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  return {
    merged,
    walFramesLeft: checkpoint ? Math.max(0, checkpoint.log - checkpoint.checkpointed) : 0,
    ms: performance.now() - started,
  };
}
