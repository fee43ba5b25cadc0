/**
 * Saved searches: every search run is kept with its label, criteria, what is new since last seen, how much of
 * it is cached, when it last synced and when the server subscription lapses. From here: open the results
 * (marks them seen), sync now (tenders, optionally contracts, with a spend cap), follow live, rename, and
 * delete (the server subscription ends; cached tenders stay, and the ledger keeps the search's name).
 * Its words are an analyst's («Удалить поиск (перестать следить)»), not the API's «extinguish» («Погасить»).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SavedSearchInfo, TenderRow } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useSpendConfirm } from '../../components/SpendConfirm';
import { shortfallReason } from '../../components/spendShortfall';
import { JobProgress } from '../../components/JobProgress';
import { jobRunning, JobOutcome } from '../../components/JobOutcome';
import { exportSort, TenderTable, type TenderSort } from '../../components/TenderTable';
import type { MarkFilter } from '../../../src-main/domain/marks';
import { CsvExportButton } from '../../components/CsvExportDialog';
import { SeenBadge, SeenDiff, SeenToolbar, useSeenMarks } from './seenMarks';
import { formatDateTime, formatInt } from '../../format/format';
import { eventsText, useStrings, type Strings, useLocale, currentLocale } from '../../i18n/i18n';
import { savedSearchName, summarizeCriteria } from '../../../src-main/i18n/criteriaSummary';
import { criteriaToForm } from '../search/queryBuilder';
import { useSearchStore } from '../search/searchStore';
import { cachedShare, expiryOf } from './savedLogic';
import { useSavedSearches } from './useSavedSearches';
import { askNotificationPermission } from '../../state/notificationPermission';
import { MuteButton } from './MuteButton';
import { parseUnitsInput, typedAmount } from '../../components/amountInput';
import { RelevanceThreshold } from './RelevanceThreshold';

const strings: Strings<{
  title: string;
  loading: string;
  empty: string;
  toSearch: string;
  newCount: (n: string) => string;
  updatedCount: (n: string) => string;
  cached: (cached: string, total: string | null) => string;
  lastSync: (when: string) => string;
  neverSynced: string;
  expires: (when: string) => string;
  expiresSoon: (hours: string) => string;
  expired: string;
  following: string;
  open: string;
  competitors: string;
  flags: string;
  close: string;
  sync: string;
  follow: string;
  unfollow: string;
  rename: string;
  edit: string;
  editHint: string;
  save: string;
  cancel: string;
  extinguish: string;
  labelInput: string;
  syncTitle: string;
  withContracts: string;
  maxSpend: string;
  maxSpendHint: string;
  start: string;
  maxSpendInvalid: string;
  confirmTitle: string;
  confirmBody: string;
  confirmBody2: string;
  confirm: string;
  results: (label: string) => string;
  events: (e: string) => string;
  refresh: string;
}> = {
  ru: {
    title: 'Сохранённые поиски',
    loading: 'Загружаем…',
    empty: 'Сохранённых поисков пока нет. Запустите поиск — он сохранится здесь.',
    toSearch: 'К поиску',
    newCount: (n) => `новых: ${n}`,
    updatedCount: (n) => `изменённых: ${n}`,
    cached: (cached, total) => (total === null ? `в кэше: ${cached}` : `в кэше: ${cached} из ${total}`),
    lastSync: (when) => `синхронизирован ${when}`,
    neverSynced: 'ещё не синхронизирован',
    expires: (when) => `подписка до ${when}`,
    expiresSoon: (hours) => `подписка истекает через ${hours} ч — синхронизируйте, чтобы продлить`,
    expired: 'подписка истекла: при следующей синхронизации сервер соберёт выборку заново (это не ошибка, оплаченное не спишется повторно)',
    following: 'Слежение включено',
    open: 'Открыть результаты',
    competitors: 'Конкуренты',
    flags: 'Красные флаги',
    close: 'Скрыть результаты',
    sync: 'Синхронизировать…',
    follow: 'Следить',
    unfollow: 'Не следить',
    rename: 'Переименовать',
    edit: 'Изменить условия',
    editHint: 'Открыть условия этого поиска в конструкторе; изменённые условия — это новый поиск.',
    save: 'Сохранить',
    cancel: 'Отмена',
    extinguish: 'Удалить поиск…',
    labelInput: 'Новое название',
    syncTitle: 'Синхронизация',
    withContracts: 'Также контракты по этим закупкам',
    maxSpend: 'Лимит расходов, ед.',
    maxSpendHint: 'Пусто — без лимита',
    start: 'Начать',
    maxSpendInvalid: 'Лимит — целое число единиц, 0 или больше',
    confirmTitle: 'Удалить поиск и перестать следить за ним?',
    confirmBody: 'Поиск исчезнет из этого списка, подписка на сервере закончится: новые закупки по нему больше приходить не будут.',
    confirmBody2: 'Уже полученные закупки останутся в кэше: их можно найти в офлайн-поиске и в списках. Деньги за них не возвращаются и повторно не списываются. В журнале списаний и в расходах поиск останется под своим названием с пометкой «удалён».',
    confirm: 'Удалить поиск (перестать следить)',
    results: (label) => `Результаты: ${label}`,
    events: (e) => `события: ${e}`,
    refresh: 'Обновить',
  },
  en: {
    title: 'Saved searches',
    loading: 'Loading…',
    empty: 'No saved searches yet. Run a search — it is kept here.',
    toSearch: 'Go to search',
    newCount: (n) => `new: ${n}`,
    updatedCount: (n) => `updated: ${n}`,
    cached: (cached, total) => (total === null ? `cached: ${cached}` : `cached: ${cached} of ${total}`),
    lastSync: (when) => `synced ${when}`,
    neverSynced: 'not synced yet',
    expires: (when) => `subscription until ${when}`,
    expiresSoon: (hours) => `subscription expires in ${hours} h — sync to extend it`,
    expired: 'subscription expired: the next sync has the server collect the set again (not an error; nothing paid for is charged again)',
    following: 'Following live',
    open: 'Open results',
    competitors: 'Competitors',
    flags: 'Red flags',
    close: 'Hide results',
    sync: 'Sync now…',
    follow: 'Follow',
    unfollow: 'Stop following',
    rename: 'Rename',
    edit: 'Edit criteria',
    editHint: 'Open the criteria of this search in the builder; changed criteria make a new search.',
    save: 'Save',
    cancel: 'Cancel',
    extinguish: 'Delete search…',
    labelInput: 'New label',
    syncTitle: 'Sync',
    withContracts: 'Also contracts of these tenders',
    maxSpend: 'Max spend, units',
    maxSpendHint: 'Empty — no limit',
    start: 'Start',
    maxSpendInvalid: 'The limit is a whole number of units, 0 or more',
    confirmTitle: 'Delete this search and stop following it?',
    confirmBody: 'The search leaves this list and its server subscription ends: new tenders of it will no longer arrive.',
    confirmBody2: 'Tenders already received stay in the cache: the offline search and lists still find them. Nothing is refunded and nothing is charged again. The ledger and the spend keep the search under its name, marked «deleted».',
    confirm: 'Delete search (stop following)',
    results: (label) => `Results: ${label}`,
    events: (e) => `events: ${e}`,
    refresh: 'Refresh',
  },
};

function parseMaxSpend(text: string): number | undefined | 'invalid' {
  return parseUnitsInput(text) ?? undefined;
}

function SyncPanel({ search, onStarted, onCancel }: { search: SavedSearchInfo; onStarted(jobId: string): void; onCancel(): void }) {
  const s = useStrings(strings);
  const [contracts, setContracts] = useState(false);
  const [maxSpend, setMaxSpend] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const parsed = parseMaxSpend(maxSpend);
  const spend = useSpendConfirm();
  /** The cost first: above the threshold the sync starts only with consent to it (the core checks again). */
  const start = async (cap: number | undefined): Promise<void> => {
    const estimate = await call('sync.estimate', { filterId: search.filterId, contracts, ...(cap !== undefined ? { maxSpend: cap } : {}) });
    let confirmCost: number | undefined;
    if (estimate.needsConfirm) {
      const consent = await spend.ask(estimate, { kind: 'sync' });
      if (consent === null) return;
      confirmCost = consent;
    }
    const r = await call('sync.start', { filterId: search.filterId, contracts, ...(cap !== undefined ? { maxSpend: cap } : {}), ...(confirmCost !== undefined ? { confirmCost } : {}) });
    onStarted(r.jobId);
  };
  return (
    <form
      className="saved__sync"
      data-testid="sync-panel"
      aria-label={s.syncTitle}
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed === 'invalid') return;
        setBusy(true);
        setError(null);
        start(parsed).then(
          () => setBusy(false),
          (err: unknown) => {
            setBusy(false);
            setError(err);
          },
        );
      }}
    >
      {spend.dialog}
      <label className="checks__item">
        <input type="checkbox" checked={contracts} onChange={(e) => setContracts(e.target.checked)} data-testid="sync-contracts" />
        {s.withContracts}
      </label>
      <label className={`field field--narrow${parsed === 'invalid' ? ' field--invalid' : ''}`}>
        <span className="field__label">{s.maxSpend}</span>
        <input inputMode="numeric" value={maxSpend} placeholder={s.maxSpendHint} onChange={(e) => setMaxSpend(typedAmount(e.currentTarget))} data-testid="sync-max-spend" aria-invalid={parsed === 'invalid' || undefined} />
        {parsed === 'invalid' ? <span className="field__error">{s.maxSpendInvalid}</span> : null}
      </label>
      <button type="submit" className="btn--primary" disabled={busy || parsed === 'invalid'} data-testid="sync-start">
        {s.start}
      </button>
      <button type="button" onClick={onCancel}>
        {s.cancel}
      </button>
      <ErrorNotice error={error} testId="sync-error" />
    </form>
  );
}

