/**
 * Lists: the user's lists (with edits still queued offline), creating one; a list's members as the cache holds
 * them (sorted, paged, virtualized), members not loaded yet flagged; removing many at once, adding by pasted ids,
 * "Update from server" (the list's tender feed as a job) and CSV export with a column chooser. Edits go through
 * the core's outbox: offline they are queued and sent once when the network is back.
 * Views render; the hooks fetch: the lists come from useLists, a list's members and edits from useListDetail
 * (shown by ListDetail.tsx).
 */
import { useState } from 'react';
import type { ListInfo } from '../../../src-main/contract/ipc';
import { listNameLength, listNameProblem } from '../../../src-main/domain/listName';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatInt } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { listsStrings } from './listsStrings';
import { ListDetail } from './ListDetail';
import { useLists } from './useLists';

export function ListsView() {
  const s = useStrings(listsStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const selectedId = route.view === 'lists' ? route.listId : undefined;
  const lists = useLists();
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
              lists.reload();
              navigate({ view: 'lists', listId: l.listId });
            }}
          />
        </aside>
        <div className="lists__main">
          {current ? <ListDetail key={current.listId} list={current} onChanged={() => lists.reload()} /> : <p className="muted">{s.choose}</p>}
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
  const locale = useLocale();
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
