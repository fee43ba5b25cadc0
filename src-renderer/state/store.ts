/**
 * App-wide state (zustand): the active profile, network status, the current route, sync jobs. Each view keeps
 * its own data in its own store or data hook; this one holds only what the frame and several views share. The
 * language is held lower, in i18n/locale.ts, so that strings never import state.
 */
import { create } from 'zustand';
import type { ProfileInfo, SyncJob } from '../../src-main/contract/ipc';
import type { PriceQuery } from '../../src-main/domain/insights';
import { arrive, capture, leave } from './returnPoint';

/** A saved search or a list, whose tenders the competitors and the red flags are read over. */
export type InsightsScope = { kind: 'search'; filterId: string } | { kind: 'list'; listId: string };
/** The pages of the insights view; a page without its subject shows its form. */
export type InsightsPage =
  | { page: 'dossier'; kind?: 'customer' | 'supplier'; inn?: string }
  | { page: 'competitors'; scope?: InsightsScope }
  | { page: 'prices'; query?: PriceQuery }
  | { page: 'flags'; scope?: InsightsScope | { kind: 'customer' | 'supplier'; inn: string } | { kind: 'all' } };

/**
 * What opening a card cost when the opening itself fetched it (the «Открыть» box must, to learn its id): the
 * card view then reads it from the cache for free, and both it and the box say this one fact (the
 * box said «списана 1 ед.» while the card said «Из кэша — бесплатно»).
 */
export type CardOpening = { source: 'cache' | 'server'; charged: boolean };

export type Route =
  | { view: 'search' }
  | { view: 'saved'; filterId?: string }
  | { view: 'card'; kind: 'tender' | 'contract'; id: number; back?: Route; opened?: CardOpening }
  | { view: 'contracts' }
  | { view: 'lists'; listId?: string }
  | { view: 'ledger' }
  | { view: 'settings' }
  | { view: 'insights'; at?: InsightsPage; back?: Route }
  | { view: 'calendar' }
  /** The pipeline board and the tags manager. */
  | { view: 'marks' }
  /** «Разбор»: undecided tenders ranked by the analyst's own marks. */
  | { view: 'triage' }
  /** Past exports with their provenance. */
  | { view: 'exports' }
  // A profile of the earlier API generation has its own views (reference document 2).
  | { view: 'filters'; filterId?: number }
  | { view: 'favorites' }
  | { view: 'limits' };

export type ViewName = Route['view'];

/**
 * A route to come back to: a return to a card is a new visit, which costs nothing, so what the opening cost
 * stays with the visit it started and is not said again on the way back.
 */
export function returnable(route: Route): Route {
  const back = 'back' in route && route.back !== undefined ? returnable(route.back) : undefined;
  if (route.view === 'card') {
    const { opened: _opened, back: _back, ...rest } = route;
    return { ...rest, ...(back ? { back } : {}) };
  }
  if (route.view === 'insights') return { ...route, ...(back ? { back } : {}) };
  return route;
}

/** One route, one key: what a return point is noted under. */
function routeKey(route: Route): string {
  return JSON.stringify(route);
}

interface AppState {
  mode: 'electron' | 'browser';
  version: string;
  activeProfile: ProfileInfo | null;
  online: boolean;
  /** Browser mode: the `npm run web` process cannot be reached (the page says so instead of «В сети»). */
  backendGone: boolean;
  pendingEdits: number;
  route: Route;
  /** Sync jobs by id, kept current by `sync.progress` events. */
  jobs: Record<string, SyncJob>;
  /** Jobs a view shows right now with its own progress line (count of mounts), so the frame does not repeat them. */
  shownJobs: Record<string, number>;
  /** Bumped when the profile changes, so views reload their data. */
  epoch: number;
  navigate(route: Route): void;
  /**
   * Goes back to the route a view was opened from (its `back`): the table there scrolls where it was and its row,
   * or the element that had the focus, gets the focus again (returnPoint.ts).
   */
  goBack(route: Route): void;
  patch(partial: Partial<Pick<AppState, 'mode' | 'version' | 'activeProfile' | 'online' | 'backendGone' | 'pendingEdits'>>): void;
  upsertJob(job: SyncJob): void;
  /** The core forgot its jobs (another profile became active): so does the frame. */
  clearJobs(): void;
  showJob(jobId: string): void;
  hideJob(jobId: string): void;
  bumpEpoch(): void;
}

export const useAppStore = create<AppState>((set, get) => ({
  mode: 'browser',
  version: '',
  activeProfile: null,
  online: true,
  backendGone: false,
  pendingEdits: 0,
  route: { view: 'search' },
  jobs: {},
  shownJobs: {},
  epoch: 0,
  navigate: (route) => {
    leave();
    if ('back' in route && route.back !== undefined) {
      const back = returnable(route.back);
      // Noted only when leaving the route itself: a tab switched inside a dossier keeps the way back it had.
      if (routeKey(back) === routeKey(returnable(get().route))) capture(routeKey(back));
      set({ route: { ...route, back } });
    } else set({ route });
  },
  goBack: (route) => {
    const back = returnable(route);
    arrive(routeKey(back));
    set({ route: back });
  },
  patch: (partial) => set(partial),
  upsertJob: (job) => set((s) => ({ jobs: { ...s.jobs, [job.jobId]: job } })),
  clearJobs: () => set({ jobs: {} }),
  showJob: (jobId) => set((s) => ({ shownJobs: { ...s.shownJobs, [jobId]: (s.shownJobs[jobId] ?? 0) + 1 } })),
  hideJob: (jobId) =>
    set((s) => {
      const { [jobId]: n = 0, ...rest } = s.shownJobs;
      return { shownJobs: n > 1 ? { ...rest, [jobId]: n - 1 } : rest };
    }),
  bumpEpoch: () => set((s) => ({ epoch: s.epoch + 1 })),
}));
