/**
 * A list's data and edits for ListDetail: its members (paged, sorted; members not loaded yet reported as
 * missing), the selection, and the edits (remove, add pasted ids, "Update from server" as a job after its
 * cost, delete). The members reload when the list's numbers change or its update job moves on.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListInfo, ListMemberRow, MembersSort, MethodResult } from '../../../src-main/contract/ipc';
import { call, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import type { MarkFilter } from '../../../src-main/domain/marks';
import { compact, filterKey } from '../../components/markFilter';
import { usePagedRows } from '../../state/usePagedRows';
import { useRefreshOnMarks } from '../../state/useRefreshOnMarks';
import { useRefreshWithJob } from '../../state/useRefreshWithJob';
import { useSpendConfirm } from '../../components/SpendConfirm';
import { applyToIds, clickRow, emptySelection, pagesCovering, type Selection } from '../../components/selection';
import { editCountsStated } from '../../components/editCounts';
import { formatInt } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { parseIds } from './listInput';
import { listsStrings } from './listsStrings';

/** Members per page of the list's table. */
export const PAGE = 200;

/** The hook's whole state and its actions, named as ListDetail uses them. */
export function useListDetail(list: ListInfo, onChanged: () => void) {
  const s = useStrings(listsStrings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const navigate = useAppStore((st) => st.navigate);
  // The list's own order first: the order the user (or the server) gave it, and the one its CSV keeps.
  const [sort, setSort] = useState<MembersSort>({ column: 'listOrder', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [missing, setMissing] = useState<number[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [paste, setPaste] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // The members filtered by the analyst's marks: the core's `marks` argument.
  const [markFilter, setMarkFilter] = useState<MarkFilter>({});
  const marks = compact(markFilter);
  const spend = useSpendConfirm();
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));

  const fetchPage = useCallback(
    async (offset: number, limit: number) => {
      const answer = await call('lists.members', { listId: list.listId, sort, offset, limit, ...(marks ? { marks } : {}) });
      setMissing(answer.missing);
      return answer;
    },
    [list.listId, sort, filterKey(marks)],
  );
  const paged = usePagedRows<ListMemberRow>(fetchPage, `${list.listId}|${sort.column}:${sort.direction}|${epoch}|${filterKey(marks)}`, PAGE);
  // A selection made under another filter may hold rows not shown now: it is not kept (nothing acts on hidden rows).
  useEffect(() => setSelection(emptySelection()), [filterKey(marks)]);
  const { refresh } = paged;
  useRefreshWithJob(jobId, refresh);
  useRefreshOnMarks(refresh);
  // A teammate's edit of this list pulled by a team sync (its members may change with the same count).
  useEffect(() => subscribe('lists.changed', (e) => void (e.listIds.includes(list.listId) && refresh())), [list.listId, refresh]);
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
      // The cost first: above the threshold the update starts only with consent to it (the core checks again).
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

  async function deleteList() {
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
  }

  return { markFilter, setMarkFilter, sort, setSort, selection, setSelection, selectedIds, toggle, missing, message, error, busy, paste, setPaste, deleting, setDeleting, jobId, job, spend, paged, remove, add, update, deleteList };
}
