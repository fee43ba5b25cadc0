/**
 * The app's teller of notifications, over the notifications workbench
 * (src-main/notifications/). A sync job's stored page is offered as it lands (`pageStored`, from the
 * workbench's onJobPageStored hook), and every version stored elsewhere (`versionsStored`: a card, a first
 * page) for the marked tenders it changed; a timer (each minute) looks for deadlines a day away and releases what
 * quiet hours held. Worded in the user's language here; turned off in the settings, nothing is sent (what is
 * detected meanwhile is still recorded as told, so turning them on again does not bring a flood of old news).
 * A failure here never fails the sync that stored the page: notifications are a courtesy, the data is stored.
 */
import type { CacheDb } from '../cache/database';
import type { EventName, EventPayload, Locale } from '../contract/ipc';
import type { DeliverySummary } from '../cache/versionStore';
import type { StoredPage } from '../sync/ports';
import type { StoredVersion } from '../current/deps';
import { heldSummaryText, notificationText } from '../i18n/notificationText';
import { deadlineSoonEvents, markedChangeEvents, Notifier, searchPageEvents, storedPageFacts, type KeyedEvent, type Told } from '../notifications/index';
import type { SettingsFile } from '../workspace/settings';

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

  /**
   * A sync job's stored page (CurrentDeps.onJobPageStored): a follow job's is news of its search and of the marked
   * tenders it changed; any other job's (a sync the analyst started, and is watching) only of the marked tenders.
   */
  pageStored(cache: CacheDb, page: StoredPage, summary: DeliverySummary, following: boolean): void {
    try {
      this.notifier.offer(cache, following ? searchPageEvents(cache, storedPageFacts(page, summary), this.deps.settings.value.triage) : markedChangeEvents(cache, page.items));
    } catch {
      // See the module comment: the page is stored whatever happens here.
    }
  }

  /**
   * Versions stored anywhere (CurrentDeps.onVersionsStored: a card opened, a list's tenders or a search's
   * first page read): news of the marked tenders they changed. A job's page comes here and to `pageStored`
   * both; each event is recorded once per key (a tender at a version), so it is told once.
   */
  versionsStored(cache: CacheDb, items: readonly StoredVersion[]): void {
    try {
      this.notifier.offer(cache, markedChangeEvents(cache, items));
    } catch {
      // As in pageStored: what was stored stays stored whatever happens here.
    }
  }

  /** Marked tenders whose documentation changed, found by the automatic download (app/autoDocuments.ts). */
  documentsChanged(cache: CacheDb, events: readonly KeyedEvent[]): void {
    try {
      this.notifier.offer(cache, events);
    } catch {
      // As in pageStored: the documents are stored whatever happens here.
    }
  }

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
    const kind = told.summary ? 'summary' : told.event.event;
    this.deps.emit('notify', { id: told.id, kind, ...text, target: told.target });
  }
}
