/**
 * "Отметить…": the marks editor over one tender or many at once (results, a list, the card). It reads the
 * tenders' marks, shows what they have in common (a tag on some of them is shown as such, a status they differ
 * in is kept unless another is picked), offers existing tags and known assignees as the user types, and sends
 * one `marks.apply` with only what changed (components/markEdits.ts). The core checks the values (lengths,
 * statuses) and answers in the user's language; nothing typed is lost on an error, nor by closing: with unsaved
 * input, Escape, the backdrop and «Закрыть» ask first (DialogButton's close guard).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PIPELINE_STATUSES, type PipelineStatus } from '../../src-main/domain/marks';
import { pipelineStatusName } from '../../src-main/i18n/codes';
import { call } from '../bridge/client';
import { formatInt } from '../format/format';
import { useLocale, useStrings } from '../i18n/i18n';
import { useLoad } from '../state/useLoad';
import { DialogButton, type CloseGuard } from './DialogButton';
import { ErrorNotice } from './ErrorNotice';
import { commonMarks, markChangeOf, MIXED, toggledTag, withTag, type MarksDraft } from './markEdits';
import { TagChip } from './MarkChips';
import { marksStrings } from './marksStrings';

const KEEP = '__keep__';
const NONE = '__none__';
const NEW_TAG_COLOR = '#98a2b3';

export function MarksButton({
  ids,
  onApplied,
  testId = 'marks',
  openRequest = 0,
  ofContract = false,
}: {
  ids: readonly number[];
  onApplied?(ids: readonly number[]): void;
  testId?: string;
  openRequest?: number;
  /** It marks the tender of the active contract (the contracts table), and says so. */
  ofContract?: boolean;
}) {
  const s = useStrings(marksStrings);
  const locale = useLocale();
  // A new `openRequest` opens it as a click would (the table's «Отметить» shortcut, M).
  return (
    <DialogButton label={ofContract ? s.openTenderOf : s.open} title={ids.length === 1 ? s.titleOne : s.title(formatInt(ids.length, locale))} disabled={ids.length === 0} testId={testId} openRequest={openRequest} action="row.mark">
      {(close, setGuard) => (
        <MarksForm
          ids={ids}
          testId={testId}
          onClose={close}
          setGuard={setGuard}
          onApplied={() => {
            close();
            onApplied?.(ids);
          }}
        />
      )}
    </DialogButton>
  );
}

