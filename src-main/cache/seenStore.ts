/**
 * What the user has seen of a saved search, row by row (migration 0008): the version of each tender they last
 * saw there. Against it a held tender is `new` (never seen in this search) or `changed` (held at a later
 * version than the one seen); the older version stays in the cache, so what changed can be shown.
 *
 * The marks start when the search is first looked at (`ensureBaseline`: everything held then counts as seen);
 * afterwards the user acknowledges rows (`markSeen` with ids: e.g. the card they opened) or all of them.
 */
import { perCache, type CacheDb } from './database';
import { nowIso } from './types';
import { writeTransaction } from './writeRetry';

export type SeenMark = 'new' | 'changed';

export interface RowMark {
  id: number;
  mark: SeenMark;
  /** The version held now. */
  version: number;
  /** The version the user saw (null: never seen in this search). */
  seenVersion: number | null;
}

export interface SeenStore {
  /** Sets up the marks of a search looked at for the first time; answers whether it did (false: already set). */
  ensureBaseline(filterId: string, at?: string): boolean;
  /** The marks of these tenders (only those new or changed; the others are seen and not listed). */
  marks(filterId: string, ids: readonly number[]): RowMark[];
  /** Takes these tenders (all the search holds when `ids` is absent) as seen at the version held now. */
  markSeen(filterId: string, ids?: readonly number[], at?: string): number;
  /** How many of the search's tenders are new and changed. */
  counts(filterId: string): { new: number; changed: number };
}

/** Tenders of a filter (`filter_member.kind` 1) with the version held now. */
const MEMBERS = `SELECT m.id AS id, t.version AS version FROM filter_member m JOIN tender t ON t.id = m.id WHERE m.filter_id = @filterId AND m.kind = 1`;

function createSeenStore(cache: CacheDb): SeenStore {
  const { db } = cache;
  const s = {
    baselineAt: db.prepare<[string], string | null>('SELECT seen_marked_at FROM saved_search WHERE filter_id = ?').pluck(),
    setBaselineAt: db.prepare<[string, string]>('UPDATE saved_search SET seen_marked_at = ? WHERE filter_id = ? AND seen_marked_at IS NULL'),
    marks: db.prepare<{ filterId: string; ids: string }, { id: number; version: number; seen: number | null }>(
      `SELECT t.id AS id, t.version AS version, s.version AS seen
         FROM filter_member m
         JOIN tender t ON t.id = m.id
         LEFT JOIN saved_search_seen s ON s.filter_id = m.filter_id AND s.tender_id = m.id
        WHERE m.filter_id = @filterId AND m.kind = 1 AND m.id IN (SELECT value FROM json_each(@ids))
          AND (s.version IS NULL OR s.version < t.version)`,
    ),
    markAll: db.prepare<{ filterId: string; at: string }>(
      `INSERT INTO saved_search_seen (filter_id, tender_id, version, seen_at)
         SELECT @filterId, id, version, @at FROM (${MEMBERS}) WHERE true
       ON CONFLICT (filter_id, tender_id) DO UPDATE SET version = excluded.version, seen_at = excluded.seen_at
         WHERE excluded.version > saved_search_seen.version`,
    ),
    markIds: db.prepare<{ filterId: string; at: string; ids: string }>(
      `INSERT INTO saved_search_seen (filter_id, tender_id, version, seen_at)
         SELECT @filterId, id, version, @at FROM (${MEMBERS}) WHERE id IN (SELECT value FROM json_each(@ids))
       ON CONFLICT (filter_id, tender_id) DO UPDATE SET version = excluded.version, seen_at = excluded.seen_at
         WHERE excluded.version > saved_search_seen.version`,
    ),
    counts: db.prepare<{ filterId: string }, { fresh: number | null; changed: number | null }>(
      `SELECT sum(s.version IS NULL) AS fresh, sum(s.version < t.version) AS changed
         FROM filter_member m
         JOIN tender t ON t.id = m.id
         LEFT JOIN saved_search_seen s ON s.filter_id = m.filter_id AND s.tender_id = m.id
        WHERE m.filter_id = @filterId AND m.kind = 1`,
    ),
  };

  const ensureBaseline = writeTransaction(db, (filterId: string, at: string): boolean => {
    if (s.baselineAt.get(filterId) !== null) return false;
    const marked = s.setBaselineAt.run(at, filterId).changes;
    if (marked === 0) return false; // no such saved search
    s.markAll.run({ filterId, at });
    return true;
  });

  return {
    ensureBaseline: (filterId, at = nowIso()) => ensureBaseline(filterId, at),
    marks(filterId, ids) {
      if (ids.length === 0) return [];
      return s.marks.all({ filterId, ids: JSON.stringify(ids) }).map((r) => ({ id: r.id, version: r.version, seenVersion: r.seen, mark: r.seen === null ? 'new' : 'changed' }));
    },
    markSeen(filterId, ids, at = nowIso()) {
      return ids === undefined ? s.markAll.run({ filterId, at }).changes : s.markIds.run({ filterId, at, ids: JSON.stringify(ids) }).changes;
    },
    counts(filterId) {
      const r = s.counts.get({ filterId });
      return { new: r?.fresh ?? 0, changed: r?.changed ?? 0 };
    },
  };
}

export const seenStore = perCache(createSeenStore);
