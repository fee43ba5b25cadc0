import { useState } from 'react';
import type { ListInfo } from '../../../src-main/contract/ipc';
import { listNameProblem } from '../../../src-main/domain/listName';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings, useLocale } from '../../i18n/i18n';
import { listsStrings } from './listsStrings';

/** The list's name, renamed here only (the server's name is immutable), with the server's name beside it. */
export function ListName({ list, onChanged }: { list: ListInfo; onChanged(): void }) {
  const s = useStrings(listsStrings);
  const locale = useLocale();
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
