/**
 * A virtualized table: only the rows in view (plus a margin) are in the DOM, so 100,000 rows scroll as
 * smoothly as 100. Rows have one fixed height; data arrives in pages through `usePagedRows` (state/usePagedRows.ts),
 * which asks for the pages the viewport needs and keeps them. Headers of sortable columns toggle the sort.
 *
 * Columns can be resized (drag a header's right edge; a double click restores the default) and hidden or shown
 * again from the column chooser; the layout is remembered per table (`storageKey`, by default the test id). A
 * cell or header cut by its column shows its whole text as a tooltip.
 *
 * The keyboard follows the WAI-ARIA grid pattern with rows as the focusable items: the table is one Tab stop
 * (roving tabindex: the active row has tabindex 0, every other row -1), arrows, Page Up/Down, Home and End
 * move the active row, Space selects it (Shift+Space a range), Enter opens it; ArrowUp from the first row enters
 * the header row, where Enter sorts and Shift+Left/Right resizes. The owner can move the active row too
 * (`handle.moveBy`: the command registry's J/K shortcuts, which work with the focus outside the table).
 * A table whose rows have an order of their own (a list's members) moves the active row up or down
 * (`handle.moveRow`, which the registry's Alt+↑/↓ and the palette's «Переместить выше/ниже» both run), the
 * focus going with it. Alt with a key is the registry's: the grid leaves it alone.
 *
 * We kept this hand-written table rather than TanStack Table + Virtual: rows have one height and come in
 * server-sorted pages, so the virtual part is a dozen lines, and the grid keyboard, resizing and the chooser
 * are each small here, while TanStack would still need all of them written over its headless API.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode, type Ref } from 'react';
import { ColumnChooser } from './ColumnChooser';
import { gridTracks, minimumWidth, visibleColumns, type LayoutColumn } from './columnLayout';
import { useColumnLayout } from './useColumnLayout';
import { useStrings, type Strings } from '../i18n/i18n';
import { claimTable, registerTable, type TableStand } from '../state/returnPoint';

export interface Column<Row> extends LayoutColumn {
  key: string;
  title: string;
  width: number | string;
  align?: 'left' | 'right';
  sortable?: boolean;
  /** Read whole, never cut (dates, numbers, prices): the column is sized for it and the layout test checks it. */
  whole?: boolean;
  render(row: Row): ReactNode;
}

export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

export const ROW_HEIGHT = 32;
const OVERSCAN = 10;
/** The checkbox column of a selectable table. */
const CHECK_WIDTH = 28;
/** Room kept at the header's right end for the column chooser's button. */
const CHOOSER_WIDTH = 30;

/** What the owner of a table can ask of it from outside (the command registry's next/previous row shortcuts). */
export interface VirtualTableHandle {
  /**
   * Moves the active row by `delta` and focuses it, as the arrows do; when the focus is outside the table, it
   * first enters the table on the active row.
   */
  moveBy(delta: number): void;
  /**
   * Moves the active row itself one place up (-1) or down (1) among the rows (`onMoveRow`), the focus going
   * with it; nothing at either end, nor in a table whose rows have no order of their own.
   */
  moveRow(delta: -1 | 1): void;
}

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
  /** The active row (keyboard focus, last clicked) moved: e.g. to show it in a preview pane. */
  onActiveChange?(index: number): void;
  height?: number;
  emptyText?: string;
  testId?: string;
  /** Accessible label of a row's checkbox (default "select"). */
  selectLabel?(row: Row): string;
  /** Accessible name of the grid. */
  label?: string;
  /** Where the column layout is remembered (default: the test id; none: not remembered, no chooser). */
  storageKey?: string;
  handle?: Ref<VirtualTableHandle>;
  /** Move `row` to the place of its neighbour `target` (handle.moveRow; absent: the rows have no order to change). */
  onMoveRow?(row: Row, target: Row): void;
}

/**
 * Shows the whole text of a cell or header as its tooltip when its column cuts it, and none when it fits. A
 * cell may cut a part inside it rather than itself (the results' name beside its marks, each ellipsized on its
 * own): the first cut part without a tooltip of its own gives the cell's (a part with one, the marks, shows it).
 */
function titleIfCut(cell: HTMLElement): void {
  const text = cell.querySelector<HTMLElement>('.vt__text');
  if (!text) return;
  const isCut = (el: HTMLElement): boolean => el.scrollWidth > el.clientWidth + 1;
  const cut = isCut(text) ? text : [...text.querySelectorAll<HTMLElement>('*')].find((el) => !el.title && isCut(el));
  if (cut) cell.title = (cut.textContent ?? '').trim();
  else cell.removeAttribute('title');
}