function SavedSearchItem({
  search,
  opened,
  onOpen,
  onChanged,
  onExtinguish,
}: {
  search: SavedSearchInfo;
  opened: boolean;
  onOpen(): void;
  onChanged(next?: SavedSearchInfo): void;
  onExtinguish(): void;
}) {
  const s = useStrings(strings);
  const locale = useLocale();
  const jobs = useAppStore((st) => st.jobs);
  const navigate = useAppStore((st) => st.navigate);
  const [renaming, setRenaming] = useState(false);
  const [label, setLabel] = useState(search.label ?? '');
  const [syncOpen, setSyncOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const liveJob = useMemo(() => Object.values(jobs).find((j) => j.filterId === search.filterId && jobRunning(j)), [jobs, search.filterId]);
  const shownJobId = jobId ?? liveJob?.jobId ?? null;
  const summary = summarizeCriteria(search.criteria, locale);
  const expiry = expiryOf(search.expiresAt, new Date());
  const share = cachedShare(search.cachedCount, search.total);
  // Fewer held than the server's total: why the last run ended short, beside the counts.
  const shortfall = shortfallReason(jobs, search.filterId, search.cachedCount, search.total, locale);

  const act = (p: Promise<SavedSearchInfo | unknown>, after?: (v: unknown) => void) => {
    setBusy(true);
    setError(null);
    p.then(
      (v) => {
        setBusy(false);
        after?.(v);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e);
      },
    );
  };

  const toggleFollow = () => {
    // Following is when news starts to come: the moment to ask for the browser's notifications.
    if (!search.following) void askNotificationPermission();
    act(call('savedSearches.follow', { filterId: search.filterId, follow: !search.following }), (v) => onChanged(v as SavedSearchInfo));
  };
  // The registry's «Следить / не следить» (F, the palette) acts on the open search, as its button does.
  useProvideAction('search.follow', toggleFollow, opened && !busy);

  return (
    <li className={`saved__item${opened ? ' saved__item--open' : ''}`} data-testid="saved-search" data-filter-id={search.filterId} data-following={search.following}>
      <div className="saved__main">
        {renaming ? (
          <form
            className="saved__rename"
            onSubmit={(e) => {
              e.preventDefault();
              const next = label.trim();
              if (!next) return;
              act(call('savedSearches.rename', { filterId: search.filterId, label: next }), (v) => {
                setRenaming(false);
                onChanged(v as SavedSearchInfo);
              });
            }}
          >
            <input aria-label={s.labelInput} value={label} maxLength={200} autoFocus onChange={(e) => setLabel(e.target.value)} data-testid="rename-input" />
            <button type="submit" className="btn--primary" disabled={busy || !label.trim()} data-testid="rename-save">
              {s.save}
            </button>
            <button type="button" onClick={() => setRenaming(false)}>
              {s.cancel}
            </button>
          </form>
        ) : (
          <h2 className="saved__label">
            <span data-testid="saved-label">{savedSearchName(search, locale)}</span>
            {search.following && (
              <span className="badge badge--live" data-testid="following-badge">
                ● {s.following}
              </span>
            )}
            {search.newSinceSeen > 0 && (
              <span className="badge badge--new" data-testid="badge-new" data-count={search.newSinceSeen}>
                {s.newCount(formatInt(search.newSinceSeen, locale))}
              </span>
            )}
            {search.updatedSinceSeen > 0 && (
              <span className="badge badge--updated" data-testid="badge-updated" data-count={search.updatedSinceSeen}>
                {s.updatedCount(formatInt(search.updatedSinceSeen, locale))}
              </span>
            )}
          </h2>
        )}
        <div className="saved__criteria" title={JSON.stringify(search.criteria)} data-testid="saved-criteria">
          {summary}
        </div>
        <div className="saved__meta muted">
          <span data-testid="saved-cached" data-cached={search.cachedCount} data-total={search.total ?? ''}>
            {s.cached(formatInt(search.cachedCount, locale), search.total === null ? null : formatInt(search.total, locale))}
            {share !== null && <meter className="saved__meter" min={0} max={1} value={share} />}
          </span>
          {shortfall !== null && (
            <span className="saved__shortfall" data-testid="saved-shortfall">
              {shortfall}
            </span>
          )}
          <span>{search.lastSyncAt ? s.lastSync(formatDateTime(search.lastSyncAt, locale)) : s.neverSynced}</span>
          {expiry.kind === 'ok' && search.expiresAt && <span>{s.expires(formatDateTime(search.expiresAt, locale))}</span>}
          <span>{s.events(eventsText(search.events, locale))}</span>
        </div>
        {expiry.kind === 'soon' && (
          <div className="notice notice--warn" data-testid="expiry-warning">
            {s.expiresSoon(formatInt(expiry.hours, locale))}
          </div>
        )}
        {expiry.kind === 'expired' && (
          <div className="notice notice--warn" data-testid="expiry-warning">
            {s.expired}
          </div>
        )}
      </div>
      <div className="saved__actions">
        <button type="button" className="btn--primary" onClick={onOpen} data-testid="saved-open">
          {opened ? s.close : s.open}
        </button>
        <button type="button" onClick={() => setSyncOpen(!syncOpen)} disabled={jobRunning(liveJob) && !search.following} data-testid="saved-sync" aria-expanded={syncOpen}>
          {s.sync}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-pressed={search.following}
          data-testid="saved-follow"
          title={opened ? titleWithKeys(search.following ? s.unfollow : s.follow, 'search.follow') : undefined}
          onClick={toggleFollow}
        >
          {search.following ? s.unfollow : s.follow}
        </button>
        {search.following && <MuteButton filterId={search.filterId} />}
        {search.following && <RelevanceThreshold filterId={search.filterId} />}
        <button
          type="button"
          title={s.editHint}
          data-testid="saved-edit"
          onClick={() => {
            const store = useSearchStore.getState();
            store.replaceForm(criteriaToForm(search.criteria));
            store.set({ label: '' });
            store.setMode('online');
            navigate({ view: 'search' });
          }}
        >
          {s.edit}
        </button>
        <button
          type="button"
          onClick={() => {
            setLabel(search.label ?? '');
            setRenaming(true);
          }}
          data-testid="saved-rename"
        >
          {s.rename}
        </button>
        <button type="button" className="btn--link" onClick={() => navigate({ view: 'insights', at: { page: 'competitors', scope: { kind: 'search', filterId: search.filterId } }, back: { view: 'saved' } })} data-testid="saved-competitors">
          {s.competitors}
        </button>
        <button type="button" className="btn--link" onClick={() => navigate({ view: 'insights', at: { page: 'flags', scope: { kind: 'search', filterId: search.filterId } }, back: { view: 'saved' } })} data-testid="saved-flags">
          {s.flags}
        </button>
        <button type="button" className="btn--danger-link" onClick={onExtinguish} data-testid="saved-extinguish">
          {s.extinguish}
        </button>
      </div>
      {syncOpen && (
        <SyncPanel
          search={search}
          onCancel={() => setSyncOpen(false)}
          onStarted={(id) => {
            setJobId(id);
            setSyncOpen(false);
          }}
        />
      )}
      {shownJobId && <JobProgress jobId={shownJobId} testId="saved-progress" />}
      {shownJobId && <JobOutcome job={jobs[shownJobId]} />}
      <ErrorNotice error={error} testId="saved-error" />
    </li>
  );
}

