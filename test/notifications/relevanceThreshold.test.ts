/**
 * A followed search's notifications limited to relevant tenders, enforced in the core
 * (notifications/detect.ts): with a threshold, a page is told only when one of its tenders reaches it by the
 * triage model, and the notification says how many do; without one, or while the model has too few labels to
 * score, every page is told as before. The threshold is kept per saved search in the cache (migration 0032); the
 * contract takes only a share strictly between 0 and 1, or null to clear it.
 */
import { describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { notificationStore } from '../../src-main/cache/notificationStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { parseArgs } from '../../src-main/contract/ipc';
import type { NotificationEvent } from '../../src-main/domain/notifications';
import { notificationText } from '../../src-main/i18n/notificationText';
import { Notifier, searchPageEvents, type StoredPageFacts, type Told } from '../../src-main/notifications/index';
import { relevanceOf } from '../../src-main/triage/relevance';
import { tempCache, tenderPage } from '../cache/helpers';
import { deliverAll, fixtureTenders, markByRule, type FixtureTender } from '../triage/fixture';

const NOON_MSK = Date.parse('2026-03-04T12:00:00+03:00');

function store(cache: CacheDb, tenders: readonly FixtureTender[]): StoredPageFacts {
  const page = tenderPage(tenders.map((t) => ({ kind: 'tender', id: t.id, version: 1, billed: true, event: 'created', object: t.object })), { filterId: 'flt_triage' });
  const summary = feedStore(cache).saveFeedPage(page);
  return { filterId: page.filterId, batch: summary.requestSeq ?? page.requestId ?? '', items: page.items, created: summary.created, updated: summary.updated };
}

function setup(labelled: number) {
  const cache = tempCache();
  const tenders = fixtureTenders(500);
  deliverAll(cache, tenders);
  searchStore(cache).upsert({ filterId: 'flt_triage', params: {}, label: 'Компьютеры', events: ['created', 'updated'] });
  markByRule(cache, tenders.slice(0, labelled));
  // New tenders the follow job will bring, with ids of their own.
  const fresh = fixtureTenders(300, 77, 10_001);
  const told: Told[] = [];
  const notifier = new Notifier({ channel: 'app', quietHours: () => null, tell: (t) => told.push(t) });
  const searchNews = () => told.flatMap((t) => (!t.summary && t.event.event === 'saved_search_updated' ? [t.event] : []));
  return { cache, fresh, notifier, searchNews };
}

describe('a followed search’s notifications above a relevance threshold', () => {
  it('a page with no tender reaching the threshold is not told; one with some is, saying how many; cleared, every page is', () => {
    const { cache, fresh, notifier, searchNews } = setup(400);
    notificationStore(cache).setMinRelevance('flt_triage', 0.6);
    expect(notificationStore(cache).minRelevances()).toEqual({ flt_triage: 0.6 });

    const dull = fresh.filter((t) => !t.interesting).slice(0, 10);
    notifier.offer(cache, searchPageEvents(cache, store(cache, dull)), NOON_MSK);
    expect(searchNews()).toEqual([]);

    const mixed = [...fresh.filter((t) => t.interesting).slice(0, 3), ...fresh.filter((t) => !t.interesting).slice(10, 17)];
    notifier.offer(cache, searchPageEvents(cache, store(cache, mixed)), NOON_MSK);
    const { scores } = relevanceOf(cache, mixed.map((t) => t.id));
    const reaching = mixed.filter((t) => scores.get(t.id)! >= 0.6).length;
    expect(reaching).toBeGreaterThanOrEqual(3);
    expect(searchNews()).toEqual([expect.objectContaining({ filter_id: 'flt_triage', created: 10, relevant: reaching, min_relevance: 0.6 })]);
    expect(notificationText(searchNews()[0] as NotificationEvent, 'ru').body).toBe(`10 новых закупок, релевантных от 60 %: ${reaching}`);

    notificationStore(cache).setMinRelevance('flt_triage', null);
    notifier.offer(cache, searchPageEvents(cache, store(cache, fresh.filter((t) => !t.interesting).slice(20, 25))), NOON_MSK);
    expect(searchNews()).toHaveLength(2);
    expect(searchNews()[1]).not.toHaveProperty('relevant');
  });

  it('while the model has too few labels to score, every page is told (news is not dropped on a guess)', () => {
    const { cache, fresh, notifier, searchNews } = setup(20);
    notificationStore(cache).setMinRelevance('flt_triage', 0.9);
    notifier.offer(cache, searchPageEvents(cache, store(cache, fresh.filter((t) => !t.interesting).slice(0, 5))), NOON_MSK);
    expect(searchNews()).toEqual([expect.objectContaining({ created: 5 })]);
    expect(searchNews()[0]).not.toHaveProperty('relevant');
  });

  it('the contract takes a threshold strictly between 0 and 1, or null', () => {
    for (const minRelevance of [0.5, 0.95, null]) expect(parseArgs('notifications.setMinRelevance', { filterId: 'flt_triage', minRelevance }, 'ru').ok).toBe(true);
    for (const minRelevance of [0, 1, 1.5, -0.1, '0.5']) expect(parseArgs('notifications.setMinRelevance', { filterId: 'flt_triage', minRelevance }, 'ru').ok).toBe(false);
  });
});
