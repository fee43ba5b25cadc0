/**
 * The table of tenders that search results, offline search and saved searches share: paged loading into the
 * virtual table, sortable columns (published, deadline, price, name, region, customer), row selection with
 * checkboxes and shift-ranges, "Add to list…", opening a card with a double click or Enter, and a preview pane
 * with the key facts of the active row. Columns can be resized and chosen (the notice number and the law are
 * there to be shown); the layout is remembered per table. The analyst's marks: tags as coloured chips
 * before the name, «Наш статус» and the assignee as columns, «Отметить…» on the selected rows, and, where the
 * table's source takes it, filter chips over marks passed to `fetchPage`.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TenderRow } from '../../src-main/contract/ipc';
import { useAppStore, type Route } from '../state/store';
import { formatDate, formatDateTime, formatInt, formatRub } from '../format/format';
import { useWindowFill } from './useWindowFill';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { AddToList } from './AddToList';
import { ErrorNotice } from './ErrorNotice';
import { TenderPreview } from './TenderPreview';
import { rowLawName, rowStage } from './tenderLabels';
import { applyToIds, clickRow, emptySelection, pagesCovering, type Selection } from './selection';
import { VirtualTable, type Column, type SortState } from './VirtualTable';
import { useRowCommands } from './useRowCommands';
import { keysOf, type ActionId } from '../state/commands/registry';
import { usePagedRows } from '../state/usePagedRows';
import { useRefreshOnMarks } from '../state/useRefreshOnMarks';
import type { MarkFilter } from '../../src-main/domain/marks';
import { pipelineStatusName } from '../../src-main/i18n/codes';
import { MarksButton } from './MarksEditor';
import { MarkFilterBar } from './MarkFilterBar';
import { compact, filterKey } from './markFilter';
import { TenderNameCell } from './MarkChips';
import { marksStrings } from './marksStrings';
import { relevanceCell } from './relevanceCell';

export type TenderSortColumn = 'publishDate' | 'endDate' | 'price' | 'name' | 'region' | 'customerName' | 'receivedAt' | 'id' | 'relevance';
export interface TenderSort {
  column: TenderSortColumn;
  direction: 'asc' | 'desc';
}

/** The table's sort as an export takes it: by relevance (the core's own order) an export keeps its default. */
export function exportSort(sort: TenderSort | undefined): { sort: TenderSort & { column: Exclude<TenderSortColumn, 'relevance'> } } | Record<string, never> {
  return sort === undefined || sort.column === 'relevance' ? {} : { sort: { column: sort.column, direction: sort.direction } };
}

const strings: Strings<{
  number: string;
  published: string;
  deadline: string;
  price: string;
  name: string;
  region: string;
  customer: string;
  status: string;
  law: string;
  customerInn: string;
  id: string;
  relevance: string;
  empty: string;
  select: (name: string) => string;
  shown: (cached: string) => string;
  total: (n: string) => string;
  selected: (n: string) => string;
  clear: string;
  selectAll: (n: string) => string;
  /** `k`: an action's keys as the palette shows them (registry keysOf), so the hint names the keys that work. */
  hint: (k: (action: ActionId) => string) => string;
}> = {
  ru: {
    number: '№ извещения',
    published: 'Публикация',
    deadline: 'Заявки до, МСК',
    price: 'Начальная цена',
    name: 'Наименование',
    region: 'Регион',
    customer: 'Заказчик',
    status: 'Статус',
    law: 'Закон',
    customerInn: 'ИНН заказчика',
    id: 'ID',
    relevance: 'Релевантность',
    empty: 'Нет закупок',
    select: (name) => `Выбрать: ${name}`,
    shown: (cached) => `В кэше: ${cached}`,
    total: (n) => `всего на сервере: ${n}`,
    selected: (n) => `Выбрано: ${n}`,
    clear: 'Снять выделение',
    selectAll: (n) => `Выбрать все (${n})`,
    hint: (k) => `Стрелки — по строкам, пробел — выбрать, Enter или двойной щелчок — карточка; Shift+щелчок — выбрать диапазон. ↑ с первой строки — к заголовкам (Enter сортирует, Shift+←/→ меняет ширину). Ширину меняет и перетаскивание края заголовка, набор столбцов — кнопка ⋮. ${k('row.next')}/${k('row.previous')} — следующая/предыдущая строка, ${k('row.open')} — карточка, ${k('row.addToList')} — в список, ${k('row.mark')} — отметить, ${k('search.focus')} — к поиску, ${k('palette.open')} — все команды.`,
  },
  en: {
    number: 'Notice no.',
    published: 'Published',
    deadline: 'Bids until, MSK',
    price: 'Initial price',
    name: 'Name',
    region: 'Region',
    customer: 'Customer',
    status: 'Status',
    law: 'Law',
    customerInn: 'Customer INN',
    id: 'ID',
    relevance: 'Relevance',
    empty: 'No tenders',
    select: (name) => `Select: ${name}`,
    shown: (cached) => `Cached: ${cached}`,
    total: (n) => `total on the server: ${n}`,
    selected: (n) => `Selected: ${n}`,
    clear: 'Clear selection',
    selectAll: (n) => `Select all (${n})`,
    hint: (k) => `Arrows move between rows, Space selects, Enter or a double click opens the card; Shift+click selects a range. ↑ from the first row reaches the headers (Enter sorts, Shift+←/→ resizes). Dragging a header’s edge resizes too, ⋮ chooses the columns. ${k('row.next')}/${k('row.previous')} next/previous row, ${k('row.open')} opens the card, ${k('row.addToList')} adds to a list, ${k('row.mark')} marks, ${k('search.focus')} goes to the search, ${k('palette.open')} lists every command.`,
  },
};

