/**
 * A table whose rows show marks reloads what is in view when marks change anywhere: a card, the
 * board, the marks dialog of another table, another window of browser mode (`marks.changed`), so its chips are
 * never stale and a mark filter keeps or drops the rows it should. `refresh` is the table's
 * (state/usePagedRows.ts): the rows shown stay until their fresh copies arrive.
 */
import { useEffect, useRef } from 'react';
import { subscribe } from '../bridge/client';

export function useRefreshOnMarks(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => subscribe('marks.changed', () => latest.current()), []);
}
