/**
 * Search: the query builder over every QUERY criterion, the cost preview (at most one unit), running the
 * search as a saved search with a progress bar and a spend cap, and its results from the cache; a second mode
 * searches the cache alone, free and offline.
 */
import { useAppStore } from '../../state/store';
import { useStrings, type Strings } from '../../i18n/i18n';
import { DocumentSearch } from './DocumentSearch';
import { OfflineSearch } from './OfflineSearch';
import { OnlineSearch } from './OnlineSearch';
import { useSearchStore } from './searchStore';

const strings: Strings<{ title: string; online: string; offline: string; documents: string; modes: string }> = {
  ru: { title: 'Поиск закупок', online: 'На сервере', offline: 'В кэше (офлайн)', documents: 'В документах', modes: 'Где искать' },
  en: { title: 'Tender search', online: 'On the server', offline: 'In the cache (offline)', documents: 'In the documents', modes: 'Where to search' },
};

export function SearchView() {
  const s = useStrings(strings);
  // The earlier API generation has no search on the server (its tenders come through its filters): only
  // the cache is searched there.
  const earlier = useAppStore((st) => st.activeProfile?.generation === 'earlier');
  const chosen = useSearchStore((st) => st.mode);
  const mode = earlier && chosen !== 'offline' ? 'offline' : chosen;
  const setMode = useSearchStore((st) => st.setMode);
  const online = useAppStore((st) => st.online);
  return (
    <section className="view search" data-testid="view-search" aria-labelledby="search-title">
      <div className="view__head">
        <h1 id="search-title">{s.title}</h1>
        <div className="search__modes" role="tablist" aria-label={s.modes}>
          {!earlier && (
            <button type="button" role="tab" aria-selected={mode === 'online'} data-testid="mode-online" className={mode === 'online' ? 'tab tab--active' : 'tab'} onClick={() => setMode('online')}>
              {s.online}
              {!online && ' ⚠'}
            </button>
          )}
          <button type="button" role="tab" aria-selected={mode === 'offline'} data-testid="mode-offline" className={mode === 'offline' ? 'tab tab--active' : 'tab'} onClick={() => setMode('offline')}>
            {s.offline}
          </button>
          {/* The documents' own offline search: the current generation's cards list the documents. */}
          {!earlier && (
            <button type="button" role="tab" aria-selected={mode === 'documents'} data-testid="mode-documents" className={mode === 'documents' ? 'tab tab--active' : 'tab'} onClick={() => setMode('documents')}>
              {s.documents}
            </button>
          )}
        </div>
      </div>
      {mode === 'online' ? <OnlineSearch /> : mode === 'documents' ? <DocumentSearch /> : <OfflineSearch />}
    </section>
  );
}