const PAGE = 200;
/** One list edit takes at most 10,000 ids (API 4.12). */
const MAX_SELECT_ALL = 10_000;

export interface TenderTableProps {
  /** One page of rows: `count` is how many rows the table has (e.g. the cached count). */
  fetchPage(offset: number, limit: number, sort: TenderSort | undefined, marks: MarkFilter | undefined): Promise<{ rows: TenderRow[]; count: number }>;
  /** The source filters by marks (`marks` argument): the table shows the filter chips. */
  markFilterable?: boolean;
  /** A new value reloads from the start (a new search). */
  resetKey: string;
  /** A new value reloads what is in view, keeping the rows shown until fresh ones arrive (new data arrived). */
  refreshKey?: number;
  /** Columns can be sorted (the offline search has its own order instead). */
  sortable?: boolean;
  sort?: TenderSort;
  onSort?(sort: TenderSort): void;
  /** The server's total of the set, when known. */
  total?: number | null;
  /** Where "back" on the card leads. */
  back: Route;
  testId?: string;
  height?: number;
  /** The table takes the height the window leaves it, so the page does not scroll beside it (useWindowFill). */
  fillWindow?: boolean;
  emptyText?: string;
  /** The count line of the header, e.g. "about 1 200 found" (default: how many are cached). */
  countText?(count: number): ReactNode;
  /** A mark shown before a row's name (e.g. new or changed since last seen). */
  rowMark?(row: TenderRow): ReactNode;
  /** More about the active row under its key facts in the preview pane (e.g. what changed). */
  previewExtra?(row: TenderRow): ReactNode;
  /** A row's card was opened from the table. */
  onOpened?(row: TenderRow): void;
  /** More controls in the table's toolbar. */
  toolbarExtra?: ReactNode;
  /** The source gives each row's relevance and sorts by it: the chooser offers «Релевантность». */
  relevance?: boolean;
}

/** A deadline in Moscow time; the column title says MSK, so the cells need not. */
function deadline(iso: string | null, locale: 'ru' | 'en'): string {
  if (!iso) return '—';
  return iso.length > 10 ? formatDateTime(iso, locale).replace(/ (МСК|MSK)$/, '') : formatDate(iso, locale);
}

