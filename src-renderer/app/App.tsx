/**
 * The workbench frame: navigation, the profile and network status, running sync jobs, and the current view.
 * It reads the app info (at the start and after a profile switch, through state/useLoad), follows `app.status`,
 * `sync.progress` and `profiles.changed` events into the shared store (state/store.ts), and leaves everything
 * else to the views. The top of the renderer: nothing imports app/.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { call, subscribe, subscribeBackend } from '../bridge/client';
import { count, currentLocale, NOUNS, quoted, setLocale, useLocale, useStrings, type Strings } from '../i18n/i18n';
import { bannerJobs, cancelJobText, endedLifetimeMs, endedText, isFollowing, jobLabel, justEnded, mergeEnded, runningText } from './frameNotices';
import { useEscapeDismiss, useLifetime } from '../components/useLifetime';
import type { SyncJob } from '../../src-main/contract/ipc';
import { formatInt } from '../format/format';
import { useAppStore, type Route, type ViewName } from '../state/store';
import { useLoad } from '../state/useLoad';
import { claimFocusSpot, findSpot, returning } from '../state/returnPoint';
import { viewTarget, whileLost } from '../components/focusReturn';
import { SearchView } from '../views/search/SearchView';
import { savedSearchName } from '../../src-main/i18n/criteriaSummary';
import { SavedSearchesView } from '../views/saved/SavedSearchesView';
import { CardView } from '../views/card/CardView';
import { ContractsView } from '../views/contracts/ContractsView';
import { ListsView } from '../views/lists/ListsView';
import { LedgerView } from '../views/ledger/LedgerView';
import { SettingsView } from '../views/settings/SettingsView';
import { InsightsView } from '../views/insights/InsightsView';
import { FiltersView } from '../views/earlier/FiltersView';
import { FavoritesView } from '../views/earlier/FavoritesView';
import { LimitsView } from '../views/earlier/LimitsView';
import { CalendarView } from '../views/calendar/CalendarView';
import { ExportsView } from '../views/exports/ExportsView';
import { MarksView } from '../views/marks/MarksView';
import { TriageView } from '../views/triage/TriageView';
import { CommandPalette } from './palette/CommandPalette';
import { OpenBox } from '../components/OpenBox';
import { DamagedCacheNotice } from '../components/DamagedCacheNotice';
import { CacheUpgradeNotice } from '../components/CacheUpgradeNotice';
import { NotificationCenter } from './notifications/NotificationCenter';
import { ErrorNotice } from '../components/ErrorNotice';

const strings: Strings<{
  title: string;
  search: string;
  saved: string;
  contracts: string;
  lists: string;
  ledger: string;
  insights: string;
  calendar: string;
  marks: string;
  triage: string;
  exports: string;
  settings: string;
  filters: string;
  favorites: string;
  limits: string;
  earlierHint: string;
  online: string;
  offline: string;
  offlineHint: string;
  pending: (n: string) => string;
  noProfile: string;
  starting: string;
  cannotStart: string;
  backendGone: string;
  backendStatus: string;
  following: (n: number) => string;
  dismiss: string;
  followStopped: (labels: string, profile: string) => string;
}> = {
  ru: {
    title: 'Tender Workbench',
    search: 'Поиск',
    saved: 'Сохранённые поиски',
    contracts: 'Контракты',
    lists: 'Списки',
    ledger: 'Баланс и расходы',
    insights: 'Аналитика',
    calendar: 'Календарь',
    exports: 'Выгрузки',
    marks: 'Воронка',
    triage: 'Разбор',
    settings: 'Настройки',
    filters: 'Фильтры',
    favorites: 'Избранное',
    limits: 'Баланс и лимиты',
    earlierHint: 'API прежнего поколения',
    online: 'В сети',
    offline: 'Нет связи',
    offlineHint: 'Сервер недоступен: показываем сохранённые данные, правки списков отправим, когда связь вернётся.',
    pending: (n) => `в очереди: ${n}`,
    noProfile: 'нет профиля',
    starting: 'Запускаем…',
    cannotStart: 'Не удалось запустить приложение',
    backendGone: 'Сервер браузерного режима остановлен. Запустите npm run web снова.',
    backendStatus: 'Сервер остановлен',
    following: (n) => `слежение: ${count(n, NOUNS.search, 'ru')}`,
    dismiss: 'Закрыть',
    followStopped: (labels, profile) => `Слежение остановлено при смене профиля: ${labels}. Чтобы следить снова, вернитесь в профиль «${profile}» и нажмите «Следить».`,
  },
  en: {
    title: 'Tender Workbench',
    search: 'Search',
    saved: 'Saved searches',
    contracts: 'Contracts',
    lists: 'Lists',
    ledger: 'Balance & ledger',
    insights: 'Insights',
    calendar: 'Calendar',
    exports: 'Exports',
    marks: 'Pipeline',
    triage: 'Triage',
    settings: 'Settings',
    filters: 'Filters',
    favorites: 'Favorites',
    limits: 'Balance & limits',
    earlierHint: 'earlier API generation',
    online: 'Online',
    offline: 'Offline',
    offlineHint: 'The server cannot be reached: showing cached data; list edits will be sent when the network is back.',
    pending: (n) => `queued: ${n}`,
    noProfile: 'no profile',
    starting: 'Starting…',
    cannotStart: 'The app could not start',
    backendGone: 'The browser-mode server has stopped. Run npm run web again.',
    backendStatus: 'Server stopped',
    following: (n) => `following: ${count(n, NOUNS.search, 'en')}`,
    dismiss: 'Dismiss',
    followStopped: (labels, profile) => `Following stopped when the profile changed: ${labels}. To follow again, switch back to “${profile}” and press “Follow”.`,
  },
};

type NavView = Exclude<ViewName, 'card'>;
/** A follow that ended this shortly before a profile switch was ended by it (the core stops jobs first). */
const FOLLOW_STOP_WINDOW_MS = 5000;
const NAV: NavView[] = ['search', 'saved', 'triage', 'contracts', 'lists', 'marks', 'calendar', 'insights', 'ledger', 'exports', 'settings'];
/**
 * A profile of the earlier generation has no subscriptions, cursors, lists or contracts: its views are its
 * filters, favorites, balance with daily limits, and the offline search over what it cached.
 */
