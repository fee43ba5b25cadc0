/**
 * The paged form of the one way the renderer loads data (state/useLoad.ts is the one-answer form): the pages
 * of a table's rows, asked for as the viewport needs them and kept.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Pages of rows loaded on demand for a `VirtualTable`. `fetchPage(offset, limit)` answers rows and the total
 * count; changing `resetKey` (a new query, a new sort) drops what was loaded.
 */
export function usePagedRows<Row>(fetchPage: (offset: number, limit: number) => Promise<{ rows: Row[]; count: number }>, resetKey: string, pageSize = 200) {
  const [count, setCount] = useState(0);
  const [, setTick] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const pages = useRef(new Map<number, Row[] | 'loading'>());
  /** Pages from before a `refresh`, shown until their fresh copies arrive (no flicker while new data streams in). */
  const stale = useRef(new Map<number, Row[]>());
  const lastRange = useRef<[number, number]>([0, 0]);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(
    (pageIndex: number) => {
      if (pages.current.has(pageIndex)) return;
      pages.current.set(pageIndex, 'loading');
      const gen = generation.current;
      fetchRef.current(pageIndex * pageSize, pageSize).then(
        (answer) => {
          if (gen !== generation.current) return;
          pages.current.set(pageIndex, answer.rows);
          stale.current.delete(pageIndex);
          setCount(answer.count);
          setError(null);
          setTick((t) => t + 1);
        },
        (e: unknown) => {
          if (gen !== generation.current) return;
          pages.current.delete(pageIndex);
          setError(e);
        },
      );
    },
    [pageSize],
  );

  const loadRange = useCallback(
    (start: number, end: number) => {
      for (let p = Math.floor(start / pageSize); p <= Math.floor(Math.max(start, end - 1) / pageSize); p++) load(p);
    },
    [load, pageSize],
  );

  useEffect(() => {
    generation.current += 1;
    pages.current = new Map();
    stale.current = new Map();
    setError(null);
    setCount(0);
    load(0);
    loadRange(lastRange.current[0], lastRange.current[1]);
  }, [resetKey, load, loadRange]);

  const rowAt = useCallback(
    (index: number): Row | undefined => {
      const pageIndex = Math.floor(index / pageSize);
      const p = pages.current.get(pageIndex);
      const rows = p === undefined || p === 'loading' ? stale.current.get(pageIndex) : p;
      return rows?.[index % pageSize];
    },
    [pageSize],
  );
  // While the user drags the scrollbar across 100,000 rows, only the latest position is loaded (at most every
  // 50 ms), not every page flown over.
  const rangeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (rangeTimer.current !== null) clearTimeout(rangeTimer.current);
    },
    [],
  );
  const onRange = useCallback(
    (start: number, end: number) => {
      lastRange.current = [start, end];
      if (rangeTimer.current !== null) return;
      rangeTimer.current = setTimeout(() => {
        rangeTimer.current = null;
        loadRange(lastRange.current[0], lastRange.current[1]);
      }, 50);
    },
    [loadRange],
  );
  /** Reloads what is in view (new data arrived); the rows loaded before stay visible until replaced. */
  const refresh = useCallback(() => {
    generation.current += 1;
    for (const [i, p] of pages.current) if (p !== 'loading') stale.current.set(i, p);
    pages.current = new Map();
    load(0);
    loadRange(lastRange.current[0], lastRange.current[1]);
  }, [load, loadRange]);
  return { count, rowAt, onRange, error, refresh };
}
