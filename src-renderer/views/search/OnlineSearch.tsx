/**
 * Searching on the server: the criteria form, the cost preview (a QUERY with limit 1: the set's total for at
 * most one unit), running the search (saved, with an optional label and spend cap) with its progress, and the
 * results read from the cache as they arrive.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, CallError, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobProgress } from '../../components/JobProgress';
import { useSpendConfirm } from '../../components/SpendConfirm';
import { jobRunning, JobOutcome } from '../../components/JobOutcome';
import { exportSort, TenderTable, type TenderSort } from '../../components/TenderTable';
import type { MarkFilter } from '../../../src-main/domain/marks';
import { CsvExportButton } from '../../components/CsvExportDialog';
import { formatInt } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { CriteriaForm } from './CriteriaForm';
import { CriteriaPanel } from './CriteriaPanel';
import { buildCriteria, fieldOfPath, onlyStatus, savedSearchName, summarizeCriteria, type FieldErrors } from './queryBuilder';
import { useSearchStore } from './searchStore';

const strings: Strings<{
  preview: string;
  previewing: string;
  previewNote: string;
  run: string;
  running: string;
  label: string;
  labelPlaceholder: string;
  maxSpend: string;
  maxSpendHint: string;
  withUpdates: string;
  reset: string;
  found: (n: string) => string;
  foundUnknown: string;
  costUpTo: (n: string) => string;
  costUnknown: string;
  previewCharged: (n: string) => string;
  stale: string;
  fixErrors: string;
  emptyWarning: (status: string) => string;
  maxSpendInvalid: string;
  results: string;
  resultsOf: (summary: string) => string;
  noResultsYet: string;
  emptyResults: string;
  offlineHint: string;
  openSaved: string;
}> = {
  ru: {
    preview: 'Оценить стоимость',
    previewing: 'Оцениваем…',
    previewNote: 'Оценка стоит не больше 1 единицы.',
    run: 'Запустить поиск',
    running: 'Запускаем…',
    label: 'Название поиска',
    labelPlaceholder: 'например, «ИТ Москва»',
    maxSpend: 'Лимит расходов, ед.',
    maxSpendHint: 'Пусто — без лимита',
    withUpdates: 'Получать и изменения уже полученных закупок',
    reset: 'Очистить',
    found: (n) => `Найдено закупок: ${n}.`,
    foundUnknown: 'Сервер ещё собирает выборку — общее число пока неизвестно.',
    costUpTo: (n) => `Прочитать их все будет стоить до ${n} ед.`,
    costUnknown: 'Стоимость прочтения всех пока неизвестна.',
    previewCharged: (n) => `Эта оценка списала: ${n} ед.`,
    stale: 'Условия изменились после оценки — оцените заново.',
    fixErrors: 'Исправьте отмеченные поля.',
    emptyWarning: (status) => `Задан только статус «${status}»: будут найдены все такие закупки. Сначала оцените стоимость.`,
    maxSpendInvalid: 'Лимит — целое число единиц, 0 или больше',
    results: 'Результаты',
    resultsOf: (summary) => `Результаты: ${summary}`,
    noResultsYet: 'Задайте условия, оцените стоимость и запустите поиск. Результаты сохраняются в кэше и доступны без сети.',
    emptyResults: 'Пока ничего не получено',
    offlineHint: 'Нет связи с сервером — поиск на сервере недоступен. Переключитесь на «В кэше (офлайн)».',
    openSaved: 'Открыть в сохранённых поисках',
  },
  en: {
    preview: 'Cost preview',
    previewing: 'Estimating…',
    previewNote: 'A preview costs at most 1 unit.',
    run: 'Run search',
    running: 'Starting…',
    label: 'Search label',
    labelPlaceholder: 'e.g. "IT Moscow"',
    maxSpend: 'Max spend, units',
    maxSpendHint: 'Empty — no limit',
    withUpdates: 'Also receive changes of tenders already received',
    reset: 'Clear',
    found: (n) => `Tenders found: ${n}.`,
    foundUnknown: 'The server is still collecting the set — the total is not known yet.',
    costUpTo: (n) => `Reading them all costs up to ${n} units.`,
    costUnknown: 'The cost of reading them all is not known yet.',
    previewCharged: (n) => `This preview charged: ${n} units.`,
    stale: 'The criteria changed after the preview — preview again.',
    fixErrors: 'Fix the marked fields.',
    emptyWarning: (status) => `Only the status «${status}» is set: every such tender matches. Preview the cost first.`,
    maxSpendInvalid: 'The limit is a whole number of units, 0 or more',
    results: 'Results',
    resultsOf: (summary) => `Results: ${summary}`,
    noResultsYet: 'Set criteria, preview the cost and run the search. Results are kept in the cache and available offline.',
    emptyResults: 'Nothing received yet',
    offlineHint: 'The server cannot be reached — server search is unavailable. Switch to "In the cache (offline)".',
    openSaved: 'Open in saved searches',
  },
};

function parseMaxSpend(text: string): number | undefined | 'invalid' {
  const t = text.replace(/[\s\u00a0]/g, '');
  if (t === '') return undefined;
  return /^\d{1,12}$/.test(t) ? Number(t) : 'invalid';
}

/** The main process names failed argument fields as dotted paths; map them onto the form's fields. */
function errorsFromCall(e: unknown, fallback: string): FieldErrors | null {
  if (!(e instanceof CallError) || e.code !== 'invalid_input' || e.fields.length === 0) return null;
  const errors: FieldErrors = {};
  for (const f of e.fields) errors[fieldOfPath(f.split('.'))] = fallback;
  return errors;
}

