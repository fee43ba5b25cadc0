/**
 * A virtualized table: only the rows in view (plus a margin) are in the DOM, so 100,000 rows scroll as
 * smoothly as 100. Rows have one fixed height; data arrives in pages through `usePagedRows`, which asks for
 * the pages the viewport needs and keeps them. Headers of sortable columns toggle the sort.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  title: string;
  width: number | string;
  align?: 'left' | 'right';
  sortable?: boolean;
  render(row: Row): ReactNode;
}

export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

const ROW_HEIGHT = 32;
const OVERSCAN = 10;

export interface VirtualTableProps<Row> {
  columns: Column<Row>[];
  rowCount: number;
  /** The row at an index, or undefined while its page loads. */
  rowAt(index: number): Row | undefined;
  /** Called with the index range in view, so the owner can load those pages. */
  onRange?(start: number, end: number): void;
  rowKey(row: Row, index: number): string | number;
  sort?: SortState;
  onSort?(sort: SortState): void;
  onOpen?(row: Row): void;
  selected?: ReadonlySet<string | number>;
  onToggleSelect?(row: Row, index: number, shiftKey: boolean): void;
  height?: number;
  emptyText?: string;
  testId?: string;
  /** Accessible label of a row's checkbox (default "select"). */
  selectLabel?(row: Row): string;
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { columns, rowCount, rowAt, onRange, rowKey, sort, onSort, onOpen, selected, onToggleSelect, height = 520, emptyText, testId, selectLabel } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const start = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(rowCount, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const onRangeRef = useRef(onRange);
  onRangeRef.current = onRange;
  useEffect(() => {
    onRangeRef.current?.(start, end);
  }, [start, end]);
  const template = useMemo(() => columns.map((c) => (typeof c.width === 'number' ? `${c.width}px` : c.width)).join(' '), [columns]);
  const selectable = onToggleSelect !== undefined;
  const gridTemplateColumns = selectable ? `32px ${template}` : template;
  const headerClick = useCallback(
    (c: Column<Row>) => {
      if (!c.sortable || !onSort) return;
      const direction = sort?.column === c.key && sort.direction === 'desc' ? 'asc' : 'desc';
      onSort({ column: c.key, direction });
    },
    [onSort, sort],
  );

  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const row = rowAt(i);
    const key = row === undefined ? `loading-${i}` : rowKey(row, i);
    const isSelected = row !== undefined && selected?.has(rowKey(row, i)) === true;
    rows.push(
      <div
        key={key}
        role="row"
        aria-rowindex={i + 2}
        aria-selected={isSelected}
        className={`vt__row${isSelected ? ' vt__row--selected' : ''}`}
        style={{ top: i * ROW_HEIGHT, height: ROW_HEIGHT, gridTemplateColumns }}
        onDoubleClick={() => row !== undefined && onOpen?.(row)}
        onKeyDown={(e) => e.key === 'Enter' && row !== undefined && onOpen?.(row)}
        tabIndex={row === undefined ? -1 : 0}
        data-row-index={i}
      >
        {selectable && (
          <div role="gridcell" className="vt__cell">
            {row !== undefined && (
              <input
                type="checkbox"
                aria-label={selectLabel ? selectLabel(row) : 'select'}
                checked={isSelected}
                onClick={(e) => onToggleSelect(row, i, e.shiftKey)}
                onChange={() => undefined}
              />
            )}
          </div>
        )}
        {columns.map((c) => (
          <div key={c.key} role="gridcell" className={`vt__cell${c.align === 'right' ? ' vt__cell--right' : ''}`}>
            {row === undefined ? <span className="vt__loading" /> : c.render(row)}
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div className="vt" role="grid" aria-rowcount={rowCount + 1} data-testid={testId}>
      <div className="vt__header" role="row" style={{ gridTemplateColumns }}>
        {selectable && <div role="columnheader" className="vt__cell" />}
        {columns.map((c) => (
          <div
            key={c.key}
            role="columnheader"
            aria-sort={sort?.column === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            className={`vt__cell vt__head${c.sortable ? ' vt__head--sortable' : ''}${c.align === 'right' ? ' vt__cell--right' : ''}`}
            onClick={() => headerClick(c)}
          >
            {c.title}
            {sort?.column === c.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
          </div>
        ))}
      </div>
      <div className="vt__body" style={{ height }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        {rowCount === 0 && emptyText ? <div className="vt__empty">{emptyText}</div> : null}
        <div className="vt__spacer" style={{ height: rowCount * ROW_HEIGHT }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

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
