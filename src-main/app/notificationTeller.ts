/**
 * The app's teller of notifications (issue 16), over the notifications workbench
 * (src-main/notifications/). A follow job's stored page is offered as it lands (`pageStored`, from the
 * workbench's onFollowPageStored hook); a timer (each minute) looks for deadlines a day away and releases what
 * quiet hours held. Worded in the user's language here; turned off in the settings, nothing is sent (what is
 * detected meanwhile is still recorded as told, so turning them on again does not bring a flood of old news).
 * A failure here never fails the sync that stored the page: notifications are a courtesy, the data is stored.
 */
import type { CacheDb } from '../cache/database';
import type { EventName, EventPayload, Locale } from '../contract/ipc';
import type { PageStoredListener } from '../current/deps';
import { heldSummaryText, notificationText } from '../i18n/notificationText';
import { deadlineSoonEvents, Notifier, searchPageEvents, type Told } from '../notifications/index';
import type { SettingsFile } from './settings';

const CHECK_MS = 60_000;

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface AppNotificationsDeps {
  settings: SettingsFile;
  locale(): Locale;
  emit: Emit;
  /** The active profile's cache, if any. */
  cache(): CacheDb | null;
  /** How often deadlines and quiet hours are looked at (tests call `check` themselves). */
  checkMs?: number;
}

export class AppNotifications {
  private readonly notifier: Notifier;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: AppNotificationsDeps) {
    this.notifier = new Notifier({ channel: 'app', quietHours: () => deps.settings.value.notifications.quietHours, tell: (t) => this.tell(t) });
    this.timer = setInterval(() => this.check(), deps.checkMs ?? CHECK_MS);
    this.timer.unref();
  }

  /** A follow job's stored page (CurrentDeps.onFollowPageStored). */
  readonly pageStored = (cache: CacheDb): PageStoredListener => (page, summary) => {
    try {
      const batch = summary.requestSeq ?? page.requestId ?? page.receivedAt;
      this.notifier.offer(cache, searchPageEvents(cache, { filterId: page.filterId, batch, items: page.items, created: summary.created, updated: summary.updated }));
    } catch {
      // See the module comment: the page is stored whatever happens here.
    }
  };

  /** Deadlines a day away, and what quiet hours held once they are over. */
  check(now = Date.now()): void {
    const cache = this.deps.cache();
    if (!cache) return;
    try {
      this.notifier.release(cache, now);
      this.notifier.offer(cache, deadlineSoonEvents(cache, now), now);
    } catch {
      // A cache closed under the timer (a profile switch) is looked at again next time.
    }
  }

  close(): void {
    clearInterval(this.timer);
  }

  private tell(told: Told): void {
    if (!this.deps.settings.value.notifications.enabled) return;
    const locale = this.deps.locale();
    const text = told.summary ? heldSummaryText(told.events, locale) : notificationText(told.event, locale);
    this.deps.emit('notify', { id: told.id, kind: told.summary ? 'summary' : told.event.event, ...text, target: told.target });
  }
}