function MarksForm({ ids, testId, onClose, setGuard, onApplied }: { ids: readonly number[]; testId: string; onClose(): void; setGuard(guard: CloseGuard | null): void; onApplied(): void }) {
  const s = useStrings(marksStrings);
  const locale = useLocale();
  const uid = useId();
  // The dialog mounts fresh each time it opens, so a constant key reads the selection once.
  const current = useLoad(() => call('marks.ofTenders', { ids: [...ids] }), 'marks-of-selection');
  const tags = useLoad(() => call('marks.tags', {}), 'marks-tags');
  const assignees = useLoad(() => call('marks.assignees', {}), 'marks-assignees');
  const initial = useMemo(() => (current.data ? commonMarks(current.data, ids.length) : null), [current.data, ids.length]);
  const [draft, setDraft] = useState<MarksDraft | null>(null);
  useEffect(() => {
    if (initial) setDraft(initial);
  }, [initial]);
  const [typedTag, setTypedTag] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);
  // «Закрыть без сохранения?» is asked while this is true; Escape again goes back to the form.
  const [confirming, setConfirming] = useState(false);
  const dirty = typedTag.trim() !== '' || (draft !== null && initial !== null && markChangeOf(ids, initial, draft) !== null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    setGuard(() => {
      if (!dirtyRef.current) return true;
      setConfirming((c) => !c);
      return false;
    });
    return () => setGuard(null);
  }, [setGuard]);
  const askClose = () => (dirty ? setConfirming(true) : onClose());

  if (!draft || !initial) {
    return (
      <div className="marks-editor">
        {current.error ? <ErrorNotice error={current.error} testId={`${testId}-error`} /> : <span className="muted">{s.loading}</span>}
        <div className="dialog__actions">
          <button type="button" onClick={onClose}>
            {s.close}
          </button>
        </div>
      </div>
    );
  }

  const colorOf = (name: string): string | null => tags.data?.find((t) => t.name.toLocaleLowerCase('ru') === name.toLocaleLowerCase('ru'))?.color ?? null;
  const addTyped = () => {
    setDraft((d) => (d ? withTag(d, typedTag, colorOf(typedTag.trim())) : d));
    setTypedTag('');
  };

  async function save() {
    if (!draft || !initial) return;
    setError(null);
    setMessage(null);
    // A tag typed but not yet added is meant to be added.
    const final = typedTag.trim() ? withTag(draft, typedTag) : draft;
    const change = markChangeOf(ids, initial, final);
    if (!change) {
      setMessage(s.nothingChanged);
      return;
    }
    setBusy(true);
    try {
      await call('marks.apply', change);
      onApplied();
    } catch (e) {
      setDraft(final);
      setTypedTag('');
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const statusValue = draft.status === MIXED ? KEEP : draft.status === null ? NONE : draft.status;
  return (
    <form
      className="marks-editor"
      data-testid={`${testId}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div>
        <div className="field__label">{s.tags}</div>
        <div className="marks-editor__tags" role="group" aria-label={s.tags}>
          {draft.tags.map((t) => (
            <button
              key={t.name}
              type="button"
              className="marks-editor__tag"
              aria-pressed={t.presence === 'all' ? 'true' : t.presence === 'none' ? 'false' : 'mixed'}
              onClick={() => setDraft(toggledTag(draft, t.name))}
              data-testid={`${testId}-tag`}
              data-tag={t.name}
              data-presence={t.presence}
            >
              <TagChip name={t.name} color={t.color ?? colorOf(t.name) ?? NEW_TAG_COLOR} suffix={t.presence === 'some' ? s.tagOnSome : t.presence === 'none' ? s.tagOff : ids.length > 1 ? s.tagOnAll : undefined} />
            </button>
          ))}
        </div>
        <div className="marks-editor__row">
          <input
            list={`${uid}-tags`}
            value={typedTag}
            maxLength={200}
            onChange={(e) => setTypedTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
            aria-label={s.newTag}
            placeholder={s.newTag}
            data-testid={`${testId}-new-tag`}
          />
          <datalist id={`${uid}-tags`}>
            {(tags.data ?? []).map((t) => (
              <option key={t.id} value={t.name} />
            ))}
          </datalist>
          <button type="button" onClick={addTyped} disabled={typedTag.trim() === ''} data-testid={`${testId}-add-tag`}>
            {s.addTag}
          </button>
        </div>
        {ids.length > 1 && <div className="muted">{s.tagsHint}</div>}
      </div>
      <label>
        {s.status}
        <select
          value={statusValue}
          onChange={(e) => setDraft({ ...draft, status: e.target.value === KEEP ? MIXED : e.target.value === NONE ? null : (e.target.value as PipelineStatus) })}
          data-testid={`${testId}-status`}
        >
          {initial.status === MIXED && <option value={KEEP}>{s.keepMixed}</option>}
          <option value={NONE}>{s.noStatus}</option>
          {PIPELINE_STATUSES.map((st) => (
            <option key={st} value={st}>
              {pipelineStatusName(st, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {s.assignee}
        <input
          list={`${uid}-assignees`}
          value={draft.assignee === MIXED ? '' : draft.assignee}
          placeholder={draft.assignee === MIXED ? s.keepAssignees : ''}
          maxLength={200}
          onChange={(e) => setDraft({ ...draft, assignee: e.target.value })}
          data-testid={`${testId}-assignee`}
        />
        <datalist id={`${uid}-assignees`}>
          {(assignees.data ?? []).map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <span className="muted">{s.assigneeHint}</span>
      </label>
      <label>
        {s.note}
        <textarea value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} data-testid={`${testId}-note`} />
        <span className="muted">{ids.length === 1 ? s.noteHintOne : s.noteHint}</span>
      </label>
      {message && (
        <p role="status" data-testid={`${testId}-message`}>
          {message}
        </p>
      )}
      <ErrorNotice error={error ?? tags.error ?? assignees.error} testId={`${testId}-error`} />
      {confirming ? (
        <div className="marks-editor__discard" role="alert" data-testid={`${testId}-discard`}>
          <p>{s.discardQuestion}</p>
          <div className="dialog__actions">
            <button type="button" onClick={() => setConfirming(false)} autoFocus data-testid={`${testId}-keep-editing`}>
              {s.keepEditing}
            </button>
            <button type="button" className="btn--danger" onClick={onClose} data-testid={`${testId}-discard-confirm`}>
              {s.discard}
            </button>
          </div>
        </div>
      ) : (
        <div className="dialog__actions">
          <button type="button" onClick={askClose} data-testid={`${testId}-close`}>
            {s.close}
          </button>
          <button type="submit" className="btn--primary" disabled={busy} data-testid={`${testId}-save`}>
            {busy ? s.saving : s.save}
          </button>
        </div>
      )}
    </form>
  );
}
