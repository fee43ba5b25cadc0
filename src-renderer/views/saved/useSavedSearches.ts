/**
 * The saved searches for their view, newest activity first: read when the profile changes, on `reload()`, and
 * shortly after new items arrive (live following, a finished run). Those events also bump `refreshKey` when
 * they concern the search open in the view (`openRef`), so its results reload what is in view.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { SavedSearchInfo } from '../../../src-main/contract/ipc';
import { call, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { jobRunning } from '../../components/JobOutcome';
import { sortSavedSearches } from './savedLogic';

export interface SavedSearchesData {
  /** Null while the first read is under way; empty beside the error when it failed. */
  list: SavedSearchInfo[] | null;
  error: unknown;
  reload(): void;
  update(change: (current: SavedSearchInfo[] | null) => SavedSearchInfo[] | null): void;
  refreshKey: number;
}

export function useSavedSearches(openRef: RefObject<string | null>): SavedSearchesData {
  const epoch = useAppStore((st) => st.epoch);
  const saved = useLoad(() => call('savedSearches.list', {}).then(sortSavedSearches), `saved-searches-${epoch}`);
  const [refreshKey, setRefreshKey] = useState(0);
  const { reload } = saved;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = (bumpResults: boolean) => {
      if (bumpResults) setRefreshKey((k) => k + 1);
      timer ??= setTimeout(() => {
        timer = null;
        reload();
      }, 400);
    };
    const offs = [
      subscribe('feed.updated', (e) => soon(e.filterId === openRef.current)),
      subscribe('sync.progress', (j) => {
        if (!jobRunning(j)) soon(j.filterId === openRef.current);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
    };
  }, [reload, openRef]);

  return { list: saved.data ?? (saved.error != null ? [] : null), error: saved.error, reload, update: saved.update, refreshKey };
}
