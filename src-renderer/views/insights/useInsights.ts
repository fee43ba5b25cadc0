/**
 * The insights view's data, one hook per page, all through the one loading primitive and again when
 * the profile changes: the dossiers, the competitors of a saved search or list, the price benchmark, the red
 * flags with their catalogue, and the saved searches and lists a scope is chosen from. Every answer is computed
 * by the core from the cache: free and offline.
 */
import type { PriceQuery } from '../../../src-main/domain/insights';
import { call } from '../../bridge/client';
import { useAppStore, type InsightsPage, type InsightsScope } from '../../state/store';
import { useLoad } from '../../state/useLoad';

export type FlagsScope = NonNullable<Extract<InsightsPage, { page: 'flags' }>['scope']>;

export function useDossier(kind: 'customer' | 'supplier', inn: string) {
  const epoch = useAppStore((st) => st.epoch);
  const customer = useLoad(() => call('insights.customer', { inn }), `dossier-customer-${inn}-${epoch}`, kind === 'customer');
  const supplier = useLoad(() => call('insights.supplier', { inn }), `dossier-supplier-${inn}-${epoch}`, kind === 'supplier');
  return { customer, supplier };
}

export function useCompetitors(scope: InsightsScope | undefined) {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('insights.competitors', { scope: scope! }), `competitors-${JSON.stringify(scope ?? null)}-${epoch}`, scope !== undefined);
}

export function usePriceBenchmark(query: PriceQuery | undefined) {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('insights.prices', query!), `prices-${JSON.stringify(query ?? null)}-${epoch}`, query !== undefined);
}

export function useFlags(scope: FlagsScope | undefined) {
  const epoch = useAppStore((st) => st.epoch);
  const flags = useLoad(() => call('insights.flags', { scope: scope! }), `flags-${JSON.stringify(scope ?? null)}-${epoch}`, scope !== undefined);
  const catalogue = useLoad(() => call('insights.flagCatalogue', {}), `flag-catalogue-${epoch}`);
  return { flags, catalogue };
}

/** The saved searches and lists a competitors or flags page is read over. */
export function useScopes() {
  const epoch = useAppStore((st) => st.epoch);
  const searches = useLoad(() => call('savedSearches.list', {}), `insights-searches-${epoch}`);
  const lists = useLoad(() => call('lists.list', {}), `insights-lists-${epoch}`);
  return { searches, lists };
}
