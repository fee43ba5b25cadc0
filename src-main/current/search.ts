/**
 * Searching: a search's cost previewed and then run as a saved search (its first page names the filter, a job
 * reads the rest), its results read from the cache, and the offline search over everything the cache holds.
 */
import type { SpendEstimate } from '../contract/ipc';
import { offlineSearch, type OfflineQuery, type OfflineSearchOptions } from '../cache/offlineSearch';
import { searchStore, type SavedSearch } from '../cache/searchStore';
import { viewQueries, type TenderSort } from '../cache/viewQueries';
import type { StreamName } from '../sync/ports';
import type { Wired } from './deps';
import { firstPage, preview, spendInput } from './feedRuns';
import { checkLabel } from './savedSearches';
import { estimateOf, planSpend } from './spendGuard';

/** The offline search pages by offset up to this many rows (the cache's own bound). */
const OFFLINE_MAX_OFFSET = 10_000;

/** What a search's criteria would cost: a one-item QUERY (at most one unit) states the set's total. */
export async function previewSearch(
  w: Wired,
  criteria: Record<string, unknown>,
  opts: { maxSpend?: number; signal?: AbortSignal } = {},
): Promise<{ filterId: string; total: number | null; charged: number; spend: SpendEstimate }> {
  const p = await preview(w, 'tender', criteria, opts.signal);
  const held = viewQueries(w.cache).filterTenderCount(p.filterId);
  const estimate = p.total === null ? null : Math.max(0, p.total - held);
  const spend = estimateOf({ ...spendInput(w, estimate, opts.maxSpend), total: p.total, held });
  return { filterId: p.filterId, total: p.total, charged: p.charged, spend };
}

/** Keeps a set's criteria as a saved search (the label checked first: one label names one set). */
export function saveSearch(w: Wired, s: { filterId: string; params: Record<string, unknown>; label?: string; events: StreamName[] }): SavedSearch {
  if (s.label) checkLabel(w, s.label, s.filterId, s.params);
  return searchStore(w.cache).upsert({ filterId: s.filterId, params: s.params, ...(s.label ? { label: s.label } : {}), events: s.events });
}

/** Runs a search: saved under its label, its first page read now, the rest by a job within the planned cap. */
export async function runSearch(
  w: Wired,
  opts: { criteria: Record<string, unknown>; label?: string | null; events: StreamName[]; maxSpend?: number; confirmCost?: number },
): Promise<{ filterId: string; jobId: string }> {
  const { criteria, label } = opts;
  if (label) checkLabel(w, label, null, criteria);
  const streams = [...new Set(opts.events)].sort() as StreamName[];
  // The first page names the filter (and costs at most one unit, stored like any page).
  const first = await firstPage(w, 'tender', criteria, streams[0]);
  if (label) checkLabel(w, label, first.filterId);
  // The preview again, by the core itself: consent to a lower cost does not start a dearer run.
  const held = viewQueries(w.cache).filterTenderCount(first.filterId);
  const limit = planSpend(spendInput(w, first.total === null ? null : Math.max(0, first.total - held), opts.maxSpend, opts.confirmCost));
  const saved = searchStore(w.cache).upsert({ filterId: first.filterId, params: criteria, ...(label ? { label } : {}), events: streams });
  const jobId = w.jobs().start({
    filterId: first.filterId,
    label: saved.label,
    feeds: ['tender'],
    streams,
    maxSpend: Math.max(0, limit.cap - first.charged),
    spendLimit: limit,
    follow: false,
    spentBefore: { charged: first.charged, free: first.free, items: first.items, pages: 1, total: first.total },
  });
  return { filterId: first.filterId, jobId };
}

/** A saved search's tenders held in the cache, sorted and paged (no request); `among`: only these tenders. */
export function searchResults(w: Wired, filterId: string, sort: TenderSort | undefined, offset: number, limit: number, among?: readonly number[]) {
  const views = viewQueries(w.cache);
  const page = views.filterTenders(filterId, sort, offset, limit, among);
  return { rows: page.rows, cachedCount: page.count, total: views.filterTotal(filterId, 'tender') };
}

/** The offline search over every tender the cache holds: the page's view rows and the (bounded) count. */
export function searchOffline(w: Wired, query: OfflineQuery, options: Required<Pick<OfflineSearchOptions, 'offset' | 'limit'>> & Pick<OfflineSearchOptions, 'order'>) {
  const c = offlineSearch(w.cache).count(query, 10_000);
  const count = { count: c.count, countIsEstimate: !c.exact };
  if (options.offset > OFFLINE_MAX_OFFSET) return { rows: [], ...count };
  const page = offlineSearch(w.cache).search(query, options);
  return { rows: viewQueries(w.cache).tenderRows(page.rows.map((r) => r.id)), ...count };
}
