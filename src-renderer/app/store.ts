/**
 * App-wide state (zustand): language, the active profile, network status, the current route, sync jobs.
 * Each view keeps its own data in its own store; this one holds only what the frame and several views share.
 */
import { create } from 'zustand';
import type { Locale, ProfileInfo, SyncJob } from '../../src-main/contract/ipc';

export type Route =
  | { view: 'search' }
  | { view: 'saved'; filterId?: string }
  | { view: 'card'; kind: 'tender' | 'contract'; id: number; back?: Route }
  | { view: 'contracts' }
  | { view: 'lists'; listId?: string }
  | { view: 'ledger' }
  | { view: 'settings' }
  // A profile of the earlier API generation has its own views (reference document 2).
  | { view: 'filters'; filterId?: number }
  | { view: 'favorites' }
  | { view: 'limits' };

export type ViewName = Route['view'];

interface AppState {
  locale: Locale;
  mode: 'electron' | 'browser';
  version: string;
  activeProfile: ProfileInfo | null;
  online: boolean;
  pendingEdits: number;
  route: Route;
  /** Sync jobs by id, kept current by `sync.progress` events. */
  jobs: Record<string, SyncJob>;
  /** Bumped when the profile changes, so views reload their data. */
  epoch: number;
  navigate(route: Route): void;
  setLocale(locale: Locale): void;
  patch(partial: Partial<Pick<AppState, 'mode' | 'version' | 'activeProfile' | 'online' | 'pendingEdits' | 'locale'>>): void;
  upsertJob(job: SyncJob): void;
  bumpEpoch(): void;
}

export const useAppStore = create<AppState>((set) => ({
  locale: 'ru',
  mode: 'browser',
  version: '',
  activeProfile: null,
  online: true,
  pendingEdits: 0,
  route: { view: 'search' },
  jobs: {},
  epoch: 0,
  navigate: (route) => set({ route }),
  setLocale: (locale) => set({ locale }),
  patch: (partial) => set(partial),
  upsertJob: (job) => set((s) => ({ jobs: { ...s.jobs, [job.jobId]: job } })),
  bumpEpoch: () => set((s) => ({ epoch: s.epoch + 1 })),
}));
