/**
 * The card's marks: tags, our status, the assignee and the notes (newest first, each removable),
 * «Изменилась после отметки» when the cache holds a newer version than the one marked (with a link to that
 * diff in the version history), and «Отметить…» for this tender. Read through state/useLoad, again when the
 * marks of this tender change anywhere (`marks.changed`). A note is deleted only once confirmed (it cannot be
 * brought back), like a tag. «История изменений» lists every change of the marks, made here or pulled from the
 * team database (who, when, what; «с другого компьютера» for a teammate's), so two concurrent edits
 * both show. A teammate's note (pulled, found in that history by its text and instant) shows its author, and its
 * deletion warns that it reaches the whole team.
 */
import { useCallback, useEffect, useState } from 'react';
import { call, subscribe } from '../../bridge/client';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PipelineBadge, TagChips } from '../../components/MarkChips';
import { MarksButton } from '../../components/MarksEditor';
import { formatDateTime } from '../../format/format';
import { markHistoryLine } from '../../../src-main/i18n/markHistoryText';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { useLoad } from '../../state/useLoad';
import { Section } from './CardParts';

const strings: Strings<{
  title: string;
  none: string;
  assignee: string;
  changed: string;
  changedHint: string;
  showDiff: string;
  notes: string;
  deleteNote: string;
  deleteNoteTitle: string;
  deleteNoteBody: string;
  deleteNoteYes: string;
  deleteTeamNoteTitle: string;
  deleteTeamNoteBody: (author: string) => string;
  teammate: string;
  cancel: string;
  markedAt: (at: string) => string;
  history: (n: number) => string;
}> = {
  ru: {
    title: 'Отметки',
    none: 'Закупка не отмечена.',
    assignee: 'Ответственный',
    changed: 'Изменилась после отметки',
    changedHint: 'В кэше есть версия новее той, что была при последней отметке.',
    showDiff: 'Что изменилось',
    notes: 'Заметки',
    deleteNote: 'Удалить заметку',
    deleteNoteTitle: 'Удалить заметку?',
    deleteNoteBody: 'Заметка будет удалена безвозвратно:',
    deleteNoteYes: 'Удалить',
    deleteTeamNoteTitle: 'Удалить заметку коллеги?',
    deleteTeamNoteBody: (author) => `Автор заметки — ${author}. Удаление дойдёт до всей команды при следующей синхронизации, вернуть заметку будет нельзя:`,
    teammate: 'Коллега',
    cancel: 'Отмена',
    markedAt: (at) => `Отмечена ${at}`,
    history: (n) => `История изменений (${n})`,
  },
  en: {
    title: 'Marks',
    none: 'The tender is not marked.',
    assignee: 'Assignee',
    changed: 'Changed since marked',
    changedHint: 'The cache holds a newer version than the one held when it was last marked.',
    showDiff: 'What changed',
    notes: 'Notes',
    deleteNote: 'Delete the note',
    deleteNoteTitle: 'Delete the note?',
    deleteNoteBody: 'The note will be deleted for good:',
    deleteNoteYes: 'Delete',
    deleteTeamNoteTitle: 'Delete a teammate’s note?',
    deleteTeamNoteBody: (author) => `${author} wrote this note. The deletion reaches the whole team with the next sync, and the note cannot be brought back:`,
    teammate: 'A teammate',
    cancel: 'Cancel',
    markedAt: (at) => `Marked ${at}`,
    history: (n) => `History of changes (${n})`,
  },
};

/** A note's value in the history: its text and the instant it was written. */
const isNoteValue = (v: unknown): v is { text: string; at: string } =>
  typeof v === 'object' && v !== null && typeof (v as { text?: unknown }).text === 'string' && typeof (v as { at?: unknown }).at === 'string';

