/**
 * A page of earlier-generation tenders as a plain table (this generation is read page by page): the "new"
 * mark (charged in the answer that brought it), notice number and name, prices in rubles, dates in Moscow
 * time; a row opens the tender's detail with a double click, Enter or O, and J/K move between rows.
 *
 * The keyboard follows the WAI-ARIA grid pattern as the current generation's tables do: the table is one Tab
 * stop (roving tabindex on the rows), arrows, Page Up/Down, Home and End move between rows, Enter opens.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { EarlierTenderRow } from '../../../src-main/contract/ipc';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { formatDate, formatDateTime, formatRub } from '../../format/format';
import { rowStage } from '../../components/tenderLabels';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';

const strings: Strings<{
  isNew: string;
  newHint: string;
  number: string;
  name: string;
  price: string;
  published: string;
  deadline: string;
  region: string;
  customer: string;
  status: string;
  updated: string;
  empty: string;
  of: string;
  prev: string;
  next: string;
  perPage: string;
}> = {
  ru: {
    isNew: 'новый',
    newHint: 'Пришёл впервые и был оплачен (is_new)',
    number: '№ извещения',
    name: 'Наименование',
    price: 'Начальная цена',
    published: 'Публикация',
    deadline: 'Окончание подачи, МСК',
    region: 'Регион',
    customer: 'Заказчик',
    status: 'Статус',
    updated: 'Изменён',
    empty: 'Нет закупок',
    of: 'из',
    prev: '← Назад',
    next: 'Вперёд →',
    perPage: 'На странице',
  },
  en: {
    isNew: 'new',
    newHint: 'Received for the first time and charged (is_new)',
    number: 'Notice no.',
    name: 'Name',
    price: 'Initial price',
    published: 'Published',
    deadline: 'Bids until, MSK',
    region: 'Region',
    customer: 'Customer',
    status: 'Status',
    updated: 'Updated',
    empty: 'No tenders',
    of: 'of',
    prev: '← Previous',
    next: 'Next →',
    perPage: 'Per page',
  },
};

export function EarlierTenderTable({ rows, testId, emptyText }: { rows: readonly EarlierTenderRow[]; testId: string; emptyText?: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const route = useAppStore((st) => st.route);
  const open = (id: number) => navigate({ view: 'card', kind: 'tender', id, back: route });
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const moveTo = (to: number) => {
    const n = Math.max(0, Math.min(rows.length - 1, to));
    setActive(n);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[n]?.focus();
  };
  // The command registry's row shortcuts J/K and O, as in the current generation's tables (lists and marks are
  // that generation's, so L and M are not offered here). J/K from outside the table start at the active row.
  const inTable = () => body.current?.contains(document.activeElement) === true;
  useProvideAction('row.next', () => moveTo(inTable() ? activeIndex + 1 : activeIndex), rows.length > 0);
  useProvideAction('row.previous', () => moveTo(inTable() ? activeIndex - 1 : activeIndex), rows.length > 0);
  useProvideAction('row.open', () => rows[activeIndex] && open(rows[activeIndex]!.id), rows.length > 0);
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, i: number, id: number) => {
    const last = rows.length - 1;
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'PageDown' ? i + 10 : e.key === 'PageUp' ? i - 10 : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to !== null) {
      e.preventDefault();
      moveTo(to);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(id);
    }
  };
  if (rows.length === 0) return <p className="muted" data-testid={`${testId}-empty`}>{emptyText ?? s.empty}</p>;
  return (
    <table className="card__table earlier__table" role="grid" data-testid={testId}>
      <thead>
        <tr>
          <th />
          <th>{s.published}</th>
          <th>{s.deadline}</th>
          <th>{s.name}</th>
          <th className="num">{s.price}</th>
          <th>{s.region}</th>
          <th>{s.customer}</th>
          <th>{s.status}</th>
          <th>{s.updated}</th>
        </tr>
      </thead>
      <tbody ref={body}>
        {rows.map((r, i) => (
          <tr
            key={r.id}
            className="clickable"
            tabIndex={i === activeIndex ? 0 : -1}
            aria-rowindex={i + 2}
            data-testid={`${testId}-row`}
            data-id={r.id}
            data-new={r.isNew}
            onDoubleClick={() => open(r.id)}
            onFocus={() => setActive(i)}
            onKeyDown={(e) => onRowKey(e, i, r.id)}
          >
            <td>{r.isNew && <span className="badge badge--new" title={s.newHint} data-testid={`${testId}-new`}>{s.isNew}</span>}</td>
            <td>{formatDate(r.publishDate, locale)}</td>
            <td>{formatDateTime(r.endDate, locale)}</td>
            <td>
              <span className="muted">{r.etpId ?? '—'}</span> {r.name}
            </td>
            <td className="num">{formatRub(r.price, locale)}</td>
            <td>{r.region ?? '—'}</td>
            <td>{r.customerName ?? '—'}</td>
            <td>{rowStage(r, locale).name}</td>
            <td>{formatDateTime(r.updateDate, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The page and page size of a paged view; changing the size goes back to page 1. */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  const setPageSize = (size: number) => {
    setSize(size);
    setPage(1);
  };
  return { page, pageSize, setPage, setPageSize };
}

/** «Страница 2 из 7» with previous/next and the page size. */
export function Pager({
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
  testId,
}: {
  page: number;
  pages: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  testId: string;
}) {
  const t = useStrings(strings);
  return (
    <div className="card__pager" data-testid={testId} data-page={page} data-pages={pages}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={`${testId}-prev`}>
        {t.prev}
      </button>
      <span data-testid={`${testId}-position`}>
        {page} {t.of} {Math.max(1, pages)}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {t.next}
      </button>
      <label>
        {t.perPage}{' '}
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} data-testid={`${testId}-size`}>
          {[20, 50, 100].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