const EARLIER_NAV: NavView[] = ['filters', 'favorites', 'search', 'limits', 'settings'];
const CURRENT_VIEWS: ReadonlySet<ViewName> = new Set([...NAV, 'card']);
const EARLIER_VIEWS: ReadonlySet<ViewName> = new Set([...EARLIER_NAV, 'card']);

export function App() {
  const s = useStrings(strings);
  const locale = useLocale();
  const { route, navigate, online, backendGone, pendingEdits, activeProfile, patch, upsertJob, bumpEpoch, jobs, shownJobs } = useAppStore();
  const [ready, setReady] = useState(false);
  // The app's info: read at the start, and again after a profile switch (the frame follows the core's profile).
  const info = useLoad(() => call('app.info', {}), 'app-info');
  const startError = !ready && info.error != null ? (info.error instanceof Error ? info.error.message : String(info.error)) : null;
  /** Jobs that just ended (one merged notice) and follows a profile switch stopped: short-lived frame notices. */
  const [ended, setEnded] = useState<SyncJob[]>([]);
  const [followStopped, setFollowStopped] = useState<{ labels: string[]; profile: string } | null>(null);
  /** Summaries of unlabelled saved searches by filter id, read when a notice needs one (never show flt_ ids). */
  const [namesWanted, setNamesWanted] = useState(0);
  const savedSearches = useLoad(() => call('savedSearches.list', {}), `frame-search-names-${namesWanted}`, namesWanted > 0);
  const searchNames = useMemo<ReadonlyMap<string, string>>(
    () => new Map((savedSearches.data ?? []).map((x) => [x.filterId, savedSearchName(x, locale)])),
    [savedSearches.data, locale],
  );
  /** Follows that ended just now (by job id, when): a profile switch cancels them before it is announced. */
  const followsEnded = useRef(new Map<string, number>());

  useEffect(() => {
    const answer = info.data;
    if (answer === null) return;
    if (info.answers === 1) {
      setLocale(answer.locale);
      patch({ version: answer.version, mode: answer.mode, activeProfile: answer.activeProfile, online: answer.online, pendingEdits: answer.pendingEdits });
      setReady(true);
    } else {
      patch({ activeProfile: answer.activeProfile, online: answer.online, pendingEdits: answer.pendingEdits });
    }
  }, [info.answers]);

  const reloadInfo = info.reload;
  useEffect(() => {
    const offs = [
      subscribe('app.status', (st) => patch({ online: st.online, pendingEdits: st.pendingEdits })),
      subscribe('sync.progress', (job) => {
        const { jobs: before, shownJobs: shown } = useAppStore.getState();
        if (before[job.jobId]?.state === 'following' && job.state !== 'following') followsEnded.current.set(job.jobId, Date.now());
        upsertJob(job);
        if (!justEnded(before[job.jobId], job, shown)) return;
        setEnded((list) => mergeEnded(list, job));
        if (job.label === null) setNamesWanted((n) => n + 1);
      }),
      subscribe('profiles.changed', () => {
        // The core stops every job of the old profile; a follow must not end silently.
        const { jobs: before, activeProfile: old } = useAppStore.getState();
        const recent = Date.now() - FOLLOW_STOP_WINDOW_MS;
        const follows = Object.values(before).filter((j) => isFollowing(j) || (followsEnded.current.get(j.jobId) ?? 0) > recent);
        followsEnded.current.clear();
        if (follows.length > 0 && old) setFollowStopped({ labels: follows.map((j) => jobLabel(j, currentLocale())), profile: old.name });
        useAppStore.getState().clearJobs();
        setEnded([]);
        reloadInfo();
        bumpEpoch();
      }),
      subscribeBackend((up) => patch({ backendGone: !up })),
    ];
    return () => offs.forEach((off) => off());
  }, [patch, upsertJob, bumpEpoch, reloadInfo]);

  // A finished job's notice belongs to the moment: moving to another view closes it. A stopped follow stays
  // until dismissed (a profile switch may itself move to another view).
  useEffect(() => {
    setEnded([]);
  }, [route]);

  // Each view opens at its top: the frame's scrolled area is one element for every view, so without
  // this a view opened where the previous one was scrolled to.
  const mainRef = useRef<HTMLElement>(null);
  const viewKey = route.view === 'card' ? `card:${route.kind}:${route.id}` : route.view === 'insights' ? `insights:${route.at?.page ?? ''}` : route.view;
  useLayoutEffect(() => {
    mainRef.current?.scrollTo({ top: 0, left: 0 });
  }, [viewKey]);

  // Back from a view opened from an element outside a table (a list's chip, an INN link, a calendar event): that
  // element gets the focus again once its view has drawn it (tables restore their own row: returnPoint.ts).
  useEffect(() => {
    const spot = claimFocusSpot();
    if (spot === null) return undefined;
    const tryFocus = (): boolean => {
      const el = findSpot(spot);
      el?.focus();
      return el !== null;
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => tryFocus() && observer.disconnect());
    observer.observe(mainRef.current ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [route]);

  // A view gone to (from the palette, a card opened from its row) takes the focus on its main element, its heading
  // or first table, once drawn: the element that had it went with the view before. Not at start-up, and not when
  // coming back, where the row or element it was opened from gets it (above).
  const shownView = useRef<string | null>(null);
  useEffect(() => {
    const main = mainRef.current;
    const before = shownView.current;
    shownView.current = viewKey;
    if (before === null || main === null || returning()) return undefined;
    return whileLost(main, () => {
      const target = viewTarget(main, 'heading');
      target?.focus();
      return target;
    });
  }, [viewKey]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const earlier = activeProfile?.generation === 'earlier';
  const nav = earlier ? EARLIER_NAV : NAV;
  // A view of the other generation is never shown: after a profile switch the first view of this one opens.
  useEffect(() => {
    if (!(earlier ? EARLIER_VIEWS : CURRENT_VIEWS).has(route.view)) navigate({ view: earlier ? 'filters' : 'search' } as Route);
  }, [earlier, route.view, navigate]);

  const running = bannerJobs(jobs, shownJobs);
  const runningItems = running.reduce((n, j) => n + j.items, 0);
  const following = Object.values(jobs).filter(isFollowing).length;
  // One message about the connection: a stopped browser-mode server says so (not «В сети», not the API's offline).
  const connected = online && !backendGone;

  if (startError !== null) {
    return (
      <main className="fatal" role="alert">
        <h1>{s.cannotStart}</h1>
        <p>{startError}</p>
      </main>
    );
  }
  if (!ready) {
    return (
      <main className="fatal">
        {s.starting}
        <CacheUpgradeNotice />
      </main>
    );
  }

  return (
    <div className="frame">
      <nav className="frame__nav" aria-label={s.title}>
        <div className="frame__brand">{s.title}</div>
        {!earlier && <OpenBox />}
        {nav.map((v) => (
          <button key={v} type="button" data-testid={`nav-${v}`} className={`frame__navItem${route.view === v ? ' frame__navItem--active' : ''}`} onClick={() => navigate({ view: v } as Route)}>
            {s[v]}
          </button>
        ))}
        <div className="frame__status" data-testid="network-status" data-online={connected} data-backend={backendGone ? 'gone' : 'up'}>
          <span className={`dot ${connected ? 'dot--ok' : 'dot--off'}`} /> {backendGone ? s.backendStatus : online ? s.online : s.offline}
          {pendingEdits > 0 && <span className="frame__pending"> · {s.pending(formatInt(pendingEdits, locale))}</span>}
          {following > 0 && (
            <div className="muted" data-testid="following-status" data-count={following}>
              {s.following(following)}
            </div>
          )}
          <div className="frame__profile" data-testid="active-profile">
            {activeProfile?.name ?? s.noProfile}
            {earlier && <div className="muted" data-testid="active-generation">{s.earlierHint}</div>}
          </div>
        </div>
      </nav>
      <main className="frame__main" ref={mainRef}>
        {backendGone ? (
          <div className="banner banner--offline" role="alert" data-testid="backend-gone-banner">
            {s.backendGone}
          </div>
        ) : (
          !online && (
            <div className="banner banner--offline" role="status" data-testid="offline-banner">
              {s.offlineHint}
            </div>
          )
        )}
        <DamagedCacheNotice />
        <CacheUpgradeNotice />
        <NotificationCenter />
        {running.length > 0 && (
          <div className="banner banner--progress" role="status" data-testid="sync-banner">
            <progress max={Math.max(1, ...running.map((j) => j.total ?? 0))} value={runningItems} /> <span data-testid="sync-banner-text">{runningText(running, locale, searchNames)}</span>
            {running.map((j) => (
              // The frame's banner is the only place a job no view shows (the automatic document download) can be stopped.
              <RunningJobCancel key={j.jobId} job={j} label={cancelJobText(j, locale, searchNames)} />
            ))}
          </div>
        )}
        {ended.length > 0 && (
          // A newly ended job starts the notice's time again (keyed by how many it tells of).
          <FrameNotice key={ended.length} lifetimeMs={endedLifetimeMs(ended)} onDismiss={() => setEnded([])} dismissText={s.dismiss} testId="job-ended-banner" look="progress" count={ended.length}>
            {endedText(ended, locale, searchNames)}
          </FrameNotice>
        )}
        {followStopped && (
          // What to do to follow again: it stays until dismissed (the button, or Escape).
          <FrameNotice lifetimeMs={null} onDismiss={() => setFollowStopped(null)} dismissText={s.dismiss} testId="follow-stopped-banner" look="offline">
            {s.followStopped(followStopped.labels.map((l) => quoted(l, locale)).join(', '), followStopped.profile)}
          </FrameNotice>
        )}
        {route.view === 'search' && <SearchView />}
        {route.view === 'saved' && <SavedSearchesView />}
        {route.view === 'card' && <CardView kind={route.kind} id={route.id} />}
        {route.view === 'contracts' && <ContractsView />}
        {route.view === 'lists' && <ListsView />}
        {route.view === 'ledger' && <LedgerView />}
        {route.view === 'settings' && <SettingsView />}
        {route.view === 'insights' && <InsightsView at={route.at} back={route.back} />}
        {route.view === 'filters' && <FiltersView filterId={route.filterId} />}
        {route.view === 'favorites' && <FavoritesView />}
        {route.view === 'limits' && <LimitsView />}
        {route.view === 'calendar' && <CalendarView />}
        {route.view === 'exports' && <ExportsView />}
        {route.view === 'marks' && <MarksView />}
        {route.view === 'triage' && <TriageView />}
      </main>
      <CommandPalette />
    </div>
  );
}

/** «Отменить» for one running job: the analyst's cancel (a documents:auto pass then owes nothing until the next ask). */
function RunningJobCancel({ job, label }: { job: SyncJob; label: { text: string; label: string } }) {
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      {' '}
      <button
        type="button"
        className="btn--link"
        data-testid="sync-banner-cancel"
        data-job-id={job.jobId}
        aria-label={label.label}
        onClick={() => {
          setError(null);
          call('sync.cancel', { jobId: job.jobId }).catch(setError);
        }}
      >
        {label.text}
      </button>
      <ErrorNotice error={error} testId="sync-banner-cancel-error" />
    </>
  );
}

/**
 * A notice of the frame above the view: closes by itself after `lifetimeMs` (null: stays), paused while hovered or
 * focused; «Закрыть» or Escape dismiss it.
 */
function FrameNotice(props: { lifetimeMs: number | null; onDismiss(): void; dismissText: string; testId: string; look: 'progress' | 'offline'; count?: number; children: ReactNode }) {
  const lifetime = useLifetime(props.lifetimeMs, props.onDismiss);
  useEscapeDismiss(true, props.onDismiss);
  return (
    <div className={`banner banner--${props.look}`} role="status" data-testid={props.testId} {...(props.count !== undefined ? { 'data-count': props.count } : {})} {...lifetime}>
      <span>{props.children}</span>
      <button type="button" className="btn--link" data-testid={props.testId.replace(/-banner$/, '-dismiss')} onClick={props.onDismiss}>
        {props.dismissText}
      </button>
    </div>
  );
}
