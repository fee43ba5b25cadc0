/**
 * The pipeline view's data: the board (`marks.board`, again on `marks.changed` and a profile switch), a card
 * moved to another status (shown at once, sent as one `marks.apply`, put back with the error if refused), and
 * the tags (`marks.tags`) with their admin actions.
 */
import { useEffect, useState } from 'react';
import type { MarkedTender, MarkFilter, PipelineStatus } from '../../../src-main/domain/marks';
import { call, subscribe } from '../../bridge/client';
import { filterKey } from '../../components/markFilter';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { movedCard, orderedColumns, type BoardColumn } from './boardLogic';

export function useBoard(filter: MarkFilter | undefined) {
  const epoch = useAppStore((st) => st.epoch);
  const board = useLoad(() => call('marks.board', filter ? { filter } : {}), `board-${epoch}-${filterKey(filter)}`);
  const [moveError, setMoveError] = useState<unknown>(null);
  const [moving, setMoving] = useState(false);
  const reload = board.reload;
  useEffect(() => subscribe('marks.changed', () => reload()), [reload]);
  const columns: BoardColumn<MarkedTender>[] = orderedColumns(board.data?.columns ?? []);

  async function move(tenderId: number, to: PipelineStatus | null) {
    setMoveError(null);
    const before = board.data;
    if (before) board.set({ columns: movedCard(orderedColumns(before.columns), tenderId, to) });
    setMoving(true);
    try {
      await call('marks.apply', { tender_ids: [tenderId], status: to });
    } catch (e) {
      if (before) board.set(before);
      setMoveError(e);
    } finally {
      setMoving(false);
    }
  }
  return { columns, loaded: board.data !== null, loading: board.loading, error: moveError ?? board.error, moving, move };
}

export function useTags() {
  const epoch = useAppStore((st) => st.epoch);
  const tags = useLoad(() => call('marks.tags', {}), `tags-admin-${epoch}`);
  const reload = tags.reload;
  useEffect(() => subscribe('marks.changed', () => reload()), [reload]);
  return tags;
}
