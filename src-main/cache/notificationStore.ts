/**
 * Notification state (migration 0016, rules in domain/notifications.ts): `add` records an event once per
 * channel and key (a second add of the same key answers null: already known), `held` lists what was recorded
 * but not told yet (quiet hours), `markTold` closes them; muted saved searches, and the relevance a followed
 * search's tenders must reach to be told (migration 0032). Rows older than KEEP_DAYS that
 * were told are dropped as new ones come, so the table stays small.
 */
import type { NotificationChannel, NotificationEvent } from '../domain/notifications';
import { perCache, type CacheDb } from './database';
import { writeTransaction } from './writeRetry';

/** A told event is remembered this long (a deadline or a version is never older news than that). */
const KEEP_DAYS = 60;

export interface HeldNotification {
  id: number;
  event: NotificationEvent;
}

export interface NotificationStore {
  /** Records a new event; null when this channel already has the key (told or held). */
  add(channel: NotificationChannel, key: string, event: NotificationEvent, told: boolean, at?: string): number | null;
  /** Recorded and not told yet, oldest first. */
  held(channel: NotificationChannel): HeldNotification[];
  markTold(ids: readonly number[], at?: string): void;
  setMuted(filterId: string, muted: boolean): void;
  isMuted(filterId: string): boolean;
  muted(): string[];
  /** The relevance (0..1, exclusive) a followed search's delivered tender must reach to be told; null: any. */
  setMinRelevance(filterId: string, minRelevance: number | null): void;
  minRelevance(filterId: string): number | null;
  minRelevances(): Record<string, number>;
}

export const notificationStore = perCache((cache: CacheDb): NotificationStore => {
  const { db } = cache;
  const s = {
    add: db.prepare<[string, string, string, string, string | null]>(
      'INSERT INTO notification (channel, key, event, detected_at, told_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (channel, key) DO NOTHING',
    ),
    trim: db.prepare<[string]>('DELETE FROM notification WHERE told_at IS NOT NULL AND told_at < ?'),
    held: db.prepare<[string], { id: number; event: string }>('SELECT id, event FROM notification WHERE channel = ? AND told_at IS NULL ORDER BY id'),
    told: db.prepare<[string, number]>('UPDATE notification SET told_at = ? WHERE id = ? AND told_at IS NULL'),
    mute: db.prepare<[string, string]>('INSERT INTO notification_muted_search (filter_id, muted_at) VALUES (?, ?) ON CONFLICT (filter_id) DO NOTHING'),
    unmute: db.prepare<[string]>('DELETE FROM notification_muted_search WHERE filter_id = ?'),
    isMuted: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM notification_muted_search WHERE filter_id = ?'),
    muted: db.prepare<[], { filter_id: string }>('SELECT filter_id FROM notification_muted_search ORDER BY filter_id'),
    setMin: db.prepare<[string, number, string]>(
      'INSERT INTO notification_min_relevance (filter_id, min_relevance, set_at) VALUES (?, ?, ?) ON CONFLICT (filter_id) DO UPDATE SET min_relevance = excluded.min_relevance, set_at = excluded.set_at',
    ),
    clearMin: db.prepare<[string]>('DELETE FROM notification_min_relevance WHERE filter_id = ?'),
    min: db.prepare<[string], number>('SELECT min_relevance FROM notification_min_relevance WHERE filter_id = ?').pluck(),
    mins: db.prepare<[], { filter_id: string; min_relevance: number }>('SELECT filter_id, min_relevance FROM notification_min_relevance ORDER BY filter_id'),
  };
  const add = writeTransaction(db, (channel: NotificationChannel, key: string, event: NotificationEvent, told: boolean, at: string): number | null => {
    const r = s.add.run(channel, key, JSON.stringify(event), at, told ? at : null);
    if (r.changes === 0) return null;
    s.trim.run(new Date(Date.parse(at) - KEEP_DAYS * 86_400_000).toISOString());
    return Number(r.lastInsertRowid);
  });
  const markTold = writeTransaction(db, (ids: readonly number[], at: string) => {
    for (const id of ids) s.told.run(at, id);
  });
  return {
    add: (channel, key, event, told, at = new Date().toISOString()) => add(channel, key, event, told, at),
    held: (channel) => s.held.all(channel).map((r) => ({ id: r.id, event: JSON.parse(r.event) as NotificationEvent })),
    markTold: (ids, at = new Date().toISOString()) => markTold(ids, at),
    setMuted: (filterId, muted) => {
      if (muted) s.mute.run(filterId, new Date().toISOString());
      else s.unmute.run(filterId);
    },
    isMuted: (filterId) => s.isMuted.get(filterId) !== undefined,
    muted: () => s.muted.all().map((r) => r.filter_id),
    setMinRelevance: (filterId, minRelevance) => {
      if (minRelevance === null) s.clearMin.run(filterId);
      else s.setMin.run(filterId, minRelevance, new Date().toISOString());
    },
    minRelevance: (filterId) => s.min.get(filterId) ?? null,
    minRelevances: () => Object.fromEntries(s.mins.all().map((r) => [r.filter_id, r.min_relevance])),
  };
});
