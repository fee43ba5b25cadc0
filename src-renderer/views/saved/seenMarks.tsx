/**
 * Saved-search results marked new or changed since the user saw them: the marks of the rows a page
 * brought (`savedSearches.rowMarks`), a badge before a marked row's name, what changed in a changed row (the
 * version seen against the version held, diffed as the card's version history does) for the preview pane,
 * and acknowledging rows: the card opened, or all of them with one button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RowMark, TenderRow } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useLoad } from '../../state/useLoad';
import { formatInt } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { diffVersions, type VersionDiff } from '../../components/versionDiff';

const strings: Strings<{
  isNew: string;
  isChanged: string;
  newHint: string;
  changedHint: (from: number, to: number) => string;
  counts: (fresh: string, changed: string) => string;
  markAll: string;
  whatChanged: (from: number, to: number) => string;
  loading: string;
  nothing: string;
  more: (n: number) => string;
  added: string;
  removed: string;
}> = {
  ru: {
    isNew: 'новая',
    isChanged: 'изменена',
    newHint: 'Появилась после вашего последнего просмотра',
    changedHint: (from, to) => `Изменилась после вашего последнего просмотра (версия ${from} → ${to})`,
    counts: (fresh, changed) => `Новых: ${fresh} · изменённых: ${changed}`,
    markAll: 'Отметить все просмотренными',
    whatChanged: (from, to) => `Что изменилось с просмотренной версии ${from} до ${to}`,
    loading: 'Сравниваем версии…',
    nothing: 'Изменились только служебные поля.',
    more: (n) => `и ещё изменений: ${n} — в карточке, «История версий»`,
    added: 'добавлено',
    removed: 'удалено',
  },
  en: {
    isNew: 'new',
    isChanged: 'changed',
    newHint: 'Arrived after you last looked',
    changedHint: (from, to) => `Changed after you last looked (version ${from} → ${to})`,
    counts: (fresh, changed) => `New: ${fresh} · changed: ${changed}`,
    markAll: 'Mark all as seen',
    whatChanged: (from, to) => `What changed from the version you saw (${from}) to ${to}`,
    loading: 'Comparing versions…',
    nothing: 'Only bookkeeping fields changed.',
    more: (n) => `and ${n} more changes — in the card, "Version history"`,
    added: 'added',
    removed: 'removed',
  },
};

/** The marks of one saved search's rows, filled page by page as the table loads them. */
export function useSeenMarks(filterId: string) {
  const [marks, setMarks] = useState<ReadonlyMap<number, RowMark>>(new Map());
  const [counts, setCounts] = useState<{ new: number; changed: number } | null>(null);
  const filterRef = useRef(filterId);
  filterRef.current = filterId;
  useEffect(() => {
    setMarks(new Map());
    setCounts(null);
  }, [filterId]);

  /**
   * Reads the marks of the rows a page brought (before the page is shown, so no row blinks); the first page
   * also brings the search's counts (reading them costs a pass over every member, so not for every page).
   */
  const loadFor = useCallback(async (rows: readonly TenderRow[], withCounts: boolean) => {
    if (rows.length === 0 && !withCounts) return;
    const forFilter = filterRef.current;
    const answer = await call('savedSearches.rowMarks', { filterId: forFilter, ids: rows.map((r) => r.id), counts: withCounts });
    if (forFilter !== filterRef.current) return;
    if (answer.counts) setCounts(answer.counts);
    setMarks((cur) => {
      const next = new Map(cur);
      for (const r of rows) next.delete(r.id);
      for (const m of answer.marks) next.set(m.id, m);
      return next;
    });
  }, []);

  const acknowledge = useCallback(async (ids?: number[]) => {
    const forFilter = filterRef.current;
    const answer = await call('savedSearches.markRowsSeen', { filterId: forFilter, ...(ids ? { ids } : {}) });
    if (forFilter !== filterRef.current) return;
    setCounts(answer.counts);
    setMarks((cur) => {
      if (!ids) return new Map();
      const next = new Map(cur);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  return { marks, counts, loadFor, acknowledge };
}

export function SeenBadge({ mark }: { mark: RowMark | undefined }) {
  const s = useStrings(strings);
  if (!mark) return null;
  const changed = mark.mark === 'changed';
  return (
    <span
      className={`seen seen--${mark.mark}`}
      data-testid="row-mark"
      data-mark={mark.mark}
      title={changed && mark.seenVersion !== null ? s.changedHint(mark.seenVersion, mark.version) : s.newHint}
    >
      {changed ? s.isChanged : s.isNew}
    </span>
  );
}

export function SeenToolbar({ counts, onMarkAll, testId }: { counts: { new: number; changed: number } | null; onMarkAll(): void; testId: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  if (!counts || counts.new + counts.changed === 0) return null;
  return (
    <span className="seen__toolbar" data-testid={testId} data-new={counts.new} data-changed={counts.changed}>
      {s.counts(formatInt(counts.new, locale), formatInt(counts.changed, locale))}
      <button type="button" className="btn--link" onClick={onMarkAll} data-testid={`${testId}-mark-all`}>
        {s.markAll}
      </button>
    </span>
  );
}

const SHOWN_CHANGES = 6;

/** What changed in a changed row: the version seen against the version held (both are in the cache). */
export function SeenDiff({ mark, testId }: { mark: RowMark | undefined; testId: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const from = mark?.seenVersion ?? null;
  const key = mark && from !== null ? `${mark.id}:${from}:${mark.version}:${locale}` : '';
  const diff = useLoad<{ key: string; result: VersionDiff }>(
    async () => {
      const [a, b] = await Promise.all([
        call('card.version', { kind: 'tender', id: mark!.id, version: from! }),
        call('card.version', { kind: 'tender', id: mark!.id, version: mark!.version }),
      ]);
      return { key, result: diffVersions(a.object, b.object, locale) };
    },
    key,
    key !== '',
  );
  // A failed comparison shows nothing (the badge still says the row changed); another row's load starts afresh.
  if (!mark || from === null || (diff.error && !diff.loading)) return null;
  // The answer of an earlier row is not shown for this one while its own loads.
  const result = diff.data?.key === key ? diff.data.result : null;
  return (
    <div className="seen__diff" data-testid={testId}>
      <h4>{s.whatChanged(from, mark.version)}</h4>
      {result === null ? (
        <span className="muted">{s.loading}</span>
      ) : result.entries.length === 0 ? (
        <span className="muted">{s.nothing}</span>
      ) : (
        <ul>
          {result.entries.slice(0, SHOWN_CHANGES).map((e) => (
            <li key={`${e.kind}:${e.path}`} data-testid={`${testId}-entry`}>
              <span className="diff__label">{e.label}:</span>{' '}
              {e.kind === 'changed' ? (
                <>
                  <del className="diff__del">{e.before}</del> → <ins className="diff__ins">{e.after}</ins>
                </>
              ) : (
                <>
                  {e.kind === 'added' ? s.added : s.removed} <span className={e.kind === 'added' ? 'diff__ins' : 'diff__del'}>{e.item}</span>
                </>
              )}
            </li>
          ))}
          {result.entries.length > SHOWN_CHANGES && <li className="muted">{s.more(result.entries.length - SHOWN_CHANGES)}</li>}
        </ul>
      )}
    </div>
  );
}
