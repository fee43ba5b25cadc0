/**
 * The triage view's data: the undecided tenders of `scope` ranked by the core (at most `limit`), read again when
 * the profile changes and when marks change anywhere (a mark decides a tender, or teaches the model).
 */
import type { MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';
import { useRefreshOnMarks } from '../../state/useRefreshOnMarks';

export function useTriageRank(scope: 'searches' | 'all', limit: number): Loaded<MethodResult<'triage.rank'>> {
  const epoch = useAppStore((st) => st.epoch);
  const answer = useLoad(() => call('triage.rank', { scope: { kind: scope }, limit }), `triage-${epoch}-${scope}`);
  useRefreshOnMarks(answer.reload);
  return answer;
}
