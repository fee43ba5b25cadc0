/**
 * The workbench frame: navigation, the profile and network status, running sync jobs, and the current view.
 * It loads the app info once, follows `app.status`, `sync.progress` and `profiles.changed` events, and leaves
 * everything else to the views.
 */
import { useEffect, useState } from 'react';
import { call, subscribe } from '../bridge/client';
import { useStrings, type Strings } from '../i18n/i18n';
import { formatInt } from '../format/format';
import { useAppStore, type Route, type ViewName } from './store';
import { SearchView } from '../views/search/SearchView';
import { SavedSearchesView } from '../views/saved/SavedSearchesView';
import { CardView } from '../views/card/CardView';
import { ContractsView } from '../views/contracts/ContractsView';
import { ListsView } from '../views/lists/ListsView';
import { LedgerView } from '../views/ledger/LedgerView';
import { SettingsView } from '../views/settings/SettingsView';
import { FiltersView } from '../views/earlier/FiltersView';
import { FavoritesView } from '../views/earlier/FavoritesView';
import { LimitsView } from '../views/earlier/LimitsView';
import { OpenBox } from '../components/OpenBox';

const strings: Strings<{
  title: string;
  search: string;
  saved: string;
  contracts: string;
  lists: string;
  ledger: string;
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
  jobs: (n: string, units: string) => string;
}> = {
  ru: {
    title: 'Tender Workbench',
    search: 'Поиск',
    saved: 'Сохранённые поиски',
    contracts: 'Контракты',
    lists: 'Списки',
    ledger: 'Баланс и расходы',
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
    jobs: (n, units) => `Загрузка: ${n} объектов, списано ${units} ед.`,
  },
  en: {
    title: 'Tender Workbench',
    search: 'Search',
    saved: 'Saved searches',
    contracts: 'Contracts',
    lists: 'Lists',
    ledger: 'Balance & ledger',
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
    jobs: (n, units) => `Syncing: ${n} items, ${units} units charged`,
  },
};

type NavView = Exclude<ViewName, 'card'>;
const NAV: NavView[] = ['search', 'saved', 'contracts', 'lists', 'ledger', 'settings'];
/**
 * A profile of the earlier generation has no subscriptions, cursors, lists or contracts: its views are its
 * filters, favorites, balance with daily limits, and the offline search over what it cached.
 */
const EARLIER_NAV: NavView[] = ['filters', 'favorites', 'search', 'limits', 'settings'];
const CURRENT_VIEWS: ReadonlySet<ViewName> = new Set([...NAV, 'card']);
const EARLIER_VIEWS: ReadonlySet<ViewName> = new Set([...EARLIER_NAV, 'card']);

export function App() {
  const s = useStrings(strings);
  const { route, navigate, locale, online, pendingEdits, activeProfile, patch, upsertJob, bumpEpoch, jobs } = useAppStore();
  const [startError, setStartError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let alive = true;
    call('app.info', {}).then(
      (info) => {
        if (!alive) return;
        patch({ version: info.version, locale: info.locale, mode: info.mode, activeProfile: info.activeProfile, online: info.online, pendingEdits: info.pendingEdits });
        setReady(true);
      },
      (e: unknown) => alive && setStartError(e instanceof Error ? e.message : String(e)),
    );
    const offs = [
      subscribe('app.status', (st) => patch({ online: st.online, pendingEdits: st.pendingEdits })),
      subscribe('sync.progress', (job) => upsertJob(job)),
      subscribe('profiles.changed', () => {
        call('app.info', {}).then((info) => patch({ activeProfile: info.activeProfile, online: info.online, pendingEdits: info.pendingEdits }), () => undefined);
        bumpEpoch();
      }),
    ];
    return () => {
      alive = false;
      offs.forEach((off) => off());
    };
  }, [patch, upsertJob, bumpEpoch]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const earlier = activeProfile?.generation === 'earlier';
  const nav = earlier ? EARLIER_NAV : NAV;
  // A view of the other generation is never shown: after a profile switch the first view of this one opens.
  useEffect(() => {
    if (!(earlier ? EARLIER_VIEWS : CURRENT_VIEWS).has(route.view)) navigate({ view: earlier ? 'filters' : 'search' } as Route);
  }, [earlier, route.view, navigate]);

  const running = Object.values(jobs).filter((j) => j.state === 'running' || j.state === 'following');
  const runningItems = running.reduce((n, j) => n + j.items, 0);
  const runningUnits = running.reduce((n, j) => n + j.charged, 0);

  if (startError !== null) {
    return (
      <main className="fatal" role="alert">
        <h1>{s.cannotStart}</h1>
        <p>{startError}</p>
      </main>
    );
  }
  if (!ready) return <main className="fatal">{s.starting}</main>;

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
        <div className="frame__status" data-testid="network-status" data-online={online}>
          <span className={`dot ${online ? 'dot--ok' : 'dot--off'}`} /> {online ? s.online : s.offline}
          {pendingEdits > 0 && <span className="frame__pending"> · {s.pending(formatInt(pendingEdits, locale))}</span>}
          <div className="frame__profile" data-testid="active-profile">
            {activeProfile?.name ?? s.noProfile}
            {earlier && <div className="muted" data-testid="active-generation">{s.earlierHint}</div>}
          </div>
        </div>
      </nav>
      <main className="frame__main">
        {!online && (
          <div className="banner banner--offline" role="status" data-testid="offline-banner">
            {s.offlineHint}
          </div>
        )}
        {running.length > 0 && (
          <div className="banner banner--progress" role="status" data-testid="sync-banner">
            <progress max={Math.max(1, ...running.map((j) => j.total ?? 0))} value={runningItems} /> {s.jobs(formatInt(runningItems, locale), formatInt(runningUnits, locale))}
          </div>
        )}
        {route.view === 'search' && <SearchView />}
        {route.view === 'saved' && <SavedSearchesView />}
        {route.view === 'card' && <CardView kind={route.kind} id={route.id} />}
        {route.view === 'contracts' && <ContractsView />}
        {route.view === 'lists' && <ListsView />}
        {route.view === 'ledger' && <LedgerView />}
        {route.view === 'settings' && <SettingsView />}
        {route.view === 'filters' && <FiltersView filterId={route.filterId} />}
        {route.view === 'favorites' && <FavoritesView />}
        {route.view === 'limits' && <LimitsView />}
      </main>
    </div>
  );
}
