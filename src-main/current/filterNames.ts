/**
 * Filter names for every surface that names a filter by its id (the ledger view and its export, the spend per
 * search, `tenderwb ledger`): what the cache remembers of each filter (cache/filterNameStore.ts, kept after a
 * saved search is deleted) told in words by the one naming function (i18n/filterName.ts), with the names of the
 * lists and filters a set refers to. One namer per answer: each filter is looked up once.
 */
import type { CacheDb } from '../cache/database';
import { filterNameStore } from '../cache/filterNameStore';
import { contractFeedParty } from '../cache/insightStore';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import { filterName, type FilterFacts } from '../i18n/filterName';
import type { Locale } from '../i18n/text';

/** Names filters in `locale`; a null filter (a card, no saved search) stays null. */
export function filterNamer(cache: CacheDb, locale: Locale): (filterId: string | null) => string | null {
  const known = filterNameStore(cache);
  const searches = searchStore(cache);
  const lists = listStore(cache);
  const names = new Map<string, string>();
  const name = (filterId: string, depth: number): string => {
    const cached = names.get(filterId);
    if (cached !== undefined) return cached;
    const f = known.get(filterId);
    const live = searches.get(filterId);
    // The saved search as it is now wins (a rename not yet seen by anything else); the memory keeps the rest.
    const facts: FilterFacts | undefined = live
      ? { feed: 'tender', criteria: (live.params ?? {}) as Record<string, unknown>, label: live.label, saved: true, deleted: false }
      : f && { feed: f.feed, criteria: f.criteria, label: f.label, saved: f.saved, deleted: f.saved };
    const result = filterName(filterId, facts, locale, {
      listName: (listId) => lists.getList(listId)?.name ?? null,
      filterName: (other) => (depth < 2 && other !== filterId ? name(other, depth + 1) : null),
      party: facts === undefined ? contractFeedParty(cache, filterId) : null,
    });
    names.set(filterId, result);
    return result;
  };
  return (filterId) => (filterId === null ? null : name(filterId, 0));
}

/**
 * A set's name before the server has named its filter (a job's label, shown while it runs and when it ends):
 * the words its ledger rows will carry, so the job and the ledger name it alike.
 */
export function setName(cache: CacheDb, feed: 'tender' | 'contract', body: Record<string, unknown>, locale: Locale): string {
  const lists = listStore(cache);
  const named = filterNamer(cache, locale);
  return filterName('', { feed, criteria: body, label: null, saved: false, deleted: false }, locale, { listName: (listId) => lists.getList(listId)?.name ?? null, filterName: named });
}
