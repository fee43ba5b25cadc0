/**
 * Filters of an earlier-generation profile: made in the service's web interface and read-only here, with a
 * clear hint when auto search is off (the service collects nothing for such a filter). A filter's tenders
 * come from the cache page by page, the new ones marked until the user marks them seen; "Sync" pulls the filter's pages until nothing new,
 * paying one unit per tender never received before, with a spend cap and a progress bar that can be stopped.
 */
import { useEffect, useState } from 'react';
import type { EarlierFilterInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { CsvExportDialog } from '../../components/CsvExportDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isJobActive, JobProgress } from '../../components/JobProgress';
import { SpendEstimateLine, useSpendConfirm } from '../../components/SpendConfirm';
import { useEarlierFilters, useFilterEstimate, useFilterTenders } from './useEarlierData';
import { formatDateTime, formatInt } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { EarlierTenderTable, Pager, usePaging } from './EarlierTenderTable';
import { parseUnitsInput, typedAmount } from '../../components/amountInput';

const strings: Strings<{
  title: string;
  refresh: string;
  readOnly: string;
  empty: string;
  fromCache: string;
  autosearchOff: string;
  gone: string;
  cached: (n: string) => string;
  newCount: (n: string) => string;
  lastSync: (at: string) => string;
  neverSynced: string;
  incomplete: string;
  open: string;
  hide: string;
  sync: string;
  maxSpend: string;
  maxSpendHint: string;
  start: string;
  badSpend: string;
  tenders: (name: string) => string;
  exportCsv: string;
  exportTitle: (name: string) => string;
  markSeen: string;
}> = {
  ru: {
    title: 'Фильтры',
    refresh: 'Обновить',
    readOnly: 'Фильтры создаются и меняются в веб-интерфейсе сервиса; здесь они только читаются.',
    empty: 'У аккаунта нет фильтров: создайте фильтр в веб-интерфейсе сервиса.',
    fromCache: 'Нет связи: показан сохранённый список фильтров.',
    autosearchOff: 'Автопоиск выключен: сервис не собирает закупки по этому фильтру и отдаёт пустой список. Включите автопоиск в веб-интерфейсе сервиса.',
    gone: 'Этого фильтра больше нет на сервисе (его удалили в веб-интерфейсе): загружать по нему нечего. Полученные закупки остаются в кэше; для новых выберите или создайте другой фильтр.',
    cached: (n) => `в кэше: ${n}`,
    newCount: (n) => `новых: ${n}`,
    lastSync: (at) => `загружен ${at}`,
    neverSynced: 'ещё не загружался',
    incomplete: 'прошлая загрузка прервана — следующая дочитает до конца',
    open: 'Закупки',
    hide: 'Скрыть закупки',
    sync: 'Загрузить новые…',
    maxSpend: 'Лимит расходов, ед.',
    maxSpendHint: 'Каждая закупка, полученная впервые, стоит 1 единицу; повторные бесплатны. Пусто — без лимита.',
    start: 'Загрузить',
    badSpend: 'Лимит — целое число единиц, 0 или больше.',
    tenders: (name) => `Закупки фильтра «${name}»`,
    exportCsv: 'Экспорт в CSV…',
    exportTitle: (name) => `Экспорт закупок фильтра «${name}» в CSV`,
    markSeen: 'Отметить новые просмотренными',
  },
  en: {
    title: 'Filters',
    refresh: 'Refresh',
    readOnly: 'Filters are made and changed in the service’s web interface; here they are read only.',
    empty: 'The account has no filters: create one in the service’s web interface.',
    fromCache: 'Offline: showing the saved list of filters.',
    autosearchOff: 'Auto search is off: the service collects nothing for this filter and answers an empty list. Switch auto search on in the service’s web interface.',
    gone: 'This filter is no longer on the service (deleted in its web interface): there is nothing to load for it. The tenders received stay in the cache; for new ones choose or create another filter.',
    cached: (n) => `cached: ${n}`,
    newCount: (n) => `new: ${n}`,
    lastSync: (at) => `synced ${at}`,
    neverSynced: 'never synced',
    incomplete: 'the last sync was interrupted — the next one reads to the end',
    open: 'Tenders',
    hide: 'Hide tenders',
    sync: 'Fetch new…',
    maxSpend: 'Spend cap, units',
    maxSpendHint: 'Each tender received for the first time costs 1 unit; repeats are free. Empty: no cap.',
    start: 'Fetch',
    badSpend: 'The cap is a whole number of units, 0 or more.',
    tenders: (name) => `Tenders of “${name}”`,
    exportCsv: 'Export CSV…',
    exportTitle: (name) => `Export the tenders of “${name}” to CSV`,
    markSeen: 'Mark new ones as seen',
  },
};

export function FiltersView({ filterId }: { filterId?: number | undefined }) {
  const s = useStrings(strings);
  const navigate = useAppStore((st) => st.navigate);
  const filters = useEarlierFilters();
  const list = filters.data?.filters ?? [];
  const selected = list.find((f) => f.id === filterId) ?? null;

  return (
    <section className="view" data-testid="view-filters">
      <div className="view__head">
        <h1>{s.title}</h1>
        <button type="button" className="btn--link" onClick={filters.reload} data-testid="filters-refresh">
          {s.refresh}
        </button>
      </div>
      <p className="muted">{s.readOnly}</p>
      {filters.data?.fromCache && (
        <p className="muted" role="status" data-testid="filters-from-cache">
          {s.fromCache}
        </p>
      )}
      <ErrorNotice error={filters.error} testId="filters-error" />
      {filters.data && list.length === 0 && <p data-testid="filters-empty">{s.empty}</p>}
      {list.map((f) => (
        <FilterItem
          key={f.id}
          filter={f}
          open={f.id === filterId}
          onToggle={() => navigate(f.id === filterId ? { view: 'filters' } : { view: 'filters', filterId: f.id })}
          onChanged={filters.reload}
        />
      ))}
      {selected && <FilterTenders filter={selected} onSeen={filters.reload} />}
    </section>
  );
}

function FilterItem({ filter: f, open, onToggle, onChanged }: { filter: EarlierFilterInfo; open: boolean; onToggle(): void; onChanged(): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const [syncing, setSyncing] = useState(false);
  const [maxSpend, setMaxSpend] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));
  const active = jobId !== null && isJobActive(job);
  const spend = useSpendConfirm();
  // «Загрузить новые…» shows what it will cost before it pays (total minus the tenders already received).
  const estimate = useFilterEstimate(f, syncing && f.autosearch);

  // When the job ends, the counts (cached, new, last sync) are read again (only its state matters here).
  useEffect(() => {
    if (jobId !== null && job !== undefined && !isJobActive(job)) onChanged();
  }, [job?.state]);

  async function start() {
    setProblem(null);
    setError(null);
    const units = parseUnitsInput(maxSpend);
    if (units === 'invalid' || (units !== null && units >= 1e9)) {
      setProblem(s.badSpend);
      return;
    }
    try {
      const cap = units === null ? {} : { maxSpend: units };
      // The estimate before it pays; above the threshold only with consent (the core checks again).
      const estimate = await call('earlier.estimate', { filterId: f.id, ...cap });
      let consent: { confirmCost: number } | Record<string, never> = {};
      if (estimate.needsConfirm) {
        const amount = await spend.ask(estimate, { kind: 'earlier' });
        if (amount === null) return;
        consent = { confirmCost: amount };
      }
      const answer = await call('earlier.sync', { filterId: f.id, ...cap, ...consent });
      setJobId(answer.jobId);
      setSyncing(false); // the progress takes the panel's place
    } catch (e) {
      setError(e);
    }
  }

  return (
    <div className={`saved__item${open ? ' saved__item--open' : ''}`} data-testid="earlier-filter" data-filter-id={f.id} data-autosearch={f.autosearch}>
      <div className="saved__main">
        <strong data-testid="earlier-filter-name">{f.name}</strong>
        {f.newSinceSeen > 0 && (
          <span className="badge badge--new" data-testid="earlier-filter-new" data-count={f.newSinceSeen}>
            {s.newCount(formatInt(f.newSinceSeen, locale))}
          </span>
        )}
        {f.description && <div className="muted">{f.description}</div>}
        <div className="saved__meta muted">
          <span data-testid="earlier-filter-cached" data-cached={f.cachedCount}>
            {s.cached(formatInt(f.cachedCount, locale))}
          </span>{' '}
          · {f.lastSyncAt ? s.lastSync(formatDateTime(f.lastSyncAt, locale)) : s.neverSynced}
          {f.lastSyncAt && !f.complete && <> · {s.incomplete}</>}
        </div>
      </div>
      <div className="saved__actions">
        <button type="button" className={open ? 'btn--primary' : ''} onClick={onToggle} data-testid="earlier-filter-open">
          {open ? s.hide : s.open}
        </button>
        <button type="button" onClick={() => setSyncing((v) => !v)} disabled={!f.autosearch || f.gone === true || active} data-testid="earlier-filter-sync">
          {s.sync}
        </button>
      </div>
      {f.gone ? (
        <p className="banner banner--offline saved__sync" role="note" data-testid="earlier-filter-gone">
          {s.gone}
        </p>
      ) : (
        !f.autosearch && (
          <p className="banner banner--offline saved__sync" role="note" data-testid="earlier-filter-autosearch-off">
            {s.autosearchOff}
          </p>
        )
      )}
      {syncing && f.autosearch && !f.gone && (
        <div className="saved__sync" data-testid="earlier-sync-panel">
          {estimate.data && <SpendEstimateLine estimate={estimate.data} />}
          <label className="field field--narrow">
            <span className="field__label">{s.maxSpend}</span>
            <input inputMode="numeric" value={maxSpend} onChange={(e) => setMaxSpend(typedAmount(e.currentTarget))} data-testid="earlier-sync-max-spend" />
            <span className="field__hint">{s.maxSpendHint}</span>
          </label>
          {problem && (
            <p className="field__error" role="alert">
              {problem}
            </p>
          )}
          <button type="button" className="btn--primary" onClick={() => void start()} disabled={active} data-testid="earlier-sync-start">
            {s.start}
          </button>
        </div>
      )}
      {spend.dialog}
      <ErrorNotice error={error} testId="earlier-sync-error" />
      {jobId && <JobProgress jobId={jobId} testId="earlier-sync-progress" />}
    </div>
  );
}

