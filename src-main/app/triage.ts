/**
 * triage.*: the «Разбор» view's ranking, thin over the triage workbench (src-main/triage/) on the
 * active session's cache. Local: no request, no charge. The scope «searches» is every saved search's tenders
 * held in the cache (the feeds the analyst follows land there). Whether a teammate's statuses and labels train the model is
 * the analyst's setting (triage.settings, off by default).
 */
import { insightStore } from '../cache/insightStore';
import { searchStore } from '../cache/searchStore';
import type { Handlers, TriageScope } from '../contract/ipc';
import { tenderSetOf } from '../insights/scopes';
import { rankTenders } from '../triage/triage';
import type { AppContext } from './context';
import type { CacheDb } from '../cache/database';

type TriageHandlers = Pick<Handlers, 'triage.rank' | 'triage.settings' | 'triage.setSettings'>;

function scopeIds(cache: CacheDb, scope: TriageScope): number[] | 'all' {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'searches': {
      const store = insightStore(cache);
      return [...new Set(searchStore(cache).list().flatMap((s) => store.tenderIdsOfSavedSearch(s.filterId)))];
    }
    case 'search':
      return tenderSetOf(cache, { kind: 'search', filterId: scope.filterId }).ids;
    case 'list':
      return tenderSetOf(cache, { kind: 'list', listId: scope.listId }).ids;
  }
}

export function triageHandlers(ctx: AppContext): TriageHandlers {
  return {
    'triage.rank': async ({ scope, limit, teammates }) => {
      const cache = ctx.session().cache;
      return rankTenders(cache, scopeIds(cache, scope), { ...(limit !== undefined ? { limit } : {}), teammates: teammates ?? ctx.settings.value.triage.teammates });
    },
    'triage.settings': async () => ctx.settings.value.triage,
    'triage.setSettings': async (triage) => {
      await ctx.settings.update({ triage });
      return triage;
    },
  };
}
