/**
 * Notifications over a fixture cache: the three detections (a followed search's page as one event
 * with counts, a marked tender's newer version, a marked or listed tender's deadline within a day), each told
 * once per channel, a muted search silent in the app, and quiet hours (Moscow time) holding events in the cache
 * and releasing them as one summary when they end, also after a restart.
 */
import { describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { markStore } from '../../src-main/cache/markStore';
import { notificationStore } from '../../src-main/cache/notificationStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { inQuietHours, type NotificationChannel, type QuietHours } from '../../src-main/domain/notifications';
import { heldSummaryText, notificationText } from '../../src-main/i18n/notificationText';
import { deadlineSoonEvents, Notifier, searchPageEvents, type StoredPageFacts, type Told } from '../../src-main/notifications/index';
import type { FeedPage } from '../../src-main/cache/feedStore';
import type { NotificationEvent } from '../../src-main/domain/notifications';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

/** Wednesday 4 March 2026, 12:00 Moscow. */
const NOON_MSK = Date.parse('2026-03-04T12:00:00+03:00');

function store(cache: CacheDb, page: FeedPage): StoredPageFacts {
  const summary = feedStore(cache).saveFeedPage(page);
  return { filterId: page.filterId, batch: summary.requestSeq ?? page.requestId ?? '', items: page.items, created: summary.created, updated: summary.updated };
}

function teller(channel: NotificationChannel = 'app', quiet: QuietHours | null = null): { notifier: Notifier; told: Told[] } {
  const told: Told[] = [];
  return { notifier: new Notifier({ channel, quietHours: () => quiet, tell: (t) => told.push(t) }), told };
}

/** The event a single (not summary) notification tells. */
function eventOf(t: Told | undefined): NotificationEvent {
  if (!t || t.summary) throw new Error('expected a single notification');
  return t.event;
}

function fixture(): CacheDb {
  const cache = tempCache();
  searchStore(cache).upsert({ filterId: 'flt_test', params: {}, label: 'Бумага', events: ['created', 'updated'] });
  return cache;
}

describe('a followed saved search', () => {
  it('a page that adds tenders is one event with counts, told once; a repeat of known versions tells nothing', () => {
    const cache = fixture();
    const { notifier, told } = teller();
    const page = store(cache, tenderPage([1, 2, 3].map((id) => tenderItem(tender(id, 1)))));
    notifier.offer(cache, searchPageEvents(cache, page), NOON_MSK);
    notifier.offer(cache, searchPageEvents(cache, page), NOON_MSK);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ summary: false, event: { event: 'saved_search_updated', filter_id: 'flt_test', label: 'Бумага', created: 3, updated: 0 }, target: { view: 'search', filterId: 'flt_test' } });
    expect(notificationText(eventOf(told[0]), 'ru')).toEqual({ title: 'Бумага', body: '3 новые закупки' });
    expect(notificationText(eventOf(told[0]), 'en')).toEqual({ title: 'Бумага', body: '3 new tenders' });
    // The same versions delivered again (a rebuilt feed): nothing new for the search, nothing told.
    notifier.offer(cache, searchPageEvents(cache, store(cache, tenderPage([1, 2].map((id) => tenderItem(tender(id, 1)))))), NOON_MSK);
    // One tender changed: a second batch.
    notifier.offer(cache, searchPageEvents(cache, store(cache, tenderPage([tenderItem(tender(2, 2))]))), NOON_MSK);
    expect(told).toHaveLength(2);
    expect(notificationText(eventOf(told[1]), 'ru').body).toBe('1 закупка изменилась');
  });

  it('a muted search is silent in the app, not in the CLI, and speaks again when unmuted', () => {
    const cache = fixture();
    const app = teller('app');
    const cli = teller('cli');
    notificationStore(cache).setMuted('flt_test', true);
    const first = searchPageEvents(cache, store(cache, tenderPage([tenderItem(tender(1, 1))])));
    app.notifier.offer(cache, first, NOON_MSK);
    cli.notifier.offer(cache, first, NOON_MSK);
    expect(app.told).toHaveLength(0);
    expect(cli.told).toHaveLength(1);
    notificationStore(cache).setMuted('flt_test', false);
    app.notifier.offer(cache, searchPageEvents(cache, store(cache, tenderPage([tenderItem(tender(4, 1))]))), NOON_MSK);
    expect(app.told.map((t) => !t.summary && t.event.event)).toEqual(['saved_search_updated']);
  });
});

describe('a marked tender changed', () => {
  it('a version newer than the marked one is told once per version; unmarked tenders are not', () => {
    const cache = fixture();
    store(cache, tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]));
    markStore(cache).apply({ tender_ids: [1], status: 'reviewing' });
    const { notifier, told } = teller();
    const page = store(cache, tenderPage([tenderItem(tender(1, 2, { name: 'Бумага офисная А4' })), tenderItem(tender(2, 2))]));
    const events = searchPageEvents(cache, page).filter((e) => e.event.event === 'marked_tender_changed');
    notifier.offer(cache, events, NOON_MSK);
    notifier.offer(cache, events, NOON_MSK);
    expect(told.map((t) => !t.summary && t.event)).toEqual([{ event: 'marked_tender_changed', tender_id: 1, name: 'Бумага офисная А4', version: 2, marked_version: 1 }]);
    expect(told[0]!.target).toEqual({ view: 'card', tenderId: 1 });
  });
});

