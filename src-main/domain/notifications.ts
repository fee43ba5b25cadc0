/**
 * Notifications: the events the app tells the analyst about, language-neutral. Detected by
 * src-main/notifications/, kept in the cache (migration 0016) so each is told once per channel, worded by
 * i18n/notificationText.ts, sent to the window as the `notify` event and printed by `tenderwb sync --follow`.
 *
 * Rules:
 * - A followed saved search's stored page that added or changed tenders is ONE event with counts, never one per
 *   tender (a page of 100 tenders is one notification).
 * - A marked tender changed: a version newer than the one its marks were set on was stored; told once per
 *   (tender, version).
 * - A marked tender's documentation changed: between its two newest held cards, the newer one after
 *   the version its marks were set on, documents were added, removed or their text changed (documents/
 *   autoDownload.ts, once both are downloaded and read); told once per (tender, version), in one line
 *   (i18n/documentChangeText.ts).
 * - A deadline is soon: the submission deadline (`end_date`) of a marked or listed tender is within a day;
 *   told once per (tender, deadline): a moved deadline is told again.
 * - Quiet hours are Moscow time (every time the app shows is Moscow time, deadlines included, so a quiet
 *   period typed in another zone would be the one odd time on screen); events that come during them are held
 *   in the cache and told as one summary when they end, so nothing is lost, also across a restart.
 */
import { MOSCOW_OFFSET_MS } from './calendar';

export type NotificationEvent =
  | {
      event: 'saved_search_updated';
      filter_id: string;
      label: string | null;
      created: number;
      updated: number;
      /** With the search's relevance threshold: how many of the delivered tenders reach it, and the threshold. */
      relevant?: number;
      min_relevance?: number;
    }
  | { event: 'marked_tender_changed'; tender_id: number; name: string | null; version: number; marked_version: number | null }
  | { event: 'deadline_soon'; tender_id: number; name: string | null; end_date: string }
  | {
      event: 'marked_documents_changed';
      tender_id: number;
      name: string | null;
      from_version: number;
      version: number;
      /** Each document added, removed or changed, with its own one-line summary (documents/documentDiff.ts). */
      changes: DocumentChangeFact[];
    };

/** One document's change as a notification keeps it: language-neutral but for its summary, kept in both languages. */
export type DocumentChangeFact = { document: string; change: 'added' | 'removed' | 'changed'; summary: { ru: string; en: string } };

export type NotificationKind = NotificationEvent['event'];

/** Where a click on the notification leads. */
export type NotificationTarget =
  | { view: 'search'; filterId: string }
  | { view: 'card'; tenderId: number }
  | { view: 'calendar' };

/** Who a notification was told to: the app's window, or the CLI's follow output (each deduplicated on its own). */
export type NotificationChannel = 'app' | 'cli';

/** The key an event is deduplicated by (see the rules above); `batch` tells one saved-search page from another. */
export function notificationKey(e: NotificationEvent, batch?: number | string): string {
  switch (e.event) {
    case 'saved_search_updated':
      return `search:${e.filter_id}:${batch ?? ''}`;
    case 'marked_tender_changed':
      return `marked:${e.tender_id}:${e.version}`;
    case 'deadline_soon':
      return `deadline:${e.tender_id}:${e.end_date}`;
    case 'marked_documents_changed':
      return `documents:${e.tender_id}:${e.version}`;
  }
}

export function notificationTarget(e: NotificationEvent): NotificationTarget {
  switch (e.event) {
    case 'saved_search_updated':
      return { view: 'search', filterId: e.filter_id };
    case 'marked_tender_changed':
    case 'marked_documents_changed':
      return { view: 'card', tenderId: e.tender_id };
    case 'deadline_soon':
      return { view: 'calendar' };
  }
}

/** Quiet hours "HH:MM" to "HH:MM", Moscow time; `from` after `to` spans midnight; equal means none. */
export interface QuietHours {
  from: string;
  to: string;
}

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What a time that is not HH:MM is told (the contract's refusal and the settings form alike). */
export const HHMM_WORDS = { ru: 'Время в формате ЧЧ:ММ, например 22:00', en: 'A time as HH:MM, e.g. 22:00' } as const;

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the instant falls in the quiet hours (Moscow time). */
export function inQuietHours(q: QuietHours | null, at: number): boolean {
  if (!q || q.from === q.to) return false;
  const m = Math.floor(((at + MOSCOW_OFFSET_MS) / 60_000) % 1440);
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  return from < to ? m >= from && m < to : m >= from || m < to;
}
