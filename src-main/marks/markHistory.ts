/**
 * A tender's mark history: every change of its status, assignee, tags and notes, made here or pulled
 * from the team database, oldest first, so two concurrent edits both show (the last writer's is the one in force).
 */
import type { CacheDb } from '../cache/database';
import { onPulledChanges, sharedChangeStore } from '../cache/sharedChangeStore';
import type { MarkHistoryEntry } from '../domain/sharedChanges';

export const markHistory = (cache: CacheDb, tenderId: number): MarkHistoryEntry[] => sharedChangeStore(cache).markHistory(tenderId);

/** Calls `changed` with the cache and the tenders whose marks a team pull changed there; answers the unsubscribe. */
export const onPulledMarks = (changed: (cache: CacheDb, tenderIds: number[]) => void): (() => void) =>
  onPulledChanges((cache, applied) => {
    if (applied.tenderIds.length > 0) changed(cache, applied.tenderIds);
  });
