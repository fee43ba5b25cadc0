/**
 * `tenderwb sync --follow`'s events: one line per notification event — a followed search's page of
 * new or changed tenders, a marked tender's newer version, a marked or listed tender's deadline within a day —
 * or, with `--json`, one object per line (`{"event": "saved_search_updated" | "marked_tender_changed" |
 * "deadline_soon", ...its fields, "title", "body"}`), so a script can forward them. Deduplicated on the CLI's own
 * channel (a line printed once is not printed by the next run; the app's notifications are told apart). No
 * quiet hours and no mutes here: a script asked for this search, and decides itself what to forward.
 */
import type { CacheDb } from '../cache/database';
import type { PageStoredListener } from '../current/deps';
import { notificationText } from '../i18n/notificationText';
import type { Locale } from '../i18n/text';
import { deadlineSoonEvents, Notifier, searchPageEvents, storedPageFacts, type Told } from '../notifications/index';
import type { TriageOptions } from '../triage/triage';
import type { Output } from './output';

/** How often a long follow looks for deadlines that came within a day. */
const DEADLINE_CHECK_MS = 10 * 60_000;

export function followEvents(cache: CacheDb, out: Output, locale: Locale, triage: TriageOptions = {}): { onStored: PageStoredListener; stop(): void } {
  const print = (told: Told): void => {
    if (told.summary) return; // the CLI holds nothing, so it never sums up
    const { title, body } = notificationText(told.event, locale);
    out.result({ ...told.event, title, body }, `${title}: ${body}`);
  };
  const notifier = new Notifier({ channel: 'cli', quietHours: () => null, tell: print });
  const deadlines = (): void => notifier.offer(cache, deadlineSoonEvents(cache, Date.now()));
  deadlines();
  const timer = setInterval(deadlines, DEADLINE_CHECK_MS);
  timer.unref();
  return {
    onStored: (page, summary) => notifier.offer(cache, searchPageEvents(cache, storedPageFacts(page, summary), triage)),
    stop: () => clearInterval(timer),
  };
}
