/**
 * search.*, savedSearches.* and sync.*: thin handlers over the CurrentWorkbench (src-main/current/): saved
 * searches are filters the user keeps; reading them is a sync job (see jobs.ts); their results are read from
 * the cache, sorted and paged, with no request.
 */
import type { Handlers } from '../contract/ipc';
import type { StreamName } from '../sync/ports';
import type { AppContext } from './context';
import { tenderViewRow } from '../current/rows';
import { tendersMarkedAs, withRowMarks } from '../marks/rowMarks';
import type { TenderSort } from '../cache/viewQueries';
import { searchPageByRelevance, withRelevance } from './relevanceRows';

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

export function searchHandlers(ctx: AppContext): SearchHandlers {
  return {
    'search.preview': async ({ criteria, maxSpend }) => {
      const p = await ctx.currentWorkbench().previewSearch(criteria, maxSpend !== undefined ? { maxSpend } : {});
      return { ...p, costUpTo: p.total };
    },

    'search.run': async ({ criteria, label, events, maxSpend, confirmCost }) =>
      ctx.currentWorkbench().runSearch({
        criteria,
        events: events as StreamName[],
        ...(label ? { label } : {}),
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
      }),

    'search.results': async ({ filterId, sort, offset, limit, marks }) => {
      const { cache } = ctx.session();
      const only = tendersMarkedAs(cache, marks);
      const triage = ctx.settings.value.triage;
      // «Релевантность» sorts the whole set by the triage model; until it is ready, the table's default order.
      const own = sort?.column === 'relevance' ? undefined : (sort as TenderSort | undefined);
      const page = ctx.workbench().searchResults(filterId, own, offset, limit, only);
      const ranked = sort?.column === 'relevance' ? searchPageByRelevance(cache, filterId, sort.direction, offset, limit, only, triage) : null;
      return { ...page, rows: withRelevance(cache, withRowMarks(cache, ranked ?? page.rows.map(tenderViewRow)), triage) };
    },

    'search.offline': async ({ text, price, publishDate, endDate, regions, okpd2, status, marks, order, offset, limit }) => {
      const { cache } = ctx.session();
      const ids = tendersMarkedAs(cache, marks);
      const query = {
        text,
        ...(price ? { price } : {}),
        ...(publishDate ? { publishDate } : {}),
        ...(endDate ? { endDate } : {}),
        ...(regions ? { regions } : {}),
        ...(okpd2 ? { okpd2 } : {}),
        ...(status ? { status } : {}),
        ...(ids ? { ids } : {}),
      };
      const page = ctx.workbench().searchOffline(query, { order, limit, offset });
      return { ...page, rows: withRowMarks(cache, page.rows.map(tenderViewRow)) };
    },

    'savedSearches.list': async () => {
      const wb = ctx.workbench();
      return wb.savedSearches().map((s) => wb.savedSearchInfo(s));
    },

    'savedSearches.rename': async ({ filterId, label }) => ctx.workbench().rename(filterId, label),

    'savedSearches.markSeen': async ({ filterId }) => ctx.workbench().markSeen(filterId),

    'savedSearches.follow': async ({ filterId, follow }) => ctx.currentWorkbench().follow(filterId, follow),

    'savedSearches.extinguish': async ({ filterId }) => ctx.currentWorkbench().extinguish(filterId),

    'sync.start': async ({ filterId, contracts, maxSpend, follow, confirmCost }) =>
      ctx.currentWorkbench().syncSaved({
        filterId,
        contracts,
        follow,
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
      }),

    'sync.estimate': async ({ filterId, contracts, maxSpend }) => ctx.currentWorkbench().estimateSaved(filterId, contracts, maxSpend),

    'sync.cancel': async ({ jobId }) => ({ cancelled: ctx.jobs.cancel(jobId) }),

    'sync.jobs': async () => ctx.jobs.list(),
  };
}
