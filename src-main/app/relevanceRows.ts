/**
 * The relevance column of the saved-search and list tables, thin over triage/relevance.ts: each
 * page's rows carry their score (null while the model has too few labels), and «Релевантность» sorts the whole
 * set in the core, by the same model «Разбор» ranks with. Whether a teammate's statuses and labels train it is the
 * analyst's setting (triage.settings). Local: no request, no charge.
 */
import type { CacheDb } from '../cache/database';
import { tenderIdsOfList, tenderIdsOfSavedSearch } from '../cache/insightStore';
import { viewQueries } from '../cache/viewQueries';
import { tenderViewRow } from '../current/rows';
import { byRelevance, relevanceOf } from '../triage/relevance';
import type { TriageOptions } from '../triage/triage';

/**
 * The rows with their relevance: a score, or null when the model is not ready (the column says so). Scoring may
 * write (a model retrained, features read again): where the cache cannot take it (a full disk, a damaged
 * triage table), the rows come without a relevance, a dash in the column, and the table still shows.
 */
export function withRelevance<R extends { id: number }>(cache: CacheDb, rows: readonly R[], options: TriageOptions): (R & { relevance?: number | null })[] {
  if (rows.length === 0) return [];
  let relevance: ReturnType<typeof relevanceOf>;
  try {
    relevance = relevanceOf(cache, rows.map((r) => r.id), options);
  } catch {
    return [...rows];
  }
  const { ready, scores } = relevance;
  return rows.map((r) => ({ ...r, relevance: ready ? (scores.get(r.id) ?? null) : null }));
}

/** byRelevance, or null (the table's own order) where scoring fails, as withRelevance says. */
function orderOf(cache: CacheDb, ids: number[], direction: 'asc' | 'desc', options: TriageOptions): number[] | null {
  try {
    return byRelevance(cache, ids, direction, options);
  } catch {
    return null;
  }
}

const among = (ids: number[], only: readonly number[] | undefined): number[] => {
  if (only === undefined) return ids;
  const keep = new Set(only);
  return ids.filter((id) => keep.has(id));
};

/** In the given order, the rows of these ids as `rowsOf` gives them in any order. */
const inOrder = <R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * One page of a saved search's held tenders by relevance (`only`: the marks filter's tenders); null when the
 * model is not ready, and the caller keeps its own order.
 */
export function searchPageByRelevance(cache: CacheDb, filterId: string, direction: 'asc' | 'desc', offset: number, limit: number, only: readonly number[] | undefined, options: TriageOptions) {
  const order = orderOf(cache, among(tenderIdsOfSavedSearch(cache, filterId), only), direction, options);
  if (order === null) return null;
  const ids = order.slice(offset, offset + limit);
  return inOrder(ids, viewQueries(cache).tenderRows(ids).map(tenderViewRow));
}

/** One page of a list's held members by relevance, with their place in the list; null when the model is not ready. */
export function listPageByRelevance(cache: CacheDb, listId: string, direction: 'asc' | 'desc', offset: number, limit: number, only: readonly number[] | undefined, options: TriageOptions) {
  const order = orderOf(cache, among(tenderIdsOfList(cache, listId), only), direction, options);
  if (order === null) return null;
  const ids = order.slice(offset, offset + limit);
  const rows = ids.length === 0 ? [] : viewQueries(cache).listTenders(listId, undefined, 0, ids.length, ids).rows;
  return inOrder(ids, rows.map((r) => ({ ...tenderViewRow(r), listPosition: r.listPosition })));
}