function FilterTenders({ filter, onSeen }: { filter: EarlierFilterInfo; onSeen(): void }) {
  const s = useStrings(strings);
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const [exporting, setExporting] = useState(false);
  const tenders = useFilterTenders(filter, page, pageSize);
  useEffect(() => setPage(1), [filter.id]);

  const data = tenders.data;
  // The palette's «Экспорт в файл…» opens the same dialog as the button, when it is enabled.
  useProvideAction('export.open', () => setExporting(true), !!data && data.total > 0);
  return (
    <div className="saved__results" data-testid="earlier-tenders" data-filter-id={filter.id}>
      <div className="view__head">
        <h2>{s.tenders(filter.name)}</h2>
        <span className="muted" data-testid="earlier-tenders-total" data-total={data?.total ?? 0}>
          {data ? data.total : ''}
        </span>
        {filter.newSinceSeen > 0 && (
          <button type="button" onClick={() => call('earlier.markSeen', { filterId: filter.id }).then(onSeen, () => undefined)} data-testid="earlier-tenders-mark-seen">
            {s.markSeen}
          </button>
        )}
        <button type="button" onClick={() => setExporting(true)} disabled={!data || data.total === 0} title={titleWithKeys(s.exportCsv, 'export.open')} data-testid="earlier-tenders-export">
          {s.exportCsv}
        </button>
      </div>
      <ErrorNotice error={tenders.error} testId="earlier-tenders-error" />
      {data && (
        <>
          <EarlierTenderTable rows={data.rows} testId="earlier-tenders-table" />
          <Pager
            page={data.page}
            pages={data.pages}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={setPageSize}
            testId="earlier-tenders-pager"
          />
        </>
      )}
      {exporting && (
        <CsvExportDialog
          title={s.exportTitle(filter.name)}
          sourceKey={`filter-${filter.id}`}
          loadColumns={() => call('earlier.exportColumns', {})}
          runExport={(columns, delimiter, excel) => call('earlier.export', { source: { kind: 'filter', filterId: filter.id }, columns, delimiter, excel })}
          onClose={() => setExporting(false)}
          testId="earlier-export"
          offersExcelChoice
        />
      )}
    </div>
  );
}
