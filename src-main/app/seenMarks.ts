/**
 * Saved-search results marked new or changed since the user saw them: the contract methods over
 * the cache's seen store (seenStore.ts). Both generations' profiles have saved searches only in the current
 * generation, so this works on the active session's cache.
 */
import type { Handlers } from '../contract/ipc';
import { seenStore } from '../cache/seenStore';
import type { AppContext } from './context';

type SeenHandlers = Pick<Handlers, 'savedSearches.rowMarks' | 'savedSearches.markRowsSeen'>;

export function seenHandlers(ctx: AppContext): SeenHandlers {
  return {
    'savedSearches.rowMarks': async ({ filterId, ids, counts }) => {
      const session = ctx.session();
      session.current.requireSaved(filterId);
      const seen = seenStore(session.cache);
      seen.ensureBaseline(filterId);
      return { marks: seen.marks(filterId, ids), counts: counts ? seen.counts(filterId) : null };
    },
    'savedSearches.markRowsSeen': async ({ filterId, ids }) => {
      const session = ctx.session();
      session.current.requireSaved(filterId);
      const seen = seenStore(session.cache);
      seen.ensureBaseline(filterId);
      const marked = seen.markSeen(filterId, ids);
      return { marked, counts: seen.counts(filterId) };
    },
  };
}