const strings: Strings<{ selectColumn: string }> = {
  ru: { selectColumn: 'Выбор строк' },
  en: { selectColumn: 'Row selection' },
};

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const t = useStrings(strings);
  const { columns, rowCount, rowAt, onRange, rowKey, sort, onSort, onOpen, selected, onToggleSelect, onActiveChange, height = 520, emptyText, testId, selectLabel, label, onMoveRow } = props;
  const storageKey = props.storageKey ?? testId;
  const { layout, setLayout, toggle, resize, reset } = useColumnLayout(storageKey, columns);
  const shown = useMemo(() => visibleColumns(columns, layout), [columns, layout]);
  const [scrollTop, setScrollTop] = useState(0);
  const start = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(rowCount, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const onRangeRef = useRef(onRange);
  onRangeRef.current = onRange;
  useEffect(() => {
    onRangeRef.current?.(start, end);
  }, [start, end]);
  const selectable = onToggleSelect !== undefined;
  const tracks = useMemo(() => gridTracks(shown, layout), [shown, layout]);
  const gridTemplateColumns = (selectable ? [`${CHECK_WIDTH}px`, ...tracks] : tracks).join(' ');
  const minWidth = minimumWidth(shown, layout) + (selectable ? CHECK_WIDTH : 0) + (storageKey ? CHOOSER_WIDTH : 0);
  const headerClick = useCallback(
    (c: Column<Row>) => {
      if (!c.sortable || !onSort) return;
      const direction = sort?.column === c.key && sort.direction === 'desc' ? 'asc' : 'desc';
      onSort({ column: c.key, direction });
    },
    [onSort, sort],
  );

  // The active row: the table's one Tab stop, moved by the arrows.
  const [active, setActive] = useState(0);
  const activeIndex = rowCount === 0 ? -1 : Math.min(active, rowCount - 1);
  const tabStop = activeIndex >= start && activeIndex < end ? activeIndex : start;
  const onActiveRef = useRef(onActiveChange);
  onActiveRef.current = onActiveChange;
  useEffect(() => {
    if (activeIndex >= 0) onActiveRef.current?.(activeIndex);
  }, [activeIndex]);
  const body = useRef<HTMLDivElement>(null);
  // The body's scrollbar takes room the header does not have: rows and header keep their columns aligned.
  const [scrollbar, setScrollbar] = useState(0);
  useLayoutEffect(() => {
    const el = body.current;
    if (el && el.offsetWidth - el.clientWidth !== scrollbar) setScrollbar(el.offsetWidth - el.clientWidth);
  });
  const headerPad = Math.max(scrollbar, storageKey ? CHOOSER_WIDTH : 0);
  const focusPending = useRef<number | null>(null);
  const revealPending = useRef(false);
  useEffect(() => {
    const i = focusPending.current;
    if (i === null) return;
    const el = body.current?.querySelector<HTMLElement>(`[data-row-index="${i}"]`);
    if (!el) return;
    focusPending.current = null;
    // A row focused on coming back is also brought into the page's view (the frame opened at its top).
    el.focus({ preventScroll: !revealPending.current });
    revealPending.current = false;
  });
  const moveTo = useCallback(
    (index: number) => {
      if (rowCount === 0) return;
      const i = Math.max(0, Math.min(rowCount - 1, index));
      const el = body.current;
      if (el) {
        let top = el.scrollTop;
        if (i * ROW_HEIGHT < top) top = i * ROW_HEIGHT;
        else if ((i + 1) * ROW_HEIGHT > top + el.clientHeight) top = (i + 1) * ROW_HEIGHT - el.clientHeight;
        if (top !== el.scrollTop) {
          el.scrollTop = top;
          setScrollTop(top);
        }
      }
      setActive(i);
      // A row already drawn takes the focus now; one scrolled into view takes it once drawn (the effect above).
      const drawn = body.current?.querySelector<HTMLElement>(`[data-row-index="${i}"]`);
      if (drawn) drawn.focus({ preventScroll: true });
      else focusPending.current = i;
    },
    [rowCount],
  );
  // Coming back from a view opened from this table (a card, a dossier): the same scroll, the same row, and the
  // focus on it when it had it, so the arrows work at once (state/returnPoint.ts).
  const frame = useRef<HTMLDivElement>(null);
  const standRef = useRef({ active: activeIndex, scrollTop });
  standRef.current = { active: Math.max(0, activeIndex), scrollTop: body.current?.scrollTop ?? scrollTop };
  const [returning] = useState<TableStand | undefined>(() => (storageKey ? claimTable(storageKey) : undefined));
  const restored = useRef(returning === undefined);
  useEffect(() => {
    const element = frame.current;
    if (!storageKey || !element) return undefined;
    return registerTable(storageKey, { element, stand: () => standRef.current });
  }, [storageKey]);
  useLayoutEffect(() => {
    if (restored.current || returning === undefined || rowCount === 0) return;
    restored.current = true;
    const el = body.current;
    if (el) {
      el.scrollTop = returning.scrollTop;
      setScrollTop(el.scrollTop);
    }
    const i = Math.min(returning.active, rowCount - 1);
    setActive(i);
    if (returning.focus) {
      focusPending.current = i;
      revealPending.current = true;
    }
  }, [rowCount, returning]);
  useImperativeHandle(
    props.handle,
    () => ({
      moveBy: (delta) => moveTo(body.current?.contains(document.activeElement) === true ? activeIndex + delta : activeIndex),
      moveRow: (delta) => {
        const j = activeIndex + delta;
        const row = activeIndex >= 0 ? rowAt(activeIndex) : undefined;
        const target = j >= 0 && j < rowCount ? rowAt(j) : undefined;
        if (!onMoveRow || row === undefined || target === undefined) return;
        onMoveRow(row, target);
        // The focus goes with the moved row, to the place it takes once the rows are read again.
        moveTo(j);
      },
    }),
    [moveTo, activeIndex, rowAt, rowCount, onMoveRow],
  );
  const pageRows = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
  const onRowKey = (e: KeyboardEvent<HTMLDivElement>, i: number, row: Row | undefined) => {
    const onRow = e.target === e.currentTarget;
    let to: number | null = null;
    // Alt+↑/↓ (moving a list's member), Alt+← (back): the command registry's keys, answered on the document.
    if (e.altKey) return;
    if (e.key === 'ArrowUp' && i === 0) {
      // Up from the first row: into the header row (sorting and resizing by keyboard).
      e.preventDefault();
      focusHeader(0);
      return;
    }
    if (e.key === 'ArrowDown') to = i + 1;
    else if (e.key === 'ArrowUp') to = i - 1;
    else if (e.key === 'PageDown') to = i + pageRows;
    else if (e.key === 'PageUp') to = i - pageRows;
    else if (e.key === 'Home' && onRow) to = 0;
    else if (e.key === 'End' && onRow) to = rowCount - 1;
    if (to !== null) {
      e.preventDefault();
      moveTo(to);
      return;
    }
    if (!onRow || row === undefined) return;
    if (e.key === ' ' && onToggleSelect) {
      e.preventDefault();
      onToggleSelect(row, i, e.shiftKey);
    } else if (e.key === 'Enter' && onOpen) {
      e.preventDefault();
      onOpen(row);
    }
  };

  // The header row, reached with ArrowUp from the first row: Left/Right move between headers, Enter or Space
  // sorts by the focused one, Shift+Left/Right narrows or widens it, Down goes back to the active row.
  const header = useRef<HTMLDivElement>(null);
  const focusHeader = (index: number) => {
    const cells = header.current?.querySelectorAll<HTMLElement>('[data-column]');
    if (!cells || cells.length === 0) return;
    cells[Math.max(0, Math.min(cells.length - 1, index))]!.focus();
  };
  const onHeaderKey = (e: KeyboardEvent<HTMLDivElement>, index: number, c: Column<Row>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      if (e.shiftKey) {
        const width = e.currentTarget.getBoundingClientRect().width;
        resize(c, width + (e.key === 'ArrowRight' ? 16 : -16), true);
      } else focusHeader(index + (e.key === 'ArrowRight' ? 1 : -1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusHeader(e.key === 'Home' ? 0 : shown.length - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      moveTo(Math.max(0, activeIndex));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      headerClick(c);
    }
  };

  // Dragging a header's right edge sets that column's width in pixels.
  const startResize = (e: ReactPointerEvent<HTMLSpanElement>, c: Column<Row>) => {
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const headerCell = handle.parentElement;
    if (!headerCell) return;
    const from = headerCell.getBoundingClientRect().width;
    const x0 = e.clientX;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => resize(c, from + ev.clientX - x0, false);
    const up = (ev: PointerEvent) => {
      resize(c, from + ev.clientX - x0, true);
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const row = rowAt(i);
    const key = row === undefined ? `loading-${i}` : rowKey(row, i);
    const isSelected = row !== undefined && selected?.has(rowKey(row, i)) === true;
    const isActive = i === activeIndex;
    rows.push(
      <div
        // Keyed by position, not by row: a row element survives its page arriving or being refreshed, so the
        // keyboard focus stays on it while new data streams in.
        key={i}
        role="row"
        aria-rowindex={i + 2}
        aria-selected={isSelected}
        className={`vt__row${isSelected ? ' vt__row--selected' : ''}${isActive ? ' vt__row--active' : ''}`}
        style={{ top: i * ROW_HEIGHT, height: ROW_HEIGHT, gridTemplateColumns, paddingRight: headerPad - scrollbar || undefined }}
        onDoubleClick={() => row !== undefined && onOpen?.(row)}
        onKeyDown={(e) => onRowKey(e, i, row)}
        onFocus={() => setActive(i)}
        tabIndex={i === tabStop ? 0 : -1}
        data-row-index={i}
        data-key={row === undefined ? undefined : key}
        data-active={isActive || undefined}
      >
        {selectable && (
          <div role="gridcell" className="vt__cell">
            {row !== undefined && (
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label={selectLabel ? selectLabel(row) : 'select'}
                checked={isSelected}
                onClick={(e) => onToggleSelect(row, i, e.shiftKey)}
                onChange={() => undefined}
              />
            )}
          </div>
        )}
        {shown.map((c) => (
          <div key={c.key} role="gridcell" data-whole={c.whole || undefined} className={`vt__cell${c.align === 'right' ? ' vt__cell--right' : ''}`} onMouseEnter={(e) => titleIfCut(e.currentTarget)}>
            {row === undefined ? <span className="vt__loading" /> : <span className="vt__text">{c.render(row)}</span>}
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div className="vt__frame" ref={frame} data-testid={testId ? `${testId}-frame` : undefined}>
      <div className="vt__scroller">
        <div className="vt" role="grid" aria-label={label} aria-rowcount={rowCount + 1} data-testid={testId} style={{ minWidth }}>
          <div className="vt__header" role="row" ref={header} style={{ gridTemplateColumns, paddingRight: headerPad || undefined }}>
            {/* The checkbox column is named, for a screen reader (an empty header). */}
            {selectable && (
              <div role="columnheader" className="vt__cell">
                <span className="visually-hidden">{t.selectColumn}</span>
              </div>
            )}
            {shown.map((c, index) => (
              <div
                key={c.key}
                role="columnheader"
                data-column={c.key}
                tabIndex={-1}
                onKeyDown={(e) => onHeaderKey(e, index, c)}
                aria-sort={sort?.column === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={`vt__cell vt__head${c.sortable ? ' vt__head--sortable' : ''}${c.align === 'right' ? ' vt__cell--right' : ''}`}
                onClick={() => headerClick(c)}
                onMouseEnter={(e) => titleIfCut(e.currentTarget)}
              >
                <span className="vt__text">{c.title}</span>
                {sort?.column === c.key ? <span className="vt__sortMark">{sort.direction === 'asc' ? '▲' : '▼'}</span> : null}
                {storageKey && (
                  <span
                    className="vt__resize"
                    aria-hidden="true"
                    data-testid={testId ? `${testId}-resize-${c.key}` : undefined}
                    onPointerDown={(e) => startResize(e, c)}
                    onClick={(e) => e.stopPropagation()}
                    onDoubleClick={(e) => {
                      e.stopPropagation();
                      const widths = { ...layout.widths };
                      delete widths[c.key];
                      setLayout({ ...layout, widths });
                    }}
                  />
                )}
              </div>
            ))}
          </div>
          <div className="vt__body" ref={body} style={{ height }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
            {rowCount === 0 && emptyText ? <div className="vt__empty">{emptyText}</div> : null}
            <div className="vt__spacer" style={{ height: rowCount * ROW_HEIGHT }}>
              {rows}
            </div>
          </div>
        </div>
      </div>
      {storageKey && <ColumnChooser columns={columns} layout={layout} onToggle={toggle} onReset={reset} testId={testId ? `${testId}-columns` : undefined} />}
    </div>
  );
}
