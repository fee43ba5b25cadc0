/**
 * The earlier generation's views' data, one hook per view (or part of one), each through the one loading
 * primitive (state/useLoad.ts) and read again when the profile changes: the filters, a filter's load
 * estimate and its tenders, the favorites, and the limits view's balance, history and filter names.
 */
import { useCallback, useState } from 'react';
import type { EarlierFilterInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { isJobActive } from '../../components/JobProgress';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

/** The filters (read-only, made in the web interface) with their cached counts; `reload` after a change. */
export function useEarlierFilters() {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('earlier.filters', { refresh: true }), `earlier-filters-${epoch}`);
}

/** What «Загрузить новые…» will cost (total minus the tenders already received), while its form is open. */
export function useFilterEstimate(f: EarlierFilterInfo, enabled: boolean) {
  return useLoad(() => call('earlier.estimate', { filterId: f.id }), `estimate-${f.id}-${f.cachedCount}-${f.lastSyncAt ?? ''}`, enabled);
}

/** A page of a filter's tenders; read again when a sync of it ends or its counts move. */
export function useFilterTenders(filter: EarlierFilterInfo, page: number, pageSize: number) {
  const epoch = useAppStore((st) => st.epoch);
  // A sync of this filter ending (or any news) is a reason to read the page again.
  const jobsDone = useAppStore((st) => Object.values(st.jobs).filter((j) => j.filterId === `efl_${filter.id}` && !isJobActive(j)).length);
  return useLoad(
    () => call('earlier.tenders', { filterId: filter.id, page, pageSize }),
    `earlier-tenders-${filter.id}-${page}-${pageSize}-${epoch}-${jobsDone}-${filter.cachedCount}-${filter.newSinceSeen}`,
  );
}

/** A page of the favorites; `reload` after an add or a removal. */
export function useFavorites(page: number, pageSize: number) {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('earlier.favorites', { page, pageSize, refresh: true }), `earlier-favorites-${page}-${pageSize}-${epoch}`);
}

/** The limits view: the balance and limits, a page of the transactions, and the filters that name their rows; `refresh` reads all three. */
export function useLimitsData(page: number, pageSize: number) {
  const epoch = useAppStore((st) => st.epoch);
  const [nonce, setNonce] = useState(0);
  const balance = useLoad(() => call('earlier.balance', { refresh: true }), `earlier-balance-${epoch}-${nonce}`);
  const history = useLoad(() => call('earlier.history', { page, pageSize, refresh: true }), `earlier-history-${epoch}-${nonce}-${page}-${pageSize}`);
  // A history row names its filter by id (reference 2.5): shown by its name, as the filters view names it.
  const filters = useLoad(() => call('earlier.filters', { refresh: true }), `earlier-filters-${epoch}-${nonce}`);
  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { balance, history, filters, refresh };
}