export function MarksPanel({ tenderId, onShowDiff }: { tenderId: number; onShowDiff(from: number, to: number): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const marks = useLoad(() => call('marks.get', { tenderId }), `marks-${tenderId}-${epoch}`);
  const [error, setError] = useState<unknown>(null);
  // M opens «Отметить…» for the card's tender, as on a table's row (the key its button's tooltip names).
  const [markRequest, setMarkRequest] = useState(0);
  useProvideAction('row.mark', () => setMarkRequest((n) => n + 1));
  const [deleting, setDeleting] = useState<{ id: number; text: string; teammate: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const history = useLoad(() => call('marks.history', { tenderId }), `marks-history-${tenderId}-${epoch}`);
  const reloadMarks = marks.reload;
  const reloadHistory = history.reload;
  const reload = useCallback(() => {
    reloadMarks();
    reloadHistory();
  }, [reloadMarks, reloadHistory]);
  useEffect(() => subscribe('marks.changed', (e) => e.tenderIds.includes(tenderId) && reload()), [tenderId, reload]);

  const m = marks.data;
  const teammateOf = (n: { text: string; at: string }): string | null => {
    const added = history.data?.find((h) => h.field.startsWith('note:') && isNoteValue(h.value) && h.value.text === n.text && h.value.at === n.at);
    if (!added?.pulled) return null;
    return added.author.trim() !== '' ? added.author : s.teammate;
  };
  const marked = m !== null && (m.tags.length > 0 || m.status !== null || m.assignee !== null || m.notes.length > 0);
  async function deleteNote(noteId: number) {
    setError(null);
    setBusy(true);
    try {
      await call('marks.noteDelete', { noteId });
      reload();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <Section title={s.title} testId="card-marks">
      <div className="card__marks">
        {m && !marked && <span className="card__muted">{s.none}</span>}
        {m && marked && (
          <>
            <TagChips tags={m.tags} />
            <PipelineBadge status={m.status} />
            {m.assignee && (
              <span data-testid="card-marks-assignee">
                {s.assignee}: <strong>{m.assignee}</strong>
              </span>
            )}
            {m.marked_at && <span className="card__muted">{s.markedAt(formatDateTime(m.marked_at, locale))}</span>}
          </>
        )}
        <MarksButton ids={[tenderId]} onApplied={reload} testId="card-marks-edit" openRequest={markRequest} />
      </div>
      {m?.changed_since_marked && (
        <p className="banner banner--progress" role="status" data-testid="card-marks-changed" title={s.changedHint}>
          <strong>{s.changed}</strong>{' '}
          {m.marked_version !== null && m.latest_version !== null && (
            <button type="button" className="btn--link" onClick={() => onShowDiff(m.marked_version!, m.latest_version!)} data-testid="card-marks-diff">
              {s.showDiff}
            </button>
          )}
        </p>
      )}
      {m && m.notes.length > 0 && (
        <>
          <h3>{s.notes}</h3>
          <ul className="card__notes">
            {m.notes.map((n) => {
              const teammate = teammateOf(n);
              return (
                <li key={n.id} data-testid="card-note" data-note-id={n.id}>
                  <span className="card__muted">{formatDateTime(n.at, locale)}</span>{' '}
                  {teammate !== null && (
                    <span className="card__muted" data-testid="card-note-author">
                      {teammate}:{' '}
                    </span>
                  )}
                  <span className="card__noteText">{n.text}</span>{' '}
                  <button type="button" className="btn--link" aria-label={s.deleteNote} title={s.deleteNote} onClick={() => setDeleting({ id: n.id, text: n.text, teammate })} data-testid="card-note-delete">
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {history.data && history.data.length > 0 && (
        <details className="card__history" data-testid="card-marks-history">
          <summary>{s.history(history.data.length)}</summary>
          <ul className="card__notes">
            {[...history.data].reverse().map((h, i) => (
              <li key={`${h.machine_id}-${h.at}-${i}`} data-testid="card-marks-history-entry" data-pulled={h.pulled ? 'true' : 'false'}>
                <span className="card__muted">{formatDateTime(h.at, locale)}</span> {markHistoryLine(h, locale)}
              </li>
            ))}
          </ul>
        </details>
      )}
      {deleting && (
        <ConfirmDialog
          title={deleting.teammate !== null ? s.deleteTeamNoteTitle : s.deleteNoteTitle}
          confirmText={s.deleteNoteYes}
          cancelText={s.cancel}
          danger
          busy={busy}
          onConfirm={() => void deleteNote(deleting.id)}
          onCancel={() => setDeleting(null)}
          testId="card-note-delete-confirm"
        >
          <p>{deleting.teammate !== null ? s.deleteTeamNoteBody(deleting.teammate) : s.deleteNoteBody}</p>
          <p className="card__noteText">«{deleting.text}»</p>
        </ConfirmDialog>
      )}
      <ErrorNotice error={error ?? marks.error} testId="card-marks-error" />
    </Section>
  );
}
