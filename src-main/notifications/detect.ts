/**
 * Detection of the three events (rules in domain/notifications.ts), each with the key it is deduplicated by:
 * from a stored page of a followed saved search (`searchPageEvents`: one event per page with its counts; the
 * marked tenders the page brought newer versions of), from any versions stored (`markedChangeEvents`: a card
 * fetched, a first page), and from the cache at an instant (`deadlineSoonEvents`:
 * marked or listed tenders whose submission deadline is within a day).
 */
import { listStore } from '../cache/listStore';
import { tenderMarksFor } from '../cache/markStore';
import { notificationStore } from '../cache/notificationStore';
import { searchStore } from '../cache/searchStore';
import type { CacheDb } from '../cache/database';
import { deadlineEvents } from '../calendar/index';
import { notificationKey, type NotificationEvent } from '../domain/notifications';
import type { CalendarScope } from '../domain/calendar';
import type { DeliverySummary } from '../cache/versionStore';
import type { StoredPage } from '../sync/ports';
import { relevanceOf } from '../triage/relevance';
import type { TriageOptions } from '../triage/triage';

export interface KeyedEvent {
  key: string;
  event: NotificationEvent;
}

/** What a stored page is to the detector: the search it belongs to, its items, and what it added to that search. */
export interface StoredPageFacts {
  filterId: string;
  /** The page's own number (the request row), so two pages of the same search are two batches. */
  batch: number | string;
  items: readonly { kind: string; id: number; version: number; object: unknown }[];
  /** Items of event created / updated this search had not delivered before. */
  created: number;
  updated: number;
}

const DAY_MS = 86_400_000;

/** The facts of a page the sync engine stored, with what the cache said it added (its request row is the batch). */
export const storedPageFacts = (page: StoredPage, summary: DeliverySummary): StoredPageFacts => ({
  filterId: page.filterId,
  batch: summary.requestSeq ?? page.requestId ?? page.receivedAt,
  items: page.items,
  created: summary.created,
  updated: summary.updated,
});

const nameOf = (object: unknown): string | null => {
  if (typeof object !== 'object' || object === null) return null;
  const name = (object as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? name : null;
};

/**
 * The saved search's batch (when the page added or changed tenders) and the marked tenders it changed. A search
 * with a relevance threshold (notificationStore.minRelevance) is told of a batch only when at least
 * one of the page's tenders reaches it by the triage model, and the event says how many do; while the model has
 * too few labels to score, every batch is told as before (news is not dropped on a guess).
 */
export function searchPageEvents(cache: CacheDb, page: StoredPageFacts, triage: TriageOptions = {}): KeyedEvent[] {
  const out: KeyedEvent[] = [];
  if (page.created + page.updated > 0) {
    const relevance = relevantOfPage(cache, page, triage);
    if (relevance === null || relevance.relevant > 0) {
      const event: NotificationEvent = {
        event: 'saved_search_updated',
        filter_id: page.filterId,
        label: searchStore(cache).get(page.filterId)?.label ?? null,
        created: page.created,
        updated: page.updated,
        ...(relevance ?? {}),
      };
      out.push({ key: notificationKey(event, page.batch), event });
    }
  }
  return [...out, ...markedChangeEvents(cache, page.items)];
}

/** How many of the page's tenders reach the search's threshold; null when it has none or the model cannot score yet. */
function relevantOfPage(cache: CacheDb, page: StoredPageFacts, triage: TriageOptions): { relevant: number; min_relevance: number } | null {
  const min = notificationStore(cache).minRelevance(page.filterId);
  if (min === null) return null;
  const ids = [...new Set(page.items.filter((i) => i.kind === 'tender').map((i) => i.id))];
  let relevance: ReturnType<typeof relevanceOf>;
  try {
    relevance = relevanceOf(cache, ids, triage);
  } catch {
    // Scoring writes (a model retrained); where the cache cannot take it, the page is told as if no threshold.
    return null;
  }
  const { ready, scores } = relevance;
  if (!ready) return null;
  return { relevant: ids.filter((id) => (scores.get(id) ?? 0) >= min).length, min_relevance: min };
}

/** Tenders with marks that the items bring a version newer than the one they were marked on. */
export function markedChangeEvents(cache: CacheDb, items: StoredPageFacts['items']): KeyedEvent[] {
  const newest = new Map<number, { version: number; object: unknown }>();
  for (const item of items) {
    if (item.kind !== 'tender') continue;
    const seen = newest.get(item.id);
    if (!seen || item.version > seen.version) newest.set(item.id, { version: item.version, object: item.object });
  }
  if (!newest.size) return [];
  const out: KeyedEvent[] = [];
  for (const [id, marks] of tenderMarksFor(cache, [...newest.keys()])) {
    const item = newest.get(id);
    if (!item || marks.marked_version === null || item.version <= marks.marked_version) continue;
    const event: NotificationEvent = { event: 'marked_tender_changed', tender_id: id, name: nameOf(item.object), version: item.version, marked_version: marks.marked_version };
    out.push({ key: notificationKey(event), event });
  }
  return out;
}

/** Marked or listed tenders whose submission deadline is after `now` and within a day of it (each once). */
export function deadlineSoonEvents(cache: CacheDb, now: number): KeyedEvent[] {
  const scopes: CalendarScope[] = [{ kind: 'marked' }, ...listStore(cache).lists().map((l): CalendarScope => ({ kind: 'list', listId: l.listId }))];
  const byTender = new Map<number, KeyedEvent>();
  for (const scope of scopes) {
    for (const e of deadlineEvents(cache, scope, { from: now, to: now + DAY_MS })) {
      if (e.kind !== 'submission' || byTender.has(e.tender_id)) continue;
      const event: NotificationEvent = { event: 'deadline_soon', tender_id: e.tender_id, name: e.title, end_date: e.at };
      byTender.set(e.tender_id, { key: notificationKey(event), event });
    }
  }
  return [...byTender.values()];
}