export function TenderTable(props: TenderTableProps) {
  const { fetchPage, markFilterable = false, resetKey, refreshKey, sortable = true, sort, onSort, total, back, testId = 'results', height, fillWindow = false, emptyText, countText, rowMark, previewExtra, onOpened, toolbarExtra, relevance = false } = props;
  const s = useStrings(strings);
  const m = useStrings(marksStrings);
  const [markFilter, setMarkFilter] = useState<MarkFilter>({});
  const marks = compact(markFilter);
  const marksRef = useRef(marks);
  marksRef.current = marks;
  const marksKey = filterKey(marks);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const sortRef = useRef(sort);
  sortRef.current = sort;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const page = useCallback((offset: number, limit: number) => fetchRef.current(offset, limit, sortRef.current, marksRef.current), []);
  const sortKey = sort ? `${sort.column}:${sort.direction}` : '';
  const { count, rowAt, onRange, error, refresh } = usePagedRows<TenderRow>(page, `${resetKey}|${sortKey}|${marksKey}`, PAGE);

  useEffect(() => setSelection(emptySelection()), [resetKey, marksKey]);
  useRefreshOnMarks(refresh);
  const firstRefresh = useRef(true);
  useEffect(() => {
    if (firstRefresh.current) {
      firstRefresh.current = false;
      return;
    }
    refresh();
  }, [refreshKey, refresh]);

  const columns = useMemo<Column<TenderRow>[]>(
    () => [
      // Widths fit a date, a deadline with its time, a price and a 19-digit notice number whole at 1366 px
      // (headers wrap to two lines rather than being cut); the flexible columns (name, region, customer) share
      // the rest, the name most of it. With «№ извещения» and «Закон» added the row still fits 1366 px.
      { key: 'publishDate', title: s.published, width: 120, whole: true, sortable, render: (r) => formatDate(r.publishDate, locale) },
      { key: 'endDate', title: s.deadline, width: 140, whole: true, sortable, render: (r) => deadline(r.endDate, locale) },
      {
        key: 'name',
        title: s.name,
        width: 'minmax(140px, 5fr)',
        required: true,
        sortable,
        // The name first and always most of the cell; our status and the tags (shrunk to a count) after it.
        render: (r) => <TenderNameCell name={r.name} marks={r.marks} lead={rowMark?.(r)} />,
      },
      { key: 'price', title: s.price, width: 132, whole: true, align: 'right', sortable, render: (r) => formatRub(r.price, locale) },
      { key: 'region', title: s.region, width: 'minmax(72px, 1fr)', sortable, render: (r) => r.region ?? '—' },
      { key: 'customerName', title: s.customer, width: 'minmax(88px, 2fr)', sortable, render: (r) => r.customerName ?? '—' },
      { key: 'status', title: s.status, width: 122, render: (r) => rowStage(r, locale).name },
      // The columns the exports have, to be shown from the chooser: our status and the tags (also beside the
      // name), the assignee, the customer's INN, the notice number, the law and the API's id.
      { key: 'number', title: s.number, width: 176, whole: true, hiddenByDefault: true, render: (r) => r.etpId ?? '—' },
      { key: 'law', title: s.law, width: 84, hiddenByDefault: true, render: (r) => rowLawName(r, locale) },
      { key: 'pipeline', title: m.colStatus, width: 150, hiddenByDefault: true, render: (r) => (r.marks?.status ? pipelineStatusName(r.marks.status, locale) : '') },
      { key: 'tags', title: m.colTags, width: 'minmax(120px, 1fr)', hiddenByDefault: true, render: (r) => (r.marks?.tags ?? []).map((t) => t.name).join(', ') },
      { key: 'assignee', title: m.colAssignee, width: 'minmax(90px, 1fr)', hiddenByDefault: true, render: (r) => r.marks?.assignee ?? '' },
      { key: 'customerInn', title: s.customerInn, width: 120, whole: true, hiddenByDefault: true, render: (r) => r.customerInn ?? '—' },
      { key: 'id', title: s.id, width: 70, whole: true, align: 'right', hiddenByDefault: true, render: (r) => String(r.id) },
      // The triage model's score, from the chooser where the source gives it; sorted in the core.
      ...(relevance ? [{ key: 'relevance', title: s.relevance, width: 140, whole: true, align: 'right', hiddenByDefault: true, sortable, render: (r: TenderRow) => relevanceCell(r.relevance, locale) } satisfies Column<TenderRow>] : []),
    ],
    [s, m, locale, sortable, rowMark, relevance],
  );
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  useEffect(() => setActiveIndex(null), [resetKey]);
  const activeRow = activeIndex === null ? undefined : rowAt(activeIndex);

  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;
  const open = useCallback(
    (row: TenderRow) => {
      onOpenedRef.current?.(row);
      navigate({ view: 'card', kind: 'tender', id: row.id, back });
    },
    [navigate, back],
  );

  const toggle = useCallback(
    (row: TenderRow, index: number, shift: boolean) => {
      const outcome = clickRow(selection, index, row.id, shift, (i) => rowAt(i)?.id);
      setSelection(outcome.selection);
      if (outcome.missing.length === 0) return;
      const select = outcome.selection.ids.has(row.id);
      const wanted = new Set(outcome.missing);
      void Promise.all(pagesCovering(outcome.missing, PAGE).map((p) => page(p.offset, p.limit).then((a) => a.rows.map((r, j) => [p.offset + j, r.id] as const)))).then(
        (pages) => {
          const ids = pages.flat().filter(([i]) => wanted.has(i)).map(([, id]) => id);
          setSelection((cur) => applyToIds(cur, ids, select));
        },
        () => undefined,
      );
    },
    [selection, rowAt, page],
  );

  const selectedIds = useMemo(() => [...selection.ids], [selection]);

  // The command registry's row shortcuts: J/K, O, L, M (useRowCommands).
  const { table, addRequest, markRequest } = useRowCommands({ rowCount: count, activeRow, activeIndex, selection, setSelection, open, addToList: true });
  const [selectingAll, setSelectingAll] = useState(false);
  /** Every row of the table (up to what one list edit takes), fetched in pages of 500. */
  const selectAll = useCallback(async () => {
    setSelectingAll(true);
    try {
      const ids: number[] = [];
      for (let offset = 0; offset < Math.min(count, MAX_SELECT_ALL); offset += 500) {
        const answer = await page(offset, 500);
        ids.push(...answer.rows.map((r) => r.id));
        if (answer.rows.length < 500) break;
      }
      setSelection({ ids: new Set(ids.slice(0, MAX_SELECT_ALL)), anchor: null });
    } finally {
      setSelectingAll(false);
    }
  }, [count, page]);

  const panel = useRef<HTMLDivElement>(null);
  const filled = useWindowFill(panel, fillWindow, height ?? 520);

  return (
    <div className="tt" ref={panel} data-testid={`${testId}-panel`}>
      <div className="tt__toolbar">
        <span data-testid={`${testId}-count`} data-count={count}>
          {countText ? countText(count) : s.shown(formatInt(count, locale))}
          {total !== undefined && total !== null ? <span data-testid={`${testId}-total`} data-total={total}> · {s.total(formatInt(total, locale))}</span> : null}
        </span>
        {toolbarExtra}
        <span className="tt__spacer" />
        {selectedIds.length > 0 && (
          <>
            <span data-testid={`${testId}-selected`}>{s.selected(formatInt(selectedIds.length, locale))}</span>
            <button type="button" className="btn--link" onClick={() => setSelection(emptySelection())}>
              {s.clear}
            </button>
          </>
        )}
        {count > 0 && count <= MAX_SELECT_ALL && selectedIds.length < count && (
          <button type="button" className="btn--link" disabled={selectingAll} onClick={() => void selectAll()} data-testid={`${testId}-select-all`}>
            {s.selectAll(formatInt(count, locale))}
          </button>
        )}
        <MarksButton ids={selectedIds} onApplied={refresh} testId={`${testId}-marks`} openRequest={markRequest} />
        <AddToList ids={selectedIds} openRequest={addRequest} />
      </div>
      {markFilterable && (
        <div className="tt__filters">
          <MarkFilterBar filter={markFilter} onChange={setMarkFilter} testId={`${testId}-mark-filter`} />
        </div>
      )}
      <ErrorNotice error={error} testId={`${testId}-error`} />
      {/* The preview beside the table on a wide window, over the table's foot (kept in view) on a smaller one. */}
      <div className={`tt__body${count > 0 ? ' tt__body--preview' : ''}`}>
      <VirtualTable<TenderRow>
        testId={testId}
        columns={columns}
        rowCount={count}
        rowAt={rowAt}
        onRange={onRange}
        rowKey={(r) => r.id}
        sort={sort as SortState | undefined}
        onSort={onSort ? (st) => onSort({ column: st.column as TenderSortColumn, direction: st.direction }) : undefined}
        onOpen={open}
        selected={selection.ids}
        onToggleSelect={toggle}
        selectLabel={(r) => s.select(r.name)}
        onActiveChange={setActiveIndex}
        handle={table}
        height={fillWindow ? filled : height}
        emptyText={emptyText ?? s.empty}
      />
      {count > 0 && <TenderPreview row={activeRow} onOpen={open} testId={`${testId}-preview`} extra={activeRow && previewExtra ? previewExtra(activeRow) : undefined} />}
      </div>
      <div className="tt__hint muted">{s.hint(keysOf)}</div>
    </div>
  );
}
