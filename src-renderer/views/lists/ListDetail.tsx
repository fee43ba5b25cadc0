/**
 * A list's detail: its header (name, counts, queued edits), toolbar, the members' table, members not loaded yet,
 * the add-by-ids form, CSV export and delete; the members' marks (tags and our status beside the name) and
 * «Отметить…» on the selected members. It renders; its data and edits come from useListDetail.
 */
import { useMemo, useState } from 'react';
import { ListDocumentsButton, ListDocumentsProgress, useListDocuments } from '../../components/documents/ListDocuments';
import type { ListInfo, ListMemberRow, MembersSort } from '../../../src-main/contract/ipc';
import { relevanceCell } from '../../components/relevanceCell';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InnLink } from '../../components/InnLink';
import { JobProgress, isJobActive } from '../../components/JobProgress';
import { applyToIds, emptySelection } from '../../components/selection';
import { VirtualTable, type Column, type SortState } from '../../components/VirtualTable';
import { CsvExportDialog } from '../../components/CsvExportDialog';
import { MarksButton } from '../../components/MarksEditor';
import { useRowCommands } from '../../components/useRowCommands';
import { MarkFilterBar } from '../../components/MarkFilterBar';
import { compact } from '../../components/markFilter';
import { TenderNameCell } from '../../components/MarkChips';
import { ConfirmDialog } from '../../components/Dialog';
import { formatDate, formatDateTime, formatInt, formatRub } from '../../format/format';
import { rowStage } from '../../components/tenderLabels';
import { count, NOUNS, useStrings, useLocale } from '../../i18n/i18n';
import { listsStrings } from './listsStrings';
import { ListName } from './ListName';
import { useListDetail } from './useListDetail';
import { MemberOrderDnd, MemberPlace, moveKeys } from './MemberOrder';

