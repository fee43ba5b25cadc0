/**
 * Saved searches: filters the user keeps under a label. The label rule (one label names one set) lives here
 * once: the app refuses with a contract error, the CLI with its own sentence, both from `labelOwner`.
 */
import type { CacheDb } from '../cache/database';
import type { SavedSearchInfo } from '../contract/ipc';
import { searchStore, type SavedSearch } from '../cache/searchStore';
import { viewQueries } from '../cache/viewQueries';
import { AppError, appError } from '../domain/appError';
import { notFoundText } from '../i18n/notFoundText';
import type { Wired } from './deps';

/**
 * The other saved search that already holds `label`, or null when the label is free for this one: held by no
 * search, by this filter (`filterId`), or by a search of the same criteria (`params`, when given: the same set
 * asked again, whose filter id the server has not named yet).
 */
export function labelOwner(w: Wired, label: string, filterId: string | null, params?: unknown): SavedSearch | null {
  const owner = searchStore(w.cache).getByLabel(label);
  if (!owner || owner.filterId === filterId) return null;
  if (params !== undefined && JSON.stringify(owner.params) === JSON.stringify(params)) return null;
  return owner;
}

export class LabelTakenError extends AppError {
  constructor(
    readonly label: string,
    readonly owner: SavedSearch,
  ) {
    super('conflict', { ru: `Название «${label}» уже занято другим поиском.`, en: `The label "${label}" already names another search.` });
  }
}

/** `labelOwner`, refused. */
export function checkLabel(w: Wired, label: string, filterId: string | null, params?: unknown): void {
  const owner = labelOwner(w, label, filterId, params);
  if (owner) throw new LabelTakenError(label, owner);
}

/** A saved search by label or filter id (an id-looking key is tried as an id first): the CLI's way to name one. */
export function findSaved(cache: CacheDb, key: string): SavedSearch | undefined {
  const searches = searchStore(cache);
  return key.startsWith('flt_') ? (searches.get(key) ?? searches.getByLabel(key)) : (searches.getByLabel(key) ?? searches.get(key));
}

export function requireSearch(w: Wired, filterId: string): SavedSearch {
  const s = searchStore(w.cache).get(filterId);
  if (!s) {
    const missing = notFoundText({ kind: 'saved_search', id: filterId });
    throw appError('not_found', missing.ru, missing.en);
  }
  return s;
}

export function savedSearchInfo(w: Wired, s: SavedSearch): SavedSearchInfo {
  const views = viewQueries(w.cache);
  return {
    filterId: s.filterId,
    label: s.label,
    criteria: (s.params && typeof s.params === 'object' ? s.params : {}) as Record<string, unknown>,
    events: s.events,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    lastSyncAt: views.lastPageAt(s.filterId),
    expiresAt: s.expiresAt,
    newSinceSeen: s.newSinceSeen,
    updatedSinceSeen: s.updatedSinceSeen,
    cachedCount: views.filterTenderCount(s.filterId),
    total: views.filterTotal(s.filterId, 'tender'),
    following: w.deps.jobs?.isFollowing(s.filterId) ?? false,
  };
}

export function rename(w: Wired, filterId: string, label: string): SavedSearchInfo {
  const s = requireSearch(w, filterId);
  checkLabel(w, label, filterId);
  return savedSearchInfo(w, searchStore(w.cache).upsert({ filterId, params: s.params, events: s.events, label }));
}

export function markSeen(w: Wired, filterId: string): SavedSearchInfo {
  requireSearch(w, filterId);
  searchStore(w.cache).markSeen(filterId);
  return savedSearchInfo(w, requireSearch(w, filterId));
}

/** Starts or stops following a saved search (a job that long-polls for new events until stopped). */
export async function follow(w: Wired, filterId: string, on: boolean): Promise<SavedSearchInfo> {
  const s = requireSearch(w, filterId);
  const jobs = w.jobs();
  const running = jobs.runningFor(filterId);
  if (on) {
    if (running && !running.spec.follow) await jobs.cancelFilter(filterId);
    jobs.start({ filterId, label: s.label, feeds: ['tender'], streams: s.events, follow: true });
  } else if (running?.spec.follow) await jobs.cancelFilter(filterId);
  return savedSearchInfo(w, requireSearch(w, filterId));
}

/** Deletes the filter on the server (through the outbox) and forgets the search; its tenders stay cached. */
export async function extinguish(w: Wired, filterId: string): Promise<{ extinguished: true }> {
  requireSearch(w, filterId);
  await w.deps.jobs?.cancelFilter(filterId);
  if (!w.deps.mutate) throw new Error('This workbench has no outbox sender.');
  try {
    // Through the outbox: with no network it is sent later, under the same Idempotency-Key.
    await w.deps.mutate({ op: 'filter.delete', payload: { filterId } });
  } catch (e) {
    // Already gone on the server (expired, extinguished elsewhere): forgetting it here is all that is left.
    if (!(e && typeof e === 'object' && (e as { code?: unknown }).code === 'not_found')) throw e;
  }
  // The search goes; the tenders it delivered stay in the cache (paid for, searchable offline).
  searchStore(w.cache).remove(filterId);
  return { extinguished: true };
}