describe('a deadline is a day away', () => {
  it('marked and listed tenders whose deadline is within a day, each once per deadline; a moved deadline again', () => {
    const cache = fixture();
    const inHours = (h: number): string => new Date(NOON_MSK + h * 3_600_000).toISOString();
    store(cache, tenderPage([
      tenderItem(tender(1, 1, { end: inHours(20) })), // marked, within a day
      tenderItem(tender(2, 1, { end: inHours(5) })), // listed, within a day
      tenderItem(tender(3, 1, { end: inHours(30) })), // marked, later
      tenderItem(tender(4, 1, { end: inHours(3) })), // neither marked nor listed
      tenderItem(tender(5, 1, { end: inHours(-2) })), // marked, already past
    ]));
    markStore(cache).apply({ tender_ids: [1, 3, 5], add_tags: ['Срочно'] });
    listStore(cache).upsertList({ listId: 'lst_1', name: 'Кровля', createdAt: '2026-02-01T10:00:00Z' });
    listStore(cache).setItems('lst_1', [2, 1]);
    const { notifier, told } = teller();
    notifier.offer(cache, deadlineSoonEvents(cache, NOON_MSK), NOON_MSK);
    notifier.offer(cache, deadlineSoonEvents(cache, NOON_MSK + 600_000), NOON_MSK + 600_000);
    expect(told.map((t) => !t.summary && t.event.event === 'deadline_soon' && [t.event.tender_id, t.event.end_date]).sort()).toEqual([
      [1, inHours(20)],
      [2, inHours(5)],
    ]);
    expect(notificationText(eventOf(told.find((t) => !t.summary && t.event.event === 'deadline_soon' && t.event.tender_id === 2)), 'ru').title).toBe('Приём заявок до 4 марта в 17:00 МСК');
    // The deadline of tender 1 moves two hours later: told again, for the new deadline.
    store(cache, tenderPage([tenderItem(tender(1, 2, { end: inHours(22) }))]));
    notifier.offer(cache, deadlineSoonEvents(cache, NOON_MSK + 1_200_000), NOON_MSK + 1_200_000);
    expect(told).toHaveLength(3);
    expect(told[2]).toMatchObject({ event: { tender_id: 1, end_date: inHours(22) }, target: { view: 'calendar' } });
  });
});

describe('quiet hours (Moscow time)', () => {
  const QUIET: QuietHours = { from: '22:00', to: '08:00' };
  const msk = (hhmm: string, day = '05'): number => Date.parse(`2026-03-${day}T${hhmm}:00+03:00`);

  it('spans midnight in Moscow time; equal ends mean none', () => {
    expect([msk('21:59', '04'), msk('22:00', '04'), msk('03:00'), msk('07:59'), msk('08:00')].map((t) => inQuietHours(QUIET, t))).toEqual([false, true, true, true, false]);
    expect(inQuietHours({ from: '13:00', to: '14:00' }, msk('13:30'))).toBe(true);
    expect(inQuietHours({ from: '08:00', to: '08:00' }, msk('08:00'))).toBe(false);
    expect(inQuietHours(null, msk('03:00'))).toBe(false);
  });

  it('events during them are held in the cache and told as one summary when they end, after a restart too', () => {
    const cache = fixture();
    const night = teller('app', QUIET);
    night.notifier.offer(cache, searchPageEvents(cache, store(cache, tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]))), msk('23:00', '04'));
    night.notifier.offer(cache, searchPageEvents(cache, store(cache, tenderPage([tenderItem(tender(3, 1))]))), msk('02:00'));
    night.notifier.release(cache, msk('03:00'));
    expect(night.told).toHaveLength(0);
    // The app restarts: a new teller over the same cache releases what the first one held.
    const morning = teller('app', QUIET);
    morning.notifier.release(cache, msk('08:01'));
    morning.notifier.release(cache, msk('08:02'));
    expect(morning.told).toHaveLength(1);
    const summary = morning.told[0]!;
    expect(summary.summary).toBe(true);
    expect(summary.summary && summary.events.map((e) => e.event === 'saved_search_updated' && e.created)).toEqual([2, 1]);
    // Both lead to the same search's results, so the summary does too.
    expect(summary.target).toEqual({ view: 'search', filterId: 'flt_test' });
    expect(heldSummaryText(summary.summary ? summary.events : [], 'ru')).toEqual({ title: 'Пока уведомления молчали: 2 уведомления', body: 'обновились сохранённые поиски: 2' });
    // Held events were already recorded: detected again, they are not told a second time.
    expect(notificationStore(cache).held('app')).toEqual([]);
  });
});
