/**
 * The app's teller (app/notificationTeller.ts): a follow job's page is news of its search and of the marked
 * tenders it changed; another sync job's page only of the marked tenders (the analyst started it and watches
 * it); turned off in the settings, nothing reaches the window.
 */
import { describe, expect, it } from 'vitest';
import { AppNotifications } from '../../src-main/app/notificationTeller';
import type { SettingsFile } from '../../src-main/workspace/settings';
import { DEFAULT_SETTINGS } from '../../src-main/workspace/settings';
import { feedStore } from '../../src-main/cache/feedStore';
import { markStore } from '../../src-main/cache/markStore';
import type { EventPayload } from '../../src-main/contract/ipc';
import type { StoredPage } from '../../src-main/sync/ports';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

function setup(enabled = true) {
  const cache = tempCache();
  const told: EventPayload<'notify'>[] = [];
  const settings = { value: { ...DEFAULT_SETTINGS, notifications: { enabled, quietHours: null } } } as unknown as SettingsFile;
  const teller = new AppNotifications({ settings, locale: () => 'ru', emit: (event, payload) => event === 'notify' && told.push(payload as EventPayload<'notify'>), cache: () => cache });
  feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 1)), tenderItem(tender(2, 1))]));
  markStore(cache).apply({ tender_ids: [1], status: 'preparing' });
  /** Stores a page and hands it to the teller as a job would. */
  const jobPage = (items: ReturnType<typeof tenderItem>[], following: boolean): void => {
    const page = tenderPage(items);
    const summary = feedStore(cache).saveFeedPage(page);
    const stored: StoredPage = { filterId: page.filterId, feed: 'tender', stream: 'created', cursor: 'c', requestId: null, receivedAt: page.receivedAt, items: [...page.items] };
    teller.pageStored(cache, stored, summary, following);
  };
  return { teller, told, jobPage };
}

describe('the app\'s teller', () => {
  it('a sync job that is not following tells only of marked tenders; a follow job of its search too', () => {
    const { teller, told, jobPage } = setup();
    jobPage([tenderItem(tender(1, 2)), tenderItem(tender(3, 1))], false);
    expect(told.map((n) => [n.kind, n.title, n.body, n.target])).toEqual([['marked_tender_changed', 'Отмеченная закупка изменилась', 'Поставка канцелярских товаров для нужд учреждения 1', { view: 'card', tenderId: 1 }]]);
    jobPage([tenderItem(tender(4, 1))], true);
    expect(told.map((n) => n.kind)).toEqual(['marked_tender_changed', 'saved_search_updated']);
    teller.close();
  });

  it('turned off, nothing reaches the window', () => {
    const { teller, told, jobPage } = setup(false);
    jobPage([tenderItem(tender(1, 2)), tenderItem(tender(3, 1))], true);
    expect(told).toEqual([]);
    teller.close();
  });
});