function SavedResults({ search, refreshKey }: { search: SavedSearchInfo; refreshKey: number }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const [sort, setSort] = useState<TenderSort>({ column: 'publishDate', direction: 'desc' });
  // Rows new or changed since the user saw them: marked, what changed in the preview, acknowledged on opening.
  const seen = useSeenMarks(search.filterId);
  const { loadFor } = seen;
  const fetchPage = useCallback(
    async (offset: number, limit: number, sortArg: TenderSort | undefined, marks: MarkFilter | undefined) => {
      const r = await call('search.results', { filterId: search.filterId, offset, limit, ...(sortArg ? { sort: sortArg } : {}), ...(marks ? { marks } : {}) });
      // The page waits for its own rows' marks only (so no row blinks); the search's new/changed counts cost a
      // pass over every member, so on the first page they are asked for after it, without holding the rows.
      await loadFor(r.rows, false).catch(() => undefined);
      if (offset === 0) void loadFor([], true).catch(() => undefined);
      return { rows: r.rows, count: r.cachedCount };
    },
    [search.filterId, loadFor],
  );
  const rowMark = useCallback((r: TenderRow) => <SeenBadge mark={seen.marks.get(r.id)} />, [seen.marks]);
  return (
    <section className="saved__results" aria-label={s.results(savedSearchName(search, locale))} data-testid="saved-results">
      <div className="search__resultsHead">
        <h2>{s.results(savedSearchName(search, locale))}</h2>
        <CsvExportButton
          what="results"
          testId="saved-export"
          sourceKey={search.filterId}
          loadColumns={() => call('lists.exportColumns', {})}
          runExport={(columns, delimiter, excel, format) => call('search.export', { filterId: search.filterId, ...exportSort(sort), columns, delimiter, excel, format })}
        />
      </div>
      <TenderTable
        testId="saved-results-table"
        fetchPage={fetchPage}
        fillWindow
        relevance
        markFilterable
        resetKey={search.filterId}
        refreshKey={refreshKey}
        sort={sort}
        onSort={setSort}
        total={search.total}
        back={{ view: 'saved', filterId: search.filterId }}
        rowMark={rowMark}
        previewExtra={(r) => <SeenDiff mark={seen.marks.get(r.id)} testId="saved-seen-diff" />}
        onOpened={(r) => void seen.acknowledge([r.id]).catch(() => undefined)}
        toolbarExtra={<SeenToolbar counts={seen.counts} onMarkAll={() => void seen.acknowledge().catch(() => undefined)} testId="saved-seen" />}
      />
    </section>
  );
}

