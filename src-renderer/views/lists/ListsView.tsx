/**
 * Lists: the user's lists (with edits still queued offline), creating one; a list's members as the cache holds
 * them (sorted, paged, virtualized), members not loaded yet flagged; removing many at once, adding by pasted ids,
 * "Update from server" (the list's tender feed as a job) and CSV export with a column chooser. Edits go through
 * the core's outbox: offline they are queued and sent once when the network is back.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListInfo, ListMemberRow, ListSort, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobProgress, isJobActive } from '../../components/JobProgress';
import { useSpendConfirm } from '../../components/SpendConfirm';
import { applyToIds, clickRow, emptySelection, pagesCovering, type Selection } from '../../components/selection';
import { useLoad } from '../../state/useLoad';
import { usePagedRows, VirtualTable, type Column, type SortState } from '../../components/VirtualTable';
import { formatDate, formatDateTime, formatInt, formatRub } from '../../format/format';
import { count, NOUNS, tenderStageName, useStrings } from '../../i18n/i18n';
import { CsvExportDialog } from '../../components/CsvExportDialog';
import { ConfirmDialog } from '../../components/Dialog';
import { listNameLength, listNameProblem } from '../../../src-main/domain/listName';
import { parseIds } from './listInput';
import { editCountsStated } from '../../components/editCounts';
import { listsStrings } from './listsStrings';

const PAGE = 200;

export function ListsView() {
  const s = useStrings(listsStrings);
  const locale = useAppStore((st) => st.locale);
  const epoch = useAppStore((st) => st.epoch);
  const pendingEdits = useAppStore((st) => st.pendingEdits);
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const selectedId = route.view === 'lists' ? route.listId : undefined;
  const [nonce, setNonce] = useState(0);
  const lists = useLoad(() => call('lists.list', {}), `lists-${epoch}-${pendingEdits}-${nonce}`);
  const current = lists.data?.find((l) => l.listId === selectedId) ?? null;

  return (
    <section className="view lists" data-testid="view-lists">
      <h1>{s.title}</h1>
      <div className="lists__layout">
        <aside className="lists__side" aria-label={s.lists}>
          <h2>{s.lists}</h2>
          <ErrorNotice error={lists.error} testId="lists-error" />
          {lists.data && lists.data.length === 0 && <p className="muted">{s.none}</p>}
          <ul className="lists__items" data-testid="lists-list">
            {(lists.data ?? []).map((l) => (
              <li key={l.listId}>
                <button
                  type="button"
                  className={`lists__item${l.listId === selectedId ? ' lists__item--active' : ''}`}
                  onClick={() => navigate({ view: 'lists', listId: l.listId })}
                  data-testid="lists-item"
                  data-list-id={l.listId}
                  aria-current={l.listId === selectedId ? 'true' : undefined}
                >
                  <span className="lists__itemName">{l.name}</span>
                  <span className="lists__itemMeta">
                    {s.items(l.itemsCount)}
                    {l.pendingEdits > 0 && (
                      <span className="badge badge--queued" data-testid="lists-item-queued">
                        {s.queued(formatInt(l.pendingEdits, locale))}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <CreateList
            onCreated={(l) => {
              setNonce((n) => n + 1);
              navigate({ view: 'lists', listId: l.listId });
            }}
          />
        </aside>
        <div className="lists__main">
          {current ? <ListDetail key={current.listId} list={current} onChanged={() => setNonce((n) => n + 1)} /> : <p className="muted">{s.choose}</p>}
        </div>
      </div>
    </section>
  );
}

function CreateList({ onCreated }: { onCreated(list: ListInfo): void }) {
  const s = useStrings(listsStrings);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const locale = useAppStore((st) => st.locale);
  // Checked as typed, with the same rule as the core: a long name is refused with a message, never cut.
  const problem = name.trim() === '' ? null : listNameProblem(name);
  async function create() {
    if (name.trim() === '' || problem) return;
    setBusy(true);
    setError(null);
    try {
      const list = await call('lists.create', { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) });
      setName('');
      setDescription('');
      onCreated(list);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="lists__create"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h3>{s.create}</h3>
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={s.name}
        aria-label={s.name}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'lists-create-name-problem' : undefined}
        data-testid="lists-create-name"
      />
      {problem && (
        <p className="field__error" role="alert" id="lists-create-name-problem" data-testid="lists-create-name-problem">
          {problem[locale]} <span className="muted">{s.nameLength(String(listNameLength(name.trim())))}</span>
        </p>
      )}
      <input value={description} onChange={(e) => setDescription(e.target.value)} placeholder={s.description} aria-label={s.description} maxLength={2000} data-testid="lists-create-description" />
      <button type="submit" disabled={busy || name.trim() === '' || problem !== null} data-testid="lists-create">
        {busy ? s.creating : s.create}
      </button>
      <ErrorNotice error={error} testId="lists-create-error" />
    </form>
  );
}

/** The list's name, renamed here only (the server's name is immutable), with the server's name beside it. */
function ListName({ list, onChanged }: { list: ListInfo; onChanged(): void }) {
  const s = useStrings(listsStrings);
  const locale = useAppStore((st) => st.locale);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(list.name);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const problem = listNameProblem(draft);
  async function save(name: string | null) {
    setBusy(true);
    setError(null);
    try {
      await call('lists.rename', { listId: list.listId, name });
      setEditing(false);
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  if (!editing) {
    return (
      <div className="lists__name">
        <h2 data-testid="lists-detail-name">{list.name}</h2>
        {list.name !== list.serverName && (
          <span className="muted" data-testid="lists-detail-server-name">
            {s.serverName(list.serverName)}
          </span>
        )}
        <button
          type="button"
          className="btn--link"
          onClick={() => {
            setDraft(list.name);
            setEditing(true);
          }}
          data-testid="lists-rename-open"
        >
          {s.rename}
        </button>
      </div>
    );
  }
  return (
    <form
      className="lists__rename"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) void save(draft.trim());
      }}
    >
      <input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        aria-label={s.name}
        aria-invalid={problem ? true : undefined}
        aria-describedby="lists-rename-hint"
        data-testid="lists-rename-input"
      />
      <button type="submit" className="btn--primary" disabled={busy || problem !== null} data-testid="lists-rename-save">
        {s.renameSave}
      </button>
      {list.name !== list.serverName && (
        <button type="button" onClick={() => void save(null)} disabled={busy} data-testid="lists-rename-reset">
          {s.renameReset}
        </button>
      )}
      <button type="button" className="btn--link" onClick={() => setEditing(false)}>
        {s.renameCancel}
      </button>
      {problem && draft.trim() !== '' && (
        <p className="field__error" role="alert" data-testid="lists-rename-problem">
          {problem[locale]}
        </p>
      )}
      <p className="muted" id="lists-rename-hint" data-testid="lists-rename-hint">
        {s.renameHint}
      </p>
      <ErrorNotice error={error} testId="lists-rename-error" />
    </form>
  );
}

