/**
 * Notifications: what the analyst is told without looking — a followed saved search got new or
 * changed tenders, a marked tender changed, a deadline of a marked or listed tender is a day away. Rules and
 * shapes in domain/notifications.ts, wording in i18n/notificationText.ts, state in cache/notificationStore.ts
 * (migration 0016).
 *
 * - detect.ts    the three detections, each event with its dedup key
 * - notifier.ts  `Notifier`: dedup per channel, muted searches, quiet hours held and released as one summary
 *
 * Used by the app (app/notificationTeller.ts: sync jobs' pages, versions a card or any other page stored, the
 * deadline timer, the `notify` event) and the CLI (`sync --follow` prints one line per event).
 */
export { deadlineSoonEvents, markedChangeEvents, searchPageEvents, storedPageFacts, type KeyedEvent, type StoredPageFacts } from './detect';
export { Notifier, type NotifierOptions, type Told } from './notifier';
