/**
 * The teller: events detected (detect.ts) are recorded once per channel and key (cache/notificationStore.ts),
 * muted saved searches dropped (the app's channel only: the CLI follows what it was asked to), and told at once
 * or, during quiet hours, held in the cache and told as ONE summary when they end (`release`, called by the
 * app's timer), so nothing is lost, also across a restart.
 */
import type { CacheDb } from '../cache/database';
import { notificationStore } from '../cache/notificationStore';
import { inQuietHours, notificationTarget, type NotificationChannel, type NotificationEvent, type NotificationTarget, type QuietHours } from '../domain/notifications';
import type { KeyedEvent } from './detect';

/** One thing to tell: a single event, or the summary of those held during quiet hours. */
export type Told =
  | { id: number; summary: false; event: NotificationEvent; target: NotificationTarget }
  | { id: number; summary: true; events: NotificationEvent[]; target: NotificationTarget | null };

export interface NotifierOptions {
  channel: NotificationChannel;
  /** Null or equal ends: no quiet hours. */
  quietHours(): QuietHours | null;
  tell(told: Told): void;
}

export class Notifier {
  constructor(private readonly options: NotifierOptions) {}

  /** Records the new ones among these events and tells them now, or holds them when it is quiet. */
  offer(cache: CacheDb, events: readonly KeyedEvent[], now = Date.now()): void {
    const store = notificationStore(cache);
    const quiet = inQuietHours(this.options.quietHours(), now);
    const at = new Date(now).toISOString();
    for (const { key, event } of events) {
      if (this.options.channel === 'app' && event.event === 'saved_search_updated' && store.isMuted(event.filter_id)) continue;
      const id = store.add(this.options.channel, key, event, !quiet, at);
      if (id !== null && !quiet) this.options.tell({ id, summary: false, event, target: notificationTarget(event) });
    }
  }

  /** Outside quiet hours, tells what was held: one event as itself, several as one summary. */
  release(cache: CacheDb, now = Date.now()): void {
    if (inQuietHours(this.options.quietHours(), now)) return;
    const store = notificationStore(cache);
    const held = store.held(this.options.channel);
    if (!held.length) return;
    store.markTold(held.map((h) => h.id), new Date(now).toISOString());
    if (held.length === 1) {
      const [one] = held;
      this.options.tell({ id: one!.id, summary: false, event: one!.event, target: notificationTarget(one!.event) });
      return;
    }
    const targets = new Set(held.map((h) => JSON.stringify(notificationTarget(h.event))));
    // One place all of them lead to is where the summary leads; otherwise it just brings the app forward.
    const target = targets.size === 1 ? notificationTarget(held[0]!.event) : null;
    this.options.tell({ id: held[held.length - 1]!.id, summary: true, events: held.map((h) => h.event), target });
  }
}