function ListDetail({ list, onChanged }: { list: ListInfo; onChanged(): void }) {
  const s = useStrings(listsStrings);
  const locale = useAppStore((st) => st.locale);
  const epoch = useAppStore((st) => st.epoch);
  const navigate = useAppStore((st) => st.navigate);
  // The list's own order first: the order the user (or the server) gave it, and the one its CSV keeps.
  const [sort, setSort] = useState<ListSort>({ column: 'listOrder', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [missing, setMissing] = useState<number[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [paste, setPaste] = useState('');
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const spend = useSpendConfirm();
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));

  const fetchPage = useCallback(
    async (offset: number, limit: number) => {
      const answer = await call('lists.members', { listId: list.listId, sort, offset, limit });
      setMissing(answer.missing);
      return answer;
    },
    [list.listId, sort],
  );
  const paged = usePagedRows<ListMemberRow>(fetchPage, `${list.listId}|${sort.column}:${sort.direction}|${epoch}`, PAGE);
  const { refresh } = paged;
  const jobItems = job?.items ?? 0;
  const jobState = job?.state;
  useEffect(() => {
    if (jobId !== null) refresh();
  }, [jobId, jobItems, jobState, refresh]);
  // The list's numbers (count, queued edits) changed: show the members again too.
  useEffect(() => refresh(), [list.itemsCount, list.pendingEdits, refresh]);

  const toggle = useCallback(
    (row: ListMemberRow, index: number, shift: boolean) => {
      const outcome = clickRow(selection, index, row.id, shift, (i) => paged.rowAt(i)?.id);
      setSelection(outcome.selection);
      if (outcome.missing.length === 0) return;
      const select = outcome.selection.ids.has(row.id);
      const wanted = new Set(outcome.missing);
      void Promise.all(pagesCovering(outcome.missing, PAGE).map((p) => fetchPage(p.offset, p.limit).then((a) => a.rows.map((r, j) => [p.offset + j, r.id] as const)))).then(
        (pages) => setSelection((cur) => applyToIds(cur, pages.flat().filter(([i]) => wanted.has(i)).map(([, id]) => id), select)),
        () => undefined,
      );
    },
    [selection, paged, fetchPage],
  );

  const selectedIds = useMemo(() => [...selection.ids], [selection]);

  async function edit(run: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setMessage(await run());
      onChanged();
      refresh();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const remove = () =>
    edit(async () => {
      const answer: MethodResult<'lists.removeItems'> = await call('lists.removeItems', { listId: list.listId, ids: selectedIds });
      setSelection(emptySelection());
      if (answer.queued) return s.removedQueued(formatInt(selectedIds.length, locale));
      return editCountsStated(selectedIds, answer.removed, answer.notPresent) ? s.removed(formatInt(answer.removed, locale)) : s.removedUnstated(formatInt(selectedIds.length, locale));
    });

  const add = () => {
    const parsed = parseIds(paste);
    if (parsed.invalid.length > 0) {
      setMessage(null);
      setError(new Error(s.invalidIds(parsed.invalid.slice(0, 10).join(', '))));
      return;
    }
    if (parsed.ids.length === 0) {
      setError(new Error(s.noIds));
      return;
    }
    return edit(async () => {
      const answer = await call('lists.addItems', { listId: list.listId, ids: parsed.ids });
      setPaste('');
      if (answer.queued) return s.addedQueued(formatInt(parsed.ids.length, locale));
      return editCountsStated(parsed.ids, answer.added, answer.alreadyPresent) ? s.added(formatInt(answer.added, locale), formatInt(answer.alreadyPresent, locale)) : s.addedUnstated(formatInt(parsed.ids.length, locale));
    });
  };

  async function update() {
    setError(null);
    try {
      // The cost first: above the threshold the update starts only with consent to it (issue 12; the core checks again).
      const estimate = await call('lists.estimate', { listId: list.listId });
      let confirmCost: number | undefined;
      if (estimate.needsConfirm) {
        const consent = await spend.ask(estimate, { kind: 'list' });
        if (consent === null) return;
        confirmCost = consent;
      }
      const answer = await call('lists.sync', { listId: list.listId, ...(confirmCost !== undefined ? { confirmCost } : {}) });
      setJobId(answer.jobId);
    } catch (e) {
      setError(e);
    }
  }

  const columns = useMemo<Column<ListMemberRow>[]>(
    () => [
      // Narrow («№»), so that the members still fit 1366 px without a sideways scroll.
      { key: 'listOrder', title: s.listOrder, width: 48, align: 'right', sortable: true, render: (r) => formatInt(r.listPosition, locale) },
      { key: 'id', title: s.id, width: 64, align: 'right', sortable: true, render: (r) => String(r.id) },
      {
        key: 'name',
        title: s.tender,
        width: 'minmax(140px, 3fr)',
        sortable: true,
        // The notice number is in the tooltip, not before the name: at 1366 px the name needs the room.
        render: (r) => <span title={[r.etpId, r.name].filter(Boolean).join(' · ')}>{r.name}</span>,
      },
      { key: 'price', title: s.price, width: 142, align: 'right', sortable: true, render: (r) => formatRub(r.price, locale) },
      { key: 'status', title: s.status, width: 120, render: (r) => tenderStageName(r.status, r.endDate, locale) },
      // Wide enough for «05.12.2026, 18:00 МСК» whole.
      { key: 'endDate', title: s.deadline, width: 170, sortable: true, render: (r) => (r.endDate && r.endDate.length > 10 ? formatDateTime(r.endDate, locale) : formatDate(r.endDate, locale)) },
      { key: 'customerName', title: s.customer, width: 'minmax(100px, 2fr)', sortable: true, render: (r) => <span title={[r.customerName, r.customerInn].filter(Boolean).join(', ')}>{r.customerName ?? '—'}</span> },
    ],
    [s, locale],
  );

  const missingSelected = missing.filter((id) => selection.ids.has(id)).length;

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
        <button type="button" onClick={() => setExporting(true)} data-testid="lists-export-open">
          {s.exportCsv}
        </button>
        <button type="button" onClick={() => setDeleting(true)} data-testid="lists-delete-open">
          {s.deleteList}
        </button>
        <span className="lists__spacer" />
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
      {message && (
        <p className="lists__message" role="status" data-testid="lists-message">
          {message}
        </p>
      )}
      <ErrorNotice error={error ?? paged.error} testId="lists-detail-error" />
      <div className="lists__count" data-testid="lists-members-count" data-count={paged.count}>
        {s.members(formatInt(paged.count, locale))}
      </div>
      <VirtualTable<ListMemberRow>
        testId="lists-members"
        columns={columns}
        rowCount={paged.count}
        rowAt={paged.rowAt}
        onRange={paged.onRange}
        rowKey={(r) => r.id}
        sort={sort as SortState}
        onSort={(st) => setSort({ column: st.column as ListSort['column'], direction: st.direction })}
        onOpen={(r) => navigate({ view: 'card', kind: 'tender', id: r.id, back: { view: 'lists', listId: list.listId } })}
        selected={selection.ids}
        onToggleSelect={toggle}
        selectLabel={(r) => s.select(r.name)}
        emptyText={s.empty}
        height={400}
      />
      <div className="muted">{s.hint}</div>
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
          runExport={(columns, delimiter, excel) => call('lists.export', { listId: list.listId, columns, delimiter, excel })}
          onClose={() => setExporting(false)}
          offersExcelChoice
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
          onConfirm={() =>
            void (async () => {
              setBusy(true);
              try {
                await call('lists.delete', { listId: list.listId });
                setDeleting(false);
                navigate({ view: 'lists' });
                onChanged();
              } catch (e) {
                setDeleting(false);
                setError(e);
              } finally {
                setBusy(false);
              }
            })()
          }
        >
          <p data-testid="lists-delete-body">{s.deleteBody(list.name, count(list.itemsCount, NOUNS.tender, locale))}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