export function SavedSearchesView() {
  const s = useStrings(strings);
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const [openId, setOpenId] = useState<string | null>(route.view === 'saved' ? (route.filterId ?? null) : null);
  // A route to a search while this view is shown (a notification's click) opens that search too.
  const routedId = route.view === 'saved' ? (route.filterId ?? null) : null;
  useEffect(() => {
    if (routedId) setOpenId(routedId);
  }, [routedId, route]);
  const [confirm, setConfirm] = useState<SavedSearchInfo | null>(null);
  const [extinguishing, setExtinguishing] = useState(false);
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const openRef = useRef(openId);
  openRef.current = openId;
  const { list, error, reload: load, update, refreshKey } = useSavedSearches(openRef);

  const markSeen = useCallback((filterId: string) => {
    call('savedSearches.markSeen', { filterId }).then(
      (next) => update((cur) => cur?.map((x) => (x.filterId === next.filterId ? next : x)) ?? cur),
      () => undefined,
    );
  }, [update]);

  // Opened from elsewhere (a route with a filter id): mark it seen once the list is there.
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (openId && list?.some((x) => x.filterId === openId) && markedFor.current !== openId) {
      markedFor.current = openId;
      markSeen(openId);
    }
  }, [openId, list, markSeen]);

  const replace = (next?: SavedSearchInfo) => {
    if (next) update((cur) => cur?.map((x) => (x.filterId === next.filterId ? next : x)) ?? cur);
    else load();
  };

  const opened = list?.find((x) => x.filterId === openId) ?? null;

  return (
    <section className="view saved" data-testid="view-saved" aria-labelledby="saved-title">
      <div className="view__head">
        <h1 id="saved-title">{s.title}</h1>
        <button type="button" className="btn--link" onClick={load} data-testid="saved-refresh">
          {s.refresh}
        </button>
      </div>
      <ErrorNotice error={error} testId="saved-list-error" />
      {list === null ? (
        <p className="muted">{s.loading}</p>
      ) : list.length === 0 ? (
        <div className="saved__empty" data-testid="saved-empty">
          <p>{s.empty}</p>
          <button type="button" onClick={() => navigate({ view: 'search' })}>
            {s.toSearch}
          </button>
        </div>
      ) : (
        <ul className="saved__list" data-testid="saved-list">
          {list.map((x) => (
            <SavedSearchItem
              key={x.filterId}
              search={x}
              opened={x.filterId === openId}
              onOpen={() => {
                if (x.filterId === openId) {
                  setOpenId(null);
                  return;
                }
                setOpenId(x.filterId);
                markedFor.current = x.filterId;
                markSeen(x.filterId);
              }}
              onChanged={replace}
              onExtinguish={() => {
                setConfirmError(null);
                setConfirm(x);
              }}
            />
          ))}
        </ul>
      )}
      {opened && <SavedResults key={opened.filterId} search={opened} refreshKey={refreshKey} />}
      {confirm && (
        <ConfirmDialog
          title={s.confirmTitle}
          confirmText={s.confirm}
          cancelText={s.cancel}
          danger
          busy={extinguishing}
          testId="extinguish-dialog"
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setExtinguishing(true);
            call('savedSearches.extinguish', { filterId: confirm.filterId }).then(
              () => {
                setExtinguishing(false);
                if (openId === confirm.filterId) setOpenId(null);
                setConfirm(null);
                load();
              },
              (e: unknown) => {
                setExtinguishing(false);
                setConfirmError(e);
              },
            );
          }}
        >
          <p>
            <strong>{savedSearchName(confirm, currentLocale())}</strong>
          </p>
          <p>{s.confirmBody}</p>
          <p>{s.confirmBody2}</p>
          <ErrorNotice error={confirmError} testId="extinguish-error" />
        </ConfirmDialog>
      )}
    </section>
  );
}
