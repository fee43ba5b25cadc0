/**
 * The Search view's state, kept in a zustand store so the form, the last preview and the running search
 * survive navigating to a card and back.
 */
import { create } from 'zustand';
import type { MethodResult, TenderCriteria } from '../../../src-main/contract/ipc';
import type { TenderSort } from '../../components/TenderTable';
import { emptyForm, type FieldErrors, type SearchForm, type TenderStatus } from './queryBuilder';

export interface OfflineForm {
  text: string;
  priceFrom: string;
  priceTo: string;
  publishFrom: string;
  publishTo: string;
  endFrom: string;
  endTo: string;
  regions: number[];
  okpd2: string[];
  status: TenderStatus[];
  order: 'newest' | 'relevance';
}

export const emptyOfflineForm = (): OfflineForm => ({
  text: '',
  priceFrom: '',
  priceTo: '',
  publishFrom: '',
  publishTo: '',
  endFrom: '',
  endTo: '',
  regions: [],
  okpd2: [],
  status: [],
  order: 'newest',
});

export interface Preview {
  /** The criteria the preview was made for, as JSON: a changed form makes the preview stale. */
  criteriaKey: string;
  result: MethodResult<'search.preview'>;
}

export interface RunState {
  filterId: string;
  jobId: string;
  criteria: TenderCriteria;
  label: string | null;
  startedAt: string;
}

interface SearchState {
  /** Where to search: the server, the cache's tenders, or «в документах» (the downloaded documents' text). */
  mode: 'online' | 'offline' | 'documents';
  form: SearchForm;
  errors: FieldErrors;
  label: string;
  maxSpend: string;
  /** Also read the stream of changes of tenders already delivered. */
  withUpdates: boolean;
  preview: Preview | null;
  run: RunState | null;
  sort: TenderSort;
  offline: OfflineForm;
  /** The offline query actually run (changes only on "Search the cache"). */
  offlineQuery: OfflineForm | null;
  offlineErrors: FieldErrors;
  setMode(mode: 'online' | 'offline' | 'documents'): void;
  setForm(patch: Partial<SearchForm>): void;
  replaceForm(form: SearchForm): void;
  setErrors(errors: FieldErrors): void;
  set(patch: Partial<Pick<SearchState, 'label' | 'maxSpend' | 'withUpdates' | 'preview' | 'run' | 'sort' | 'offlineQuery' | 'offlineErrors'>>): void;
  setOffline(patch: Partial<OfflineForm>): void;
  reset(): void;
}

export const useSearchStore = create<SearchState>((set) => ({
  mode: 'online',
  form: emptyForm(),
  errors: {},
  label: '',
  maxSpend: '',
  withUpdates: false,
  preview: null,
  run: null,
  sort: { column: 'publishDate', direction: 'desc' },
  offline: emptyOfflineForm(),
  offlineQuery: null,
  offlineErrors: {},
  setMode: (mode) => set({ mode }),
  setForm: (patch) =>
    set((s) => {
      // A field edited clears its own message; the others stay until the next check.
      const errors = { ...s.errors };
      for (const k of Object.keys(patch)) {
        for (const e of Object.keys(errors) as (keyof FieldErrors)[]) if (k.toLowerCase().startsWith(e.replace(/Date$/, '').toLowerCase())) delete errors[e];
      }
      delete errors.form;
      return { form: { ...s.form, ...patch }, errors };
    }),
  replaceForm: (form) => set({ form, errors: {}, preview: null }),
  setErrors: (errors) => set({ errors }),
  set: (patch) => set(patch),
  setOffline: (patch) => set((s) => ({ offline: { ...s.offline, ...patch } })),
  reset: () => set({ form: emptyForm(), errors: {}, label: '', maxSpend: '', preview: null }),
}));
