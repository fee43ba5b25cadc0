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
import { estimateOf, planSpend, spentToday, type SpendPlanInput } from './spendGuard';

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
  | 'sync.estimate'
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

/** What the money settings and today's spending say about a run of this estimate (spendGuard). */
function spendInput(ctx: AppContext, session: Session, estimate: number | null, maxSpend?: number, confirmCost?: number): SpendPlanInput {
  return {
    settings: ctx.settings.value.spending,
    spentToday: spentToday(session.cache),
    estimate,
    ...(maxSpend !== undefined ? { maxSpend } : {}),
    ...(confirmCost !== undefined ? { confirmCost } : {}),
  };
}

/**
 * What reading a saved search now costs, asked of the server (a QUERY of one item per feed: its first item
 * is held already, so a free repeat, or at most one unit): the feeds' totals minus the tenders held. The
 * contracts held per search are not counted here, so their part is the whole total (an upper bound).
 */
async function savedEstimate(ctx: AppContext, session: Session, filterId: string, contracts: boolean): Promise<{ total: number | null; held: number; estimate: number | null }> {
  const views = viewQueries(session.cache);
  const s = searchStore(session.cache).get(filterId);
  const stream = s?.events[0] ?? 'created';
  let total: number | null = 0;
  for (const feed of contracts ? (['tender', 'contract'] as const) : (['tender'] as const)) {
    const first = await ctx.net(() => readFirstPage(ctx.port(session), ctx.sink(session), feed, { filter_id: filterId }, stream));
    if (first.total !== null) views.setFilterTotal(filterId, feed, first.total);
    total = total === null || first.total === null ? null : total + first.total;
  }
  const held = views.filterTenderCount(filterId);
  return { total, held, estimate: total === null ? null : Math.max(0, total - held) };
}

export function searchHandlers(ctx: AppContext): SearchHandlers {
  return {
    'search.preview': async ({ criteria, maxSpend }) => {
      const session = ctx.currentGeneration();
      const p = await ctx.net(() => previewCost(ctx.port(session), ctx.sink(session), 'tender', criteria));
      const views = viewQueries(session.cache);
      if (p.total !== null) views.setFilterTotal(p.filterId, 'tender', p.total);
      const held = views.filterTenderCount(p.filterId);
      const estimate = p.total === null ? null : Math.max(0, p.total - held);
      const spend = estimateOf({ ...spendInput(ctx, session, estimate, maxSpend), total: p.total, held });
      return { filterId: p.filterId, total: p.total, charged: p.charged, costUpTo: p.total, spend };
    },

    'search.run': async ({ criteria, label, events, maxSpend, confirmCost }) => {
      const session = ctx.currentGeneration();
      if (label) checkLabel(session, label, null, criteria);
      const streams = [...new Set(events)].sort() as StreamName[];
      // The first page names the filter (and costs at most one unit, stored like any page).
      const first = await ctx.net(() => readFirstPage(ctx.port(session), ctx.sink(session), 'tender', criteria, streams[0]));
      if (label) checkLabel(session, label, first.filterId);
      // The preview again, by the core itself: consent to a lower cost does not start a dearer run.
      const held = viewQueries(session.cache).filterTenderCount(first.filterId);
      const limit = planSpend(spendInput(ctx, session, first.total === null ? null : Math.max(0, first.total - held), maxSpend, confirmCost));
      const saved = searchStore(session.cache).upsert({ filterId: first.filterId, params: criteria, ...(label ? { label } : {}), events: streams });
      if (first.total !== null) viewQueries(session.cache).setFilterTotal(first.filterId, 'tender', first.total);
      const jobId = ctx.startJob({
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

    'sync.start': async ({ filterId, contracts, maxSpend, follow, confirmCost }) => {
      const session = ctx.currentGeneration();
      const s = searchStore(session.cache).get(filterId);
      const running = ctx.jobs.runningFor(filterId);
      if (running) return { jobId: running.view.jobId };
      const e = await savedEstimate(ctx, session, filterId, contracts);
      const limit = planSpend(spendInput(ctx, session, e.estimate, maxSpend, confirmCost));
      const jobId = ctx.startJob({
        filterId,
        label: s?.label ?? null,
        feeds: contracts ? ['tender', 'contract'] : ['tender'],
        streams: s?.events ?? ['created'],
        maxSpend: limit.cap,
        spendLimit: limit,
        follow,
      });
      return { jobId };
    },

    'sync.estimate': async ({ filterId, contracts, maxSpend }) => {
      const session = ctx.currentGeneration();
      const e = await savedEstimate(ctx, session, filterId, contracts);
      return estimateOf({ ...spendInput(ctx, session, e.estimate, maxSpend), total: e.total, held: e.held });
    },

    'sync.cancel': async ({ jobId }) => ({ cancelled: ctx.jobs.cancel(jobId) }),

    'sync.jobs': async () => ctx.jobs.list(),
  };
}

function countOf(session: Session, query: Parameters<ReturnType<typeof offlineSearch>['count']>[0]): { count: number; countIsEstimate: boolean } {
  const c = offlineSearch(session.cache).count(query, 10_000);
  return { count: c.count, countIsEstimate: !c.exact };
}
