/**
 * search.*, savedSearches.* and sync.*: saved searches are filters the user keeps; reading them is a sync
 * job (see jobs.ts); their results are read from the cache, sorted and paged, with no request.
 */
import type { Handlers, SavedSearchInfo, TenderRow } from '../contract/ipc';
import { offlineSearch } from '../cache/offlineSearch';
import { searchStore, type SavedSearch } from '../cache/searchStore';
import { viewQueries } from '../cache/viewQueries';
import { previewCost, readFirstPage } from '../sync/syncEngine';
import type { StreamName } from '../sync/ports';
import type { AppContext, Session } from './context';
import { appError } from './errors';
import { tenderViewRow } from './rows';

type SearchHandlers = Pick<
  Handlers,
  | 'search.preview'
  | 'search.run'
  | 'search.results'
  | 'search.offline'
  | 'savedSearches.list'
  | 'savedSearches.rename'
  | 'savedSearches.markSeen'
  | 'savedSearches.follow'
  | 'savedSearches.extinguish'
  | 'sync.start'
  | 'sync.cancel'
  | 'sync.jobs'
>;

/** The offline search pages by offset up to this many rows (the cache's own bound). */
const OFFLINE_MAX_OFFSET = 10_000;

export function savedSearchInfo(ctx: AppContext, session: Session, s: SavedSearch): SavedSearchInfo {
  const views = viewQueries(session.cache);
  return {
    filterId: s.filterId,
    label: s.label,
    criteria: (s.params && typeof s.params === 'object' ? s.params : {}) as Record<string, unknown>,
    events: s.events,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    lastSyncAt: views.lastPageAt(s.filterId),
    expiresAt: s.expiresAt,
    newSinceSeen: s.newSinceSeen,
    updatedSinceSeen: s.updatedSinceSeen,
    cachedCount: views.filterTenderCount(s.filterId),
    total: views.filterTotal(s.filterId, 'tender'),
    following: ctx.jobs.isFollowing(s.filterId),
  };
}

function requireSearch(session: Session, filterId: string): SavedSearch {
  const s = searchStore(session.cache).get(filterId);
  if (!s) throw appError('not_found', 'Такого сохранённого поиска нет.', 'There is no such saved search.');
  return s;
}

function checkLabel(session: Session, label: string, filterId: string | null, params?: unknown): void {
  const owner = searchStore(session.cache).getByLabel(label);
  if (!owner || owner.filterId === filterId) return;
  if (params !== undefined && JSON.stringify(owner.params) === JSON.stringify(params)) return;
  throw appError('conflict', `Название «${label}» уже занято другим поиском.`, `The label "${label}" already names another search.`);
}

