/**
 * The triage view's data: the undecided tenders of `scope` ranked by the core (at most `limit`), read again when
 * the profile changes, when marks change anywhere (a mark decides a tender, or teaches the model), and when a
 * followed search delivers (the core's `feed.updated`), coalesced by feedRefresh.ts to one ranking at a time.
 */
import { useEffect, useMemo } from 'react';
import type { MethodResult } from '../../../src-main/contract/ipc';
import { call, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';
import { useRefreshOnMarks } from '../../state/useRefreshOnMarks';
import { feedRefresher } from './feedRefresh';

export function useTriageRank(scope: 'searches' | 'all', limit: number): Loaded<MethodResult<'triage.rank'>> {
  const epoch = useAppStore((st) => st.epoch);
  const answer = useLoad(() => call('triage.rank', { scope: { kind: scope }, limit }), `triage-${epoch}-${scope}`);
  const reload = answer.reload;
  useRefreshOnMarks(reload);
  const refresher = useMemo(() => feedRefresher(reload), [reload]);
  useEffect(() => subscribe('feed.updated', (e) => refresher.feed(e)), [refresher]);
  useEffect(() => refresher.landed(), [refresher, answer.answers, answer.error]);
  return answer;
}
