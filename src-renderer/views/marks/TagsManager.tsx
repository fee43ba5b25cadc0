/**
 * The tags in one place: each with its colour, name and how many tenders carry it; rename (onto
 * another tag's name the core refuses: merging is the way), recolour, delete (asked first), and merge the
 * selected tags into one.
 */
import { useState } from 'react';
import type { Tag } from '../../../src-main/domain/marks';
import { call } from '../../bridge/client';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatInt } from '../../format/format';
import { useLocale, useStrings } from '../../i18n/i18n';
import { marksViewStrings } from './marksViewStrings';
import { useTags } from './useBoard';

export function TagsManager() {
  const s = useStrings(marksViewStrings);
  const locale = useLocale();
  const tags = useTags();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [into, setInto] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function act(action: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      await action();
      tags.reload();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const list = tags.data ?? [];
  const target = into ?? list.find((t) => !selected.has(t.id))?.id ?? null;
  const from = [...selected].filter((id) => id !== target);
  return (
    <div className="tags-admin" data-testid="tags-admin">
      <ErrorNotice error={error ?? tags.error} testId="tags-admin-error" />
      {tags.data && list.length === 0 && <p className="muted">{s.noTags}</p>}
      {list.length > 0 && (
        <table className="tags-admin__table">
          <thead>
            <tr>
              <th />
              <th>{s.tagName}</th>
              <th className="num">{s.tagCount}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <TagRow
                key={`${t.id}-${t.name}-${t.color}`}
                tag={t}
                selected={selected.has(t.id)}
                busy={busy}
                onSelect={(on) => setSelected((cur) => new Set(on ? [...cur, t.id] : [...cur].filter((id) => id !== t.id)))}
                onRename={(name) => act(() => call('marks.tagRename', { tagId: t.id, name }))}
                onColor={(color) => act(() => call('marks.tagColor', { tagId: t.id, color }))}
                onDelete={() => setDeleting(t)}
              />
            ))}
          </tbody>
        </table>
      )}
      {selected.size > 0 && (
        <div className="tags-admin__merge">
          <label>
            {s.mergeInto}{' '}
            <select value={target ?? ''} onChange={(e) => setInto(Number(e.target.value))} data-testid="tags-merge-into">
              {list.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>{' '}
          <button
            type="button"
            disabled={busy || target === null || from.length === 0}
            onClick={() =>
              void act(async () => {
                await call('marks.tagMerge', { from, into: target! });
                setSelected(new Set());
                setInto(null);
              })
            }
            data-testid="tags-merge"
          >
            {s.merge(formatInt(from.length, locale))}
          </button>
          <div className="muted">{s.mergeHint}</div>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={s.deleteTitle}
          confirmText={s.remove}
          cancelText={s.cancel}
          danger
          busy={busy}
          testId="tags-delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            void act(async () => {
              await call('marks.tagDelete', { tagId: deleting.id });
              setDeleting(null);
            })
          }
        >
          <p>{s.deleteBody(deleting.name, formatInt(deleting.count, locale))}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function TagRow(props: { tag: Tag; selected: boolean; busy: boolean; onSelect(on: boolean): void; onRename(name: string): Promise<void>; onColor(color: string): Promise<void>; onDelete(): void }) {
  const { tag, selected, busy, onSelect, onRename, onColor, onDelete } = props;
  const s = useStrings(marksViewStrings);
  const locale = useLocale();
  const [name, setName] = useState(tag.name);
  return (
    <tr data-testid="tags-admin-row" data-tag={tag.name}>
      <td>
        <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={s.select(tag.name)} />
      </td>
      <td>
        <form
          className="tags-admin__name"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && name.trim() !== tag.name) void onRename(name.trim());
          }}
        >
          <input type="color" value={tag.color} onChange={(e) => void onColor(e.target.value)} aria-label={s.tagColor(tag.name)} data-testid="tags-admin-color" />
          <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} aria-label={s.tagName} data-testid="tags-admin-name" />
          <button type="submit" disabled={busy || name.trim() === '' || name.trim() === tag.name} data-testid="tags-admin-rename">
            {s.rename}
          </button>
        </form>
      </td>
      <td className="num">{formatInt(tag.count, locale)}</td>
      <td>
        <button type="button" className="btn--link" onClick={onDelete} data-testid="tags-admin-delete">
          {s.remove}
        </button>
      </td>
    </tr>
  );
}