export function ListDetail({ list, onChanged }: { list: ListInfo; onChanged(): void }) {
  const s = useStrings(listsStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const [exporting, setExporting] = useState(false);
  const docs = useListDocuments(list.listId);
  // The palette's «Экспорт в файл (XLSX, CSV)…» opens the list's export dialog, as the button does.
  useProvideAction('export.open', () => setExporting(true));
  // Esc and Alt+← close the detail and give the focus back to the list's item, which stays shown.
  useProvideAction('view.back', () => {
    navigate({ view: 'lists' });
    document.querySelector<HTMLElement>(`button[data-list-id="${CSS.escape(list.listId)}"]`)?.focus();
  });
  const { markFilter, setMarkFilter, sort, setSort, selection, setSelection, selectedIds, toggle, missing, message, error, busy, paste, setPaste, deleting, setDeleting, jobId, job, spend, paged, remove, add, update, deleteList } =
    useListDetail(list, onChanged);

  // Members are reordered (drag; Alt+↑/↓ or the palette's «Переместить выше/ниже») only where the table shows
  // the list's own order, whole and unfiltered.
  const movable = sort.column === 'listOrder' && sort.direction === 'asc' && compact(markFilter) === undefined;
  const move = (tenderId: number, place: number) =>
    void call('lists.moveItem', { listId: list.listId, tenderId, place }).then(paged.refresh, (e: unknown) => setMoveError(e));
  const [moveError, setMoveError] = useState<unknown>(null);

  const columns = useMemo<Column<ListMemberRow>[]>(
    () => [
      // Narrow («№» and the drag handle), so that the members still fit 1366 px without a sideways scroll; the
      // API's id is in the chooser (hidden by default: the name gets the room).
      { key: 'listOrder', title: s.listOrder, width: 64, whole: true, align: 'right', sortable: true, render: (r) => <MemberPlace row={r} movable={movable} /> },
      { key: 'id', title: s.id, width: 70, whole: true, align: 'right', sortable: true, hiddenByDefault: true, render: (r) => String(r.id) },
      // The triage model's score, from the chooser; sorted in the core over the whole list.
      { key: 'relevance', title: s.relevance, width: 140, whole: true, align: 'right', sortable: true, hiddenByDefault: true, render: (r) => relevanceCell(r.relevance, locale) },
      {
        key: 'name',
        title: s.tender,
        width: 'minmax(220px, 4fr)',
        required: true,
        sortable: true,
        // The name first, its marks after it (several tags shrink to a count); the notice number is the tooltip.
        render: (r) => <TenderNameCell name={r.name} marks={r.marks} nameTitle={[r.etpId, r.name].filter(Boolean).join(' · ')} />,
      },
      { key: 'price', title: s.price, width: 132, whole: true, align: 'right', sortable: true, render: (r) => formatRub(r.price, locale) },
      { key: 'status', title: s.status, width: 124, render: (r) => rowStage(r, locale).name },
      // «05.12.2026, 18:00» whole; the title says МСК, as the results' does, so the cells need not.
      { key: 'endDate', title: s.deadline, width: 140, whole: true, sortable: true, render: (r) => (r.endDate && r.endDate.length > 10 ? formatDateTime(r.endDate, locale).replace(/ (МСК|MSK)$/, '') : formatDate(r.endDate, locale)) },
      { key: 'customerName', title: s.customer, width: 'minmax(100px, 1fr)', sortable: true, render: (r) => (
          <span title={[r.customerName, r.customerInn].filter(Boolean).join(', ')}>
            <InnLink inn={r.customerInn} kind="customer" testId="lists-customer-link" compact /> {r.customerName ?? '—'}
          </span>
        ) },
    ],
    [s, locale, movable],
  );

  const missingSelected = missing.filter((id) => selection.ids.has(id)).length;
  const openCard = (r: ListMemberRow) => navigate({ view: 'card', kind: 'tender', id: r.id, back: { view: 'lists', listId: list.listId } });
  // The command registry's row shortcuts: J/K, O, M, Alt+↑/↓ (useRowCommands); a list's members are in a list already.
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const activeRow = activeIndex === null ? undefined : paged.rowAt(activeIndex);
  const { table, markRequest } = useRowCommands({ rowCount: paged.count, activeRow, activeIndex, selection, setSelection, open: openCard, addToList: false, move: movable });

  return (
    <div className="lists__detail" data-testid="lists-detail" data-list-id={list.listId}>
      <header className="lists__header">
        <ListName list={list} onChanged={onChanged} />
        {list.description && <p className="muted">{list.description}</p>}
        <div className="lists__facts">
          <span data-testid="lists-detail-count" data-count={list.itemsCount}>
            {s.items(list.itemsCount)}
          </span>
          {list.pendingEdits > 0 && (
            <span className="badge badge--queued" data-testid="lists-detail-queued" data-pending={list.pendingEdits}>
              {s.queued(formatInt(list.pendingEdits, locale))}
            </span>
          )}
        </div>
      </header>
      {spend.dialog}
      <div className="lists__toolbar">
        <button type="button" onClick={() => void update()} disabled={jobId !== null && isJobActive(job)} title={s.updateHint} data-testid="lists-update">
          {s.update}
        </button>
        <button type="button" onClick={() => setExporting(true)} title={titleWithKeys(s.exportCsv, 'export.open')} data-testid="lists-export-open">
          {s.exportCsv}
        </button>
        <button type="button" onClick={() => setDeleting(true)} data-testid="lists-delete-open">
          {s.deleteList}
        </button>
        <button type="button" className="btn--link" onClick={() => navigate({ view: 'insights', at: { page: 'competitors', scope: { kind: 'list', listId: list.listId } }, back: { view: 'lists', listId: list.listId } })} data-testid="lists-competitors">
          {s.competitors}
        </button>
        <button type="button" className="btn--link" onClick={() => navigate({ view: 'insights', at: { page: 'flags', scope: { kind: 'list', listId: list.listId } }, back: { view: 'lists', listId: list.listId } })} data-testid="lists-flags">
          {s.flags}
        </button>
        <ListDocumentsButton start={docs.start} running={docs.running} />
        <span className="lists__spacer" />
        <MarksButton ids={selectedIds} onApplied={paged.refresh} testId="lists-marks" openRequest={markRequest} />
        {selectedIds.length > 0 && (
          <>
            <button type="button" className="btn--danger" onClick={() => void remove()} disabled={busy} data-testid="lists-remove">
              {s.removeSelected(formatInt(selectedIds.length, locale))}
            </button>
            <button type="button" className="btn--link" onClick={() => setSelection(emptySelection())}>
              {s.clear}
            </button>
          </>
        )}
      </div>
      {jobId && <JobProgress jobId={jobId} testId="lists-job" />}
      <ListDocumentsProgress jobId={docs.jobId} error={docs.error} />
      {message && (
        <p className="lists__message" role="status" data-testid="lists-message">
          {message}
        </p>
      )}
      <ErrorNotice error={error ?? moveError ?? paged.error} testId="lists-detail-error" />
      <div className="lists__count" data-testid="lists-members-count" data-count={paged.count}>
        {s.members(formatInt(paged.count, locale))} <MarkFilterBar filter={markFilter} onChange={setMarkFilter} testId="lists-mark-filter" />
      </div>
      <MemberOrderDnd move={move}>
      <VirtualTable<ListMemberRow>
        testId="lists-members"
        columns={columns}
        rowCount={paged.count}
        rowAt={paged.rowAt}
        onRange={paged.onRange}
        rowKey={(r) => r.id}
        sort={sort as SortState}
        onSort={(st) => setSort({ column: st.column as MembersSort['column'], direction: st.direction })}
        onOpen={openCard}
        onActiveChange={setActiveIndex}
        handle={table}
        selected={selection.ids}
        onToggleSelect={toggle}
        selectLabel={(r) => s.select(r.name)}
        emptyText={s.empty}
        height={400}
        {...(movable ? { onMoveRow: (r: ListMemberRow, target: ListMemberRow) => move(r.id, target.listPosition) } : {})}
      />
      </MemberOrderDnd>
      <div className="muted">{s.hint(moveKeys())}</div>
      {missing.length > 0 && (
        <div className="lists__missing" data-testid="lists-missing" data-count={missing.length}>
          <strong>{s.missing(formatInt(missing.length, locale))}</strong> <span className="muted">{s.missingHint}</span>
          <div className="lists__missingIds">
            {missing.slice(0, 300).map((id) => (
              <label key={id} className="chip">
                <input
                  type="checkbox"
                  checked={selection.ids.has(id)}
                  onChange={(e) => setSelection((cur) => applyToIds(cur, [id], e.target.checked))}
                  aria-label={s.select(String(id))}
                  data-testid="lists-missing-id"
                  data-id={id}
                />{' '}
                {id}
              </label>
            ))}
          </div>
          <button type="button" className="btn--link" onClick={() => setSelection((cur) => applyToIds(cur, missing, missingSelected < missing.length))}>
            {s.selectMissing}
          </button>
        </div>
      )}
      <form
        className="lists__add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor="lists-add-ids">{s.addIds}</label>
        <textarea id="lists-add-ids" rows={2} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={s.addIdsHint} data-testid="lists-add-ids" />
        <button type="submit" disabled={busy} data-testid="lists-add">
          {s.add}
        </button>
      </form>
      {exporting && (
        <CsvExportDialog
          title={s.exportTitle}
          sourceKey={list.listId}
          loadColumns={() => call('lists.exportColumns', {})}
          runExport={(columns, delimiter, excel, format) => call('lists.export', { listId: list.listId, columns, delimiter, excel, format })}
          onClose={() => setExporting(false)}
          offersExcelChoice
          offersFormat
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={s.deleteTitle}
          confirmText={s.deleteConfirm}
          cancelText={s.cancel}
          danger
          busy={busy}
          testId="lists-delete"
          onCancel={() => setDeleting(false)}
          onConfirm={() => void deleteList()}
        >
          <p data-testid="lists-delete-body">{s.deleteBody(list.name, count(list.itemsCount, NOUNS.tender, locale))}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
