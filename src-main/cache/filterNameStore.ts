/**
 * What each filter id was (migration 0020): the QUERY body that first named it and, for a saved search, its
 * label, kept after the search is deleted. Saved searches are written here by triggers on `saved_search`; the
 * sets that are never saved (a contract set, a preview) by `remember`, when the server names their filter.
 * Nothing is ever deleted: a ledger row names its filter for as long as the ledger is held.
 */
import { perCache, type CacheDb } from './database';
import { nowIso } from './types';

export interface KnownFilter {
  filterId: string;
  feed: 'tender' | 'contract' | null;
  /** The QUERY body (without events, limit, cursor); null when only known as a saved search without one. */
  criteria: Record<string, unknown> | null;
  label: string | null;
  /** It was a saved search (it may have been deleted since: `deletedAt`). */
  saved: boolean;
  deletedAt: string | null;
}

export interface FilterNameStore {
  /** The body the server named `filterId` for; a filter known already keeps what it was first known as. */
  remember(filterId: string, feed: 'tender' | 'contract', body: Record<string, unknown>, at?: string): void;
  get(filterId: string): KnownFilter | undefined;
}

interface Row {
  filter_id: string;
  feed: 'tender' | 'contract' | null;
  criteria: string | null;
  label: string | null;
  saved: number;
  deleted_at: string | null;
}

/** What a body says about its set: the paging and streaming fields name no set. */
const NOT_CRITERIA = new Set(['events', 'limit', 'cursor', 'wait']);

function parseCriteria(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function createFilterNameStore(cache: CacheDb): FilterNameStore {
  const { db } = cache;
  const s = {
    insert: db.prepare<[string, string, string, string]>(
      // A saved search's own row (its trigger) or an earlier body wins: the first name a filter was known by stays.
      `INSERT INTO filter_name (filter_id, feed, criteria, first_seen_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (filter_id) DO UPDATE SET feed = coalesce(filter_name.feed, excluded.feed), criteria = coalesce(filter_name.criteria, excluded.criteria)`,
    ),
    get: db.prepare<[string], Row>('SELECT filter_id, feed, criteria, label, saved, deleted_at FROM filter_name WHERE filter_id = ?'),
  };
  return {
    remember(filterId, feed, body, at) {
      const criteria = Object.fromEntries(Object.entries(body).filter(([k]) => !NOT_CRITERIA.has(k)));
      // A body that is the filter itself (`{filter_id: X}` answered by X) says nothing new about it.
      if (Object.keys(criteria).length === 0 || (Object.keys(criteria).length === 1 && criteria.filter_id === filterId)) return;
      s.insert.run(filterId, feed, JSON.stringify(criteria), at ?? nowIso());
    },
    get(filterId) {
      const r = s.get.get(filterId);
      if (!r) return undefined;
      return { filterId: r.filter_id, feed: r.feed, criteria: parseCriteria(r.criteria), label: r.label, saved: r.saved === 1, deletedAt: r.deleted_at };
    },
  };
}

export const filterNameStore = perCache(createFilterNameStore);
