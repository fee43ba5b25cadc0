/**
 * "Add to list…": a button that opens a dialog to choose one of the user's lists or create a new one, then adds
 * the given tender ids. Edits made offline are queued by the core and sent once when the network is back; the
 * answer says so. Used by the tender tables (selected rows) and the tender card.
 */
import { useState } from 'react';
import type { MethodResult } from '../../src-main/contract/ipc';
import { call } from '../bridge/client';
import { useAppStore } from '../state/store';
import { formatInt } from '../format/format';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { DialogButton } from './DialogButton';
import { ErrorNotice } from './ErrorNotice';
import { useLoad } from '../state/useLoad';
import { editCountsStated } from './editCounts';
import { listNameProblem } from '../../src-main/domain/listName';

const NEW = '__new__';

const strings: Strings<{
  open: string;
  title: (n: string) => string;
  newList: string;
  newName: string;
  add: string;
  adding: string;
  close: string;
  added: (list: string, added: string, already: string) => string;
  addedUnstated: (list: string, sent: string) => string;
  queued: (list: string) => string;
  nameRequired: string;
  loading: string;
}> = {
  ru: {
    open: 'Добавить в список…',
    title: (n) => `Добавить в список (${n})`,
    newList: 'Новый список',
    newName: 'Название нового списка',
    add: 'Добавить',
    adding: 'Добавляем…',
    close: 'Закрыть',
    added: (l, a, p) => `В список «${l}» добавлено: ${a}${p !== '0' ? `, уже были в нём: ${p}` : ''}.`,
    addedUnstated: (l, n) => `Все ${n} теперь в списке «${l}»; сколько из них уже были в нём, сервер не сообщил.`,
    queued: (l) => `Нет связи: добавление в «${l}» поставлено в очередь и будет отправлено один раз, когда связь вернётся.`,
    nameRequired: 'Введите название списка.',
    loading: 'Загружаем списки…',
  },
  en: {
    open: 'Add to list…',
    title: (n) => `Add to list (${n})`,
    newList: 'New list',
    newName: 'New list name',
    add: 'Add',
    adding: 'Adding…',
    close: 'Close',
    added: (l, a, p) => `Added to "${l}": ${a}${p !== '0' ? `, already in it: ${p}` : ''}.`,
    addedUnstated: (l, n) => `All ${n} are now in "${l}"; the server did not say how many were in it already.`,
    queued: (l) => `Offline: adding to "${l}" is queued and will be sent once when the network is back.`,
    nameRequired: 'Enter a list name.',
    loading: 'Loading lists…',
  },
};

export function AddToList({ ids, onAdded, testId = 'add-to-list', openRequest = 0 }: { ids: number[]; onAdded?(listId: string): void; testId?: string; openRequest?: number }) {
  const s = useStrings(strings);
  const locale = useLocale();
  // A new `openRequest` opens it as a click would (the table's «Добавить в список» shortcut, L).
  return (
    <DialogButton label={s.open} title={s.title(formatInt(ids.length, locale))} disabled={ids.length === 0} testId={testId} openRequest={openRequest} action="row.addToList">
      {(close) => <AddToListForm ids={ids} onAdded={onAdded} onClose={close} testId={testId} />}
    </DialogButton>
  );
}

function AddToListForm({ ids, onAdded, onClose, testId }: { ids: number[]; onAdded?(listId: string): void; onClose(): void; testId: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const lists = useLoad(() => call('lists.list', {}), `lists-${epoch}`);
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<{ answer: MethodResult<'lists.addItems'>; listName: string } | null>(null);
  const selected = choice || lists.data?.[0]?.listId || NEW;

  async function add() {
    setError(null);
    setResult(null);
    if (selected === NEW && name.trim() === '') {
      setError(new Error(s.nameRequired));
      return;
    }
    // The same rule as the core: a name over 255 characters is refused with the limit named, not cut.
    const problem = selected === NEW ? listNameProblem(name) : null;
    if (problem) {
      setError(new Error(problem[locale]));
      return;
    }
    setBusy(true);
    try {
      let listId = selected;
      let listName = lists.data?.find((l) => l.listId === selected)?.name ?? '';
      if (selected === NEW) {
        const created = await call('lists.create', { name: name.trim() });
        listId = created.listId;
        listName = created.name;
        setName('');
      }
      const answer = await call('lists.addItems', { listId, ids });
      setResult({ answer, listName });
      if (selected === NEW) setChoice(listId);
      // Every list's count is read again after any addition («Готовый (0)» beside «добавлено: 5»,
      // when only a new list made the dialog read its lists again).
      lists.reload();
      onAdded?.(listId);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="addlist"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="atl__choices" role="radiogroup" aria-label={s.open}>
        {lists.loading && lists.data === null && <span className="muted">{s.loading}</span>}
        {(lists.data ?? []).map((l) => (
          <label key={l.listId} className="atl__choice" data-testid={`${testId}-choice`} data-list-id={l.listId} data-count={l.itemsCount}>
            <input type="radio" name={`${testId}-list`} value={l.listId} checked={selected === l.listId} onChange={() => setChoice(l.listId)} />
            {l.name} ({formatInt(l.itemsCount, locale)})
          </label>
        ))}
        <label className="atl__choice">
          {/* A click pins «Новый список» even while it is only the default of lists not read yet (onChange does not
              fire on a checked radio): the lists' answer then does not move the choice to the first list. */}
          <input type="radio" name={`${testId}-list`} value={NEW} checked={selected === NEW} onChange={() => setChoice(NEW)} onClick={() => setChoice(NEW)} data-testid={`${testId}-new`} />
          {s.newList}
        </label>
        {/* «Новый список» chosen: typing names it at once (the dialog starts in the field it marks). */}
        {/* Typing a name chooses the new list: a name typed while the lists load is not taken away by their answer. */}
        {selected === NEW && (
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setChoice(NEW);
            }}
            aria-label={s.newName}
            placeholder={s.newName}
            data-testid={`${testId}-name`}
            data-autofocus
          />
        )}
      </div>
      {result && (
        <AddedMessage answer={result.answer} listName={result.listName} ids={ids} testId={testId} />
      )}
      <ErrorNotice error={error ?? lists.error} testId={`${testId}-error`} />
      <div className="dialog__actions">
        {/* After an addition the name field goes (the new list is chosen): the focus waits on «Закрыть», whose
            Enter gives it back to the rows, not on a radio the list's reading has not ticked yet. */}
        <button type="button" onClick={onClose} data-testid={`${testId}-close`} {...(result ? { 'data-autofocus': true } : {})}>
          {s.close}
        </button>
        <button type="submit" className="btn--primary" disabled={busy || ids.length === 0} data-testid={`${testId}-submit`}>
          {busy ? s.adding : s.add}
        </button>
      </div>
    </form>
  );
}

function AddedMessage({ answer, listName, ids, testId }: { answer: MethodResult<'lists.addItems'>; listName: string; ids: number[]; testId: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const stated = answer.queued || editCountsStated(ids, answer.added, answer.alreadyPresent);
  return (
    <p
      className="addlist__result"
      role="status"
      data-testid={`${testId}-result`}
      data-queued={answer.queued}
      data-counts={stated ? 'stated' : 'unstated'}
      {...(stated ? { 'data-added': answer.added, 'data-already': answer.alreadyPresent } : {})}
    >
      {answer.queued
        ? s.queued(listName)
        : stated
          ? s.added(listName, formatInt(answer.added, locale), formatInt(answer.alreadyPresent, locale))
          : s.addedUnstated(listName, formatInt(new Set(ids).size, locale))}
    </p>
  );
}