export function searchHandlers(ctx: AppContext): SearchHandlers {
  return {
    'search.preview': async ({ criteria }) => {
      const session = ctx.currentGeneration();
      const p = await ctx.net(() => previewCost(ctx.port(session), ctx.sink(session), 'tender', criteria));
      if (p.total !== null) viewQueries(session.cache).setFilterTotal(p.filterId, 'tender', p.total);
      return { filterId: p.filterId, total: p.total, charged: p.charged, costUpTo: p.total };
    },

    'search.run': async ({ criteria, label, events, maxSpend }) => {
      const session = ctx.currentGeneration();
      if (label) checkLabel(session, label, null, criteria);
      const streams = [...new Set(events)].sort() as StreamName[];
      // The first page names the filter (and costs at most one unit, stored like any page).
      const first = await ctx.net(() => readFirstPage(ctx.port(session), ctx.sink(session), 'tender', criteria, streams[0]));
      if (label) checkLabel(session, label, first.filterId);
      const saved = searchStore(session.cache).upsert({ filterId: first.filterId, params: criteria, ...(label ? { label } : {}), events: streams });
      if (first.total !== null) viewQueries(session.cache).setFilterTotal(first.filterId, 'tender', first.total);
      const jobId = ctx.startJob({
        filterId: first.filterId,
        label: saved.label,
        feeds: ['tender'],
        streams,
        ...(maxSpend !== undefined ? { maxSpend: Math.max(0, maxSpend - first.charged) } : {}),
        follow: false,
        spentBefore: { charged: first.charged, free: first.free, items: first.items, pages: 1, total: first.total },
      });
      return { filterId: first.filterId, jobId };
    },

    'search.results': async ({ filterId, sort, offset, limit }) => {
      const session = ctx.session();
      const views = viewQueries(session.cache);
      const page = views.filterTenders(filterId, sort, offset, limit);
      return { rows: page.rows.map(tenderViewRow), cachedCount: page.count, total: views.filterTotal(filterId, 'tender') };
    },

    'search.offline': async ({ text, price, publishDate, endDate, regions, okpd2, status, order, offset, limit }) => {
      const session = ctx.session();
      const query = {
        text,
        ...(price ? { price } : {}),
        ...(publishDate ? { publishDate } : {}),
        ...(endDate ? { endDate } : {}),
        ...(regions ? { regions } : {}),
        ...(okpd2 ? { okpd2 } : {}),
        ...(status ? { status } : {}),
      };
      if (offset > OFFLINE_MAX_OFFSET) return { rows: [], ...countOf(session, query) };
      const page = offlineSearch(session.cache).search(query, { order, limit, offset });
      const rows: TenderRow[] = viewQueries(session.cache).tenderRows(page.rows.map((r) => r.id)).map(tenderViewRow);
      return { rows, ...countOf(session, query) };
    },

    'savedSearches.list': async () => {
      const session = ctx.session();
      return searchStore(session.cache).list().map((s) => savedSearchInfo(ctx, session, s));
    },

    'savedSearches.rename': async ({ filterId, label }) => {
      const session = ctx.session();
      const s = requireSearch(session, filterId);
      checkLabel(session, label, filterId);
      const renamed = searchStore(session.cache).upsert({ filterId, params: s.params, events: s.events, label });
      return savedSearchInfo(ctx, session, renamed);
    },

    'savedSearches.markSeen': async ({ filterId }) => {
      const session = ctx.session();
      requireSearch(session, filterId);
      searchStore(session.cache).markSeen(filterId);
      return savedSearchInfo(ctx, session, requireSearch(session, filterId));
    },

    'savedSearches.follow': async ({ filterId, follow }) => {
      const session = ctx.currentGeneration();
      const s = requireSearch(session, filterId);
      const running = ctx.jobs.runningFor(filterId);
      if (follow) {
        if (running && !running.spec.follow) await ctx.jobs.cancelFilter(filterId);
        ctx.startJob({ filterId, label: s.label, feeds: ['tender'], streams: s.events, follow: true });
      } else if (running?.spec.follow) await ctx.jobs.cancelFilter(filterId);
      return savedSearchInfo(ctx, session, requireSearch(session, filterId));
    },

    'savedSearches.extinguish': async ({ filterId }) => {
      const session = ctx.currentGeneration();
      requireSearch(session, filterId);
      await ctx.jobs.cancelFilter(filterId);
      try {
        // Through the outbox: with no network it is sent later, under the same Idempotency-Key.
        await ctx.mutateOrQueue({ op: 'filter.delete', payload: { filterId } });
      } catch (e) {
        // Already gone on the server (expired, extinguished elsewhere): forgetting it here is all that is left.
        if (!(e && typeof e === 'object' && (e as { code?: unknown }).code === 'not_found')) throw e;
      }
      // The search goes; the tenders it delivered stay in the cache (paid for, searchable offline).
      searchStore(session.cache).remove(filterId);
      return { extinguished: true };
    },

    'sync.start': async ({ filterId, contracts, maxSpend, follow }) => {
      const session = ctx.currentGeneration();
      const s = searchStore(session.cache).get(filterId);
      const jobId = ctx.startJob({
        filterId,
        label: s?.label ?? null,
        feeds: contracts ? ['tender', 'contract'] : ['tender'],
        streams: s?.events ?? ['created'],
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        follow,
      });
      return { jobId };
    },

    'sync.cancel': async ({ jobId }) => ({ cancelled: ctx.jobs.cancel(jobId) }),

    'sync.jobs': async () => ctx.jobs.list(),
  };
}

function countOf(session: Session, query: Parameters<ReturnType<typeof offlineSearch>['count']>[0]): { count: number; countIsEstimate: boolean } {
  const c = offlineSearch(session.cache).count(query, 10_000);
  return { count: c.count, countIsEstimate: !c.exact };
}
