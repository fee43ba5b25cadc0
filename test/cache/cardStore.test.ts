import { describe, expect, it } from 'vitest';
import { cardStore, type CardInput } from '../../src-main/cache/cardStore';
import { CacheInputError } from '../../src-main/cache/errors';
import { feedStore } from '../../src-main/cache/feedStore';
import { cacheStats } from '../../src-main/cache/stats';
import { versionStore } from '../../src-main/cache/versionStore';
import { contract, tempCache, tender, tenderItem, tenderPage } from './helpers';

function tenderCard(id: number, version: number, page: number, limit: number, titles: string[], extra: Record<string, unknown> = {}): CardInput {
  return {
    kind: 'tender',
    id,
    version,
    positionsPage: page,
    positionsLimit: limit,
    requestId: `req_card_${id}_${version}_${page}`,
    receivedAt: '2026-07-03T08:00:00Z',
    billed: false,
    card: {
      ...tender(id, version),
      lots: [{ ordinal: 1, title: 'Лот 1' }],
      positions: titles.map((title, i) => ({ position_ordinal: (page - 1) * limit + i + 1, title })),
      positions_page: page,
      positions_page_size: limit,
      documents: [],
      ...extra,
    },
  };
}

describe('cards', () => {
  it('a card is cached per kind, id, version, positions page and limit, so re-opening it needs no request', () => {
    const cache = tempCache();
    const cards = cardStore(cache);
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(10, 1))]));
    const input = tenderCard(10, 1, 1, 20, ['Бумага А4', 'Ручка шариковая'], { future_field: { a: 1 } });
    const summary = cards.saveCard(input);
    expect(summary).toMatchObject({ items: 1, newVersions: 0, repeats: 1, billed: 0 });

    expect(cards.getCard('tender', 10, 1, 1, 20)).toEqual(input.card);
    expect(cards.getCardJson('tender', 10, 1, 1, 20)).toBe(JSON.stringify(input.card));
    expect(cards.getCard('tender', 10, 1, 2, 20)).toBeUndefined();
    expect(cards.getCard('tender', 10, 1, 1, 50)).toBeUndefined();
    expect(cards.getCard('tender', 10, 2, 1, 20)).toBeUndefined();

    cards.saveCard(tenderCard(10, 1, 2, 20, ['Скрепки']));
    expect(cards.cachedPages('tender', 10, 1)).toEqual([
      { positionsPage: 1, positionsLimit: 20 },
      { positionsPage: 2, positionsLimit: 20 },
    ]);
    expect(cards.latestCardVersion('tender', 10)).toBe(1);
    expect(cards.latestCardVersion('tender', 11)).toBeUndefined();

    // Every card delivery is logged with via 'card' and no event.
    const log = versionStore(cache).deliveries('tender', 10, 1);
    expect(log.map((d) => [d.via, d.event, d.filterId])).toEqual([
      ['feed', 'created', 'flt_test'],
      ['card', null, null],
      ['card', null, null],
    ]);
  });

  it('a card of a version never delivered before stores that version (charged once, never lost)', () => {
    const cache = tempCache();
    const cards = cardStore(cache);
    const summary = cards.saveCard({ ...tenderCard(20, 3, 1, 20, ['Вакцина']), billed: true });
    expect(summary).toMatchObject({ newVersions: 1, billed: 1 });
    const versions = versionStore(cache);
    expect(versions.latestVersion('tender', 20)).toBe(3);
    expect(versions.get('tender', 20, 3)).toMatchObject({ firstVia: 'card' });
    expect(cards.latestCardVersion('tender', 20)).toBe(3);
  });

  it('re-fetching the same card page replaces it (one row), and the delivery is logged again', () => {
    const cache = tempCache();
    const cards = cardStore(cache);
    cards.saveCard(tenderCard(30, 1, 1, 20, ['Старое']));
    cards.saveCard(tenderCard(30, 1, 1, 20, ['Новое']));
    expect((cards.getCard('tender', 30, 1, 1, 20) as { positions: { title: string }[] }).positions[0]!.title).toBe('Новое');
    expect(cacheStats(cache).cachedCards).toBe(1);
    expect(versionStore(cache).deliveries('tender', 30)).toHaveLength(2);
  });

  it('contract cards are cached the same way', () => {
    const cache = tempCache();
    const cards = cardStore(cache);
    const card = { ...contract(50, 2, 7), positions: [{ title: 'Бумага' }] };
    cards.saveCard({ kind: 'contract', id: 50, version: 2, positionsPage: 1, positionsLimit: 20, requestId: 'req_c', receivedAt: '2026-07-03T00:00:00Z', billed: true, card });
    expect(cards.getCard('contract', 50, 2, 1, 20)).toEqual(card);
    expect(versionStore(cache).latestVersion('contract', 50)).toBe(2);
  });

  it('refuses a card without its page and limit', () => {
    const cache = tempCache();
    expect(() => cardStore(cache).saveCard({ ...tenderCard(1, 1, 1, 20, []), positionsPage: 0 })).toThrow(CacheInputError);
  });
});