export function OnlineSearch() {
  const s = useStrings(strings);
  const locale = useLocale();
  const online = useAppStore((st) => st.online);
  const navigate = useAppStore((st) => st.navigate);
  const epoch = useAppStore((st) => st.epoch);
  const st = useSearchStore();
  const job = useAppStore((a) => (st.run ? a.jobs[st.run.jobId] : undefined));
  const [busy, setBusy] = useState<'preview' | 'run' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const spend = useSpendConfirm();

  const built = useMemo(() => buildCriteria(st.form, locale), [st.form, locale]);
  const criteriaKey = built.ok ? JSON.stringify(built.criteria) : null;
  const previewStale = st.preview !== null && st.preview.criteriaKey !== criteriaKey;
  const maxSpend = parseMaxSpend(st.maxSpend);

  // A new profile: what was shown belongs to the old one.
  const firstEpoch = useRef(epoch);
  useEffect(() => {
    if (epoch !== firstEpoch.current) st.set({ run: null, preview: null });
  }, [epoch]);

  // Reload the rows in view while pages arrive (at most every 700 ms) and once when the job ends.
  const runJobId = st.run?.jobId;
  useEffect(() => {
    if (!runJobId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = subscribe('sync.progress', (j) => {
      if (j.jobId !== runJobId) return;
      if (!jobRunning(j)) {
        if (timer) clearTimeout(timer);
        timer = null;
        setRefreshKey((k) => k + 1);
        return;
      }
      timer ??= setTimeout(() => {
        timer = null;
        setRefreshKey((k) => k + 1);
      }, 700);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [runJobId]);

  const validate = (): boolean => {
    if (!built.ok) {
      st.setErrors(built.errors);
      return false;
    }
    st.setErrors({});
    return true;
  };

  const preview = async () => {
    setError(null);
    if (!validate() || !built.ok) return;
    setBusy('preview');
    try {
      const result = await call('search.preview', { criteria: built.criteria });
      st.set({ preview: { criteriaKey: JSON.stringify(built.criteria), result } });
    } catch (e) {
      const fe = errorsFromCall(e, e instanceof Error ? e.message : String(e));
      if (fe) st.setErrors(fe);
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    setError(null);
    if (!validate() || !built.ok) return;
    if (maxSpend === 'invalid') return;
    setBusy('run');
    try {
      const label = st.label.trim();
      // The cost first (a preview repeats free): above the threshold, nothing starts without consent.
      const preview = await call('search.preview', { criteria: built.criteria, ...(maxSpend !== undefined ? { maxSpend } : {}) });
      st.set({ preview: { criteriaKey: JSON.stringify(built.criteria), result: preview } });
      let confirmCost: number | undefined;
      if (preview.spend?.needsConfirm) {
        const consent = await spend.ask(preview.spend, { kind: 'search', onlyStatus: onlyStatus(built.criteria, locale) });
        if (consent === null) return;
        confirmCost = consent;
      }
      const r = await call('search.run', {
        criteria: built.criteria,
        ...(label ? { label } : {}),
        events: st.withUpdates ? ['created', 'updated'] : ['created'],
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
      });
      setTotal(st.preview?.criteriaKey === JSON.stringify(built.criteria) ? st.preview.result.total : null);
      st.set({ run: { filterId: r.filterId, jobId: r.jobId, criteria: built.criteria, label: label || null, startedAt: new Date().toISOString() } });
    } catch (e) {
      const fe = errorsFromCall(e, e instanceof Error ? e.message : String(e));
      if (fe) st.setErrors(fe);
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const runFilterId = st.run?.filterId;
  const sort = st.sort;
  const fetchPage = useCallback(
    async (offset: number, limit: number, sortArg: TenderSort | undefined, marks: MarkFilter | undefined) => {
      if (!runFilterId) return { rows: [], count: 0 };
      const r = await call('search.results', { filterId: runFilterId, offset, limit, ...(sortArg ? { sort: sortArg } : {}), ...(marks ? { marks } : {}) });
      setTotal(r.total);
      return { rows: r.rows, count: r.cachedCount };
    },
    [runFilterId],
  );

  const jobTotal = job?.total ?? null;
  const hasErrors = Object.keys(st.errors).length > 0;
  // The status alone narrows the set (the form's default «Подача заявок»): said by the one summary's words.
  const broad = built.ok ? onlyStatus(built.criteria, locale) : null;
  const p = st.preview?.result;

  return (
    <div className="search__online">
      {spend.dialog}
      {!online && (
        <div className="notice notice--offline" role="status" data-testid="search-offline-hint">
          {s.offlineHint}
        </div>
      )}
      {/* Folded to a line of criteria after a run, so the results get the screen. */}
      <CriteriaPanel runKey={st.run?.jobId ?? null} summary={st.run ? (built.ok ? summarizeCriteria(built.criteria, locale) : summarizeCriteria(st.run.criteria, locale)) : ''}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void preview();
        }}
        noValidate
      >
        <CriteriaForm form={st.form} errors={st.errors} onChange={st.setForm} />
        <div className="search__actions">
          <button type="submit" data-testid="preview" disabled={busy !== null}>
            {busy === 'preview' ? s.previewing : s.preview}
          </button>
          <span className="muted search__note">{s.previewNote}</span>
          <span className="tt__spacer" />
          <button type="button" className="btn--link" onClick={() => st.reset()}>
            {s.reset}
          </button>
        </div>
        <div className="search__run">
          <label className="field">
            <span className="field__label">{s.label}</span>
            <input data-testid="run-label" value={st.label} maxLength={200} placeholder={s.labelPlaceholder} onChange={(e) => st.set({ label: e.target.value })} />
          </label>
          <label className={`field field--narrow${maxSpend === 'invalid' ? ' field--invalid' : ''}`}>
            <span className="field__label">{s.maxSpend}</span>
            <input
              data-testid="run-max-spend"
              inputMode="numeric"
              value={st.maxSpend}
              placeholder={s.maxSpendHint}
              aria-invalid={maxSpend === 'invalid' || undefined}
              onChange={(e) => st.set({ maxSpend: e.target.value })}
            />
            {maxSpend === 'invalid' ? <span className="field__error">{s.maxSpendInvalid}</span> : null}
          </label>
          <label className="checks__item">
            <input type="checkbox" checked={st.withUpdates} onChange={(e) => st.set({ withUpdates: e.target.checked })} />
            {s.withUpdates}
          </label>
          <button type="button" className="btn--primary" data-testid="run" disabled={busy !== null || jobRunning(job)} onClick={() => void run()}>
            {busy === 'run' ? s.running : s.run}
          </button>
        </div>
      </form>
      </CriteriaPanel>

      {hasErrors && (
        <div className="notice notice--error" role="alert" data-testid="form-errors">
          {st.errors.form ?? s.fixErrors}
        </div>
      )}
      {broad !== null && !hasErrors && (
        <div className="muted" data-testid="search-only-status">
          {s.emptyWarning(broad)}
        </div>
      )}
      <ErrorNotice error={error} testId="search-error" />

      {p && (
        <div className={`search__preview${previewStale ? ' search__preview--stale' : ''}`} data-testid="preview-result" data-total={p.total ?? ''} data-cost={p.costUpTo ?? ''} role="status">
          <strong>{p.total === null ? s.foundUnknown : s.found(formatInt(p.total, locale))}</strong> {p.costUpTo === null ? s.costUnknown : s.costUpTo(formatInt(p.costUpTo, locale))}{' '}
          <span className="muted">
            {s.previewCharged(formatInt(p.charged, locale))} {s.previewNote}
          </span>
          {previewStale && <div className="search__stale">{s.stale}</div>}
        </div>
      )}

      {st.run ? (
        <div className="search__results">
          <div className="search__resultsHead">
            <h2 data-testid="results-title">{s.resultsOf(savedSearchName(st.run, locale))}</h2>
            <button type="button" className="btn--link" onClick={() => st.run && navigate({ view: 'saved', filterId: st.run.filterId })}>
              {s.openSaved}
            </button>
            <CsvExportButton
              what="results"
              testId="results-export"
              sourceKey={st.run.filterId}
              loadColumns={() => call('lists.exportColumns', {})}
              runExport={(columns, delimiter, excel, format) => call('search.export', { filterId: st.run!.filterId, columns, delimiter, excel, format, ...exportSort(sort) })}
            />
          </div>
          <JobProgress jobId={st.run.jobId} testId="run-progress" />
          <JobOutcome job={job} />
          <TenderTable
            testId="results"
            fetchPage={fetchPage}
            markFilterable
            resetKey={st.run.filterId}
            refreshKey={refreshKey}
            sort={sort}
            onSort={(sortNew) => st.set({ sort: sortNew })}
            total={total ?? jobTotal}
            back={{ view: 'search' }}
            emptyText={s.emptyResults}
            fillWindow
          />
        </div>
      ) : (
        <p className="muted">{s.noResultsYet}</p>
      )}
    </div>
  );
}
