/**
 * A tender's mark history (issue 17): every change of its status, assignee, tags and notes, made here or pulled
 * from the team database, oldest first, so two concurrent edits both show (the last writer's is the one in force).
 */
import type { CacheDb } from '../cache/database';
import { sharedChangeStore } from '../cache/sharedChangeStore';
import type { MarkHistoryEntry } from '../domain/sharedChanges';

export const markHistory = (cache: CacheDb, tenderId: number): MarkHistoryEntry[] => sharedChangeStore(cache).markHistory(tenderId);

/** Calls `changed` with the tenders whose marks a team pull changed in this cache; answers the unsubscribe. */
export const onPulledMarks = (cache: CacheDb, changed: (tenderIds: number[]) => void): (() => void) =>
  sharedChangeStore(cache).onPulled((applied) => {
    if (applied.tenderIds.length > 0) changed(applied.tenderIds);
  });
