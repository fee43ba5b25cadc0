import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import { OfflineQueryError } from '../../src-main/cache/errors';
import { feedStore } from '../../src-main/cache/feedStore';
import { offlineSearch, parseText, type OfflineQuery } from '../../src-main/cache/offlineSearch';
import { tempCache, tender, tenderItem, tenderPage, type TenderOverrides } from './helpers';

const CATALOGUE: [number, TenderOverrides][] = [
  [1, { name: 'Поставка компьютерной техники', price: 1_500_000, region: 77, okpd2: ['26.20.11.110'], publish: '2026-07-01T10:00:00+03:00' }],
  [2, { name: 'Поставка техники компьютерной и оргтехники', price: 400_000, region: 50, okpd2: ['26.20.15.000'], publish: '2026-07-05T10:00:00+03:00' }],
  [3, { name: 'Ремонт кровли здания школы', price: 2_500_000, region: 77, okpd2: ['43.91.19.110'], law: '223-FZ', publish: '2026-07-10T10:00:00+03:00' }],
  [4, { name: 'Поставщик услуг связи: оказание услуг', price: 90_000, region: 16, okpd2: ['61.10.11.000'], status: 'completed', publish: '2026-08-01T10:00:00+03:00' }],
  [5, { name: 'Поставки ёлочных игрушек', price: 50_000, region: 77, okpd2: ['32.99.59.000'], law: 'commercial', publish: '2026-08-20T23:30:00+03:00', end: '2026-09-01T09:00:00+03:00' }],
  [6, { name: 'Ремонт асфальтового покрытия', price: 9_000_000, region: 50, okpd2: ['42.11.20.000'], status: 'cancelled', publish: '2026-09-02T10:00:00+03:00' }],
  [7, { name: 'Закупка вакцины против гриппа', price: 3_000_000, region: 16, okpd2: ['21.20.21.111'], publish: '2026-09-03T10:00:00+03:00', customer: 'ГБУЗ «Городская поликлиника № 3»' }],
];

function seeded() {
  const cache = tempCache();
  const items = CATALOGUE.map(([id, o]) => tenderItem(tender(id, 1, { description: 'Объект закупки описан в документации.', ...o })));
  feedStore(cache).saveFeedPage(tenderPage(items));
  return { cache, search: offlineSearch(cache) };
}

const ids = (search: ReturnType<typeof offlineSearch>, q: OfflineQuery): number[] => search.search(q).rows.map((r) => r.id);

describe('offline search', () => {
  it('words must all match; newest (latest discovered) first', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'компьютерной' })).toEqual([2, 1]);
    expect(ids(search, { text: 'ремонт' })).toEqual([6, 3]);
    expect(ids(search, { text: 'ремонт кровли' })).toEqual([3]);
    expect(ids(search, { text: 'ПОСТАВКА Техники' })).toEqual([2, 1]);
  });

  it('a Russian word finds its other forms, as the API does (the stem is matched as a prefix)', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'кровля' })).toEqual([3]); // кровли
    expect(ids(search, { text: 'здание' })).toEqual([3]); // здания
    expect(ids(search, { text: 'игрушки' })).toEqual([5]); // игрушек
    // "поставка" loses -ка like in the sandbox's matching: поставки, поставщик and поставка all match.
    expect(ids(search, { text: 'поставка' })).toEqual([5, 4, 2, 1]);
    expect(search.compile({ text: 'кровля' }).match).toBe('"кровли"');
    // Short words and phrases stay exact.
    expect(ids(search, { text: 'гриппа' })).toEqual([7]);
    expect(ids(search, { text: '"ремонт кровля"' })).toEqual([]);
  });

  it('an adjective in -ый, -ий, -ой finds its other forms (the stem is cut with its й: the index keeps й as written)', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'асфальтовый' })).toEqual([6]); // асфальтового
    expect(ids(search, { text: 'компьютерный' })).toEqual([2, 1]); // компьютерной
    expect(ids(search, { text: 'городской' })).toEqual([7]); // Городская
  });

  it('a "phrase" needs its words adjacent and in order', () => {
    const { search } = seeded();
    expect(ids(search, { text: '"компьютерной техники"' })).toEqual([1]);
    expect(ids(search, { text: '"техники компьютерной"' })).toEqual([2]);
    expect(ids(search, { text: '"кровли школы"' })).toEqual([]);
  });

  it('a prefix* finds every form (постав* : поставка, поставки, поставщик)', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'постав*' })).toEqual([5, 4, 2, 1]);
    expect(ids(search, { text: 'компьют* тех*' })).toEqual([2, 1]);
    expect(ids(search, { text: 'несуществ*' })).toEqual([]);
    expect(ids(search, { text: '"поставка компьют"*' })).toEqual([1]);
    expect(search.compile({ text: 'постав*' }).match).toBe('("поставка" OR "поставки" OR "поставщик")');
    expect(ids(search, { text: 'по*' })).toEqual([7, 6, 5, 4, 2, 1]); // поликлиника, покрытия, поставки, поставщик, поставка
  });

  it('minus words exclude, OR offers alternatives', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'постав* -техники' })).toEqual([5, 4]);
    expect(ids(search, { text: 'ремонт -"асфальтового покрытия"' })).toEqual([3]);
    expect(ids(search, { text: 'кровли OR вакцины' })).toEqual([7, 3]);
    expect(ids(search, { text: 'кровли ИЛИ асфальтового ремонт' })).toEqual([6, 3]);
    expect(() => search.search({ text: '-ремонт' })).toThrow(OfflineQueryError);
  });

  it('ё is е, in the text and in the query', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'елочных' })).toEqual([5]);
    expect(ids(search, { text: 'ёлочных' })).toEqual([5]);
  });

  it('customer names and descriptions are searched too', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'поликлиника' })).toEqual([7]);
    expect(search.search({ text: 'документации' }).rows).toHaveLength(7);
  });

  it('structured filters: price, dates (a date is the whole Moscow day), region, OKPD2 prefix, status, law', () => {
    const { search } = seeded();
    expect(ids(search, { price: { from: 1_000_000, to: 3_000_000 } })).toEqual([7, 3, 1]);
    expect(ids(search, { price: { from: 5_000_000 } })).toEqual([6]);
    expect(ids(search, { text: 'поставка', price: { to: 500_000 } })).toEqual([5, 4, 2]);
    expect(ids(search, { publishDate: { from: '2026-07-05', to: '2026-08-20' } })).toEqual([5, 4, 3, 2]);
    expect(ids(search, { publishDate: { from: '2026-08-21' } })).toEqual([7, 6]);
    expect(ids(search, { endDate: { from: '2026-08-25T00:00:00+03:00' } })).toEqual([5]);
    expect(ids(search, { endDate: { from: '2026-09-01', to: '2026-09-01' } })).toEqual([5]); // by week tags
    expect(ids(search, { publishDate: { from: '2026-07-01', to: '2026-07-05' } })).toEqual([2, 1]);
    expect(ids(search, { publishDate: { from: '2026-08-20', to: '2026-08-20' } })).toEqual([5]); // 23:30 Moscow is still that day
    expect(ids(search, { publishDate: { from: '2026-08-21', to: '2026-08-21' } })).toEqual([]);
    expect(ids(search, { publishDate: { from: '2020-01-01', to: '2030-01-01' } })).toHaveLength(7); // too long for tags: checked only
    expect(ids(search, { regions: [77] })).toEqual([5, 3, 1]);
    expect(ids(search, { regions: [50, 16], text: 'ремонт' })).toEqual([6]);
    expect(ids(search, { okpd2: ['26.20'] })).toEqual([2, 1]);
    expect(ids(search, { okpd2: ['26.20.1'] })).toEqual([2, 1]);
    expect(ids(search, { okpd2: ['26.20.11.110'] })).toEqual([1]);
    expect(ids(search, { okpd2: ['26.20.11.1'] })).toEqual([1]); // 7 digits: among whole codes
    expect(ids(search, { okpd2: ['26.20.1', '26.20.15.0'] })).toEqual([2, 1]);
    expect(ids(search, { okpd2: ['26.20.11.2'] })).toEqual([]);
    expect(ids(search, { okpd2: ['4'] })).toEqual([6, 3]);
    expect(ids(search, { okpd2: ['21', '61'] })).toEqual([7, 4]);
    expect(ids(search, { status: ['completed', 'cancelled'] })).toEqual([6, 4]);
    expect(ids(search, { law: ['223-FZ'] })).toEqual([3]);
    expect(ids(search, { law: ['commercial', '44-FZ'], regions: [77] })).toEqual([5, 1]);
  });

  it('no words and no filters lists everything, newest first', () => {
    const { search } = seeded();
    expect(ids(search, {})).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('pages: keyset (nextBefore) and offset give the same rows', () => {
    const { search } = seeded();
    const first = search.search({ text: 'документации' }, { limit: 3 });
    expect(first.rows.map((r) => r.id)).toEqual([7, 6, 5]);
    const second = search.search({ text: 'документации' }, { limit: 3, before: first.nextBefore! });
    expect(second.rows.map((r) => r.id)).toEqual([4, 3, 2]);
    expect(search.search({ text: 'документации' }, { limit: 3, offset: 3 }).rows.map((r) => r.id)).toEqual([4, 3, 2]);
    const last = search.search({ text: 'документации' }, { limit: 3, before: second.nextBefore! });
    expect(last).toEqual({ rows: [expect.objectContaining({ id: 1 })], nextBefore: null });
  });

  it('count is exact under the cap and says so when capped', () => {
    const { search } = seeded();
    expect(search.count({ text: 'документации' })).toEqual({ count: 7, exact: true });
    expect(search.count({ text: 'документации' }, 5)).toEqual({ count: 5, exact: false });
    expect(search.count({ regions: [77], text: 'постав*' })).toEqual({ count: 2, exact: true });
  });

  it('result rows are summaries of the latest version', () => {
    const { cache, search } = seeded();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(3, 2, { name: 'Ремонт кровли здания школы', price: 2_400_000, status: 'completed', region: 77, publish: '2026-07-10T10:00:00+03:00' }))]));
    const [row] = search.search({ text: 'кровли' }).rows;
    expect(row).toEqual({
      seq: 3,
      id: 3,
      version: 2,
      name: 'Ремонт кровли здания школы',
      customer: 'ГБОУ Школа № 1',
      price: 2_400_000,
      publishDate: '2026-07-10T10:00:00+03:00',
      endDate: '2026-07-20T09:00:00+03:00',
      regionId: 77,
      status: 'completed',
      law: '44-FZ',
    });
    // The index follows the latest version: the old status and price no longer match.
    expect(ids(search, { text: 'кровли', status: ['active'] })).toEqual([]);
    expect(ids(search, { text: 'кровли', status: ['completed'] })).toEqual([3]);
  });

  it('a changed title re-indexes; the row keeps its place (newest = first discovered here)', () => {
    const { cache, search } = seeded();
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 2, { name: 'Поставка серверного оборудования', region: 77 }))]));
    expect(ids(search, { text: 'компьютерной' })).toEqual([2]);
    expect(ids(search, { text: 'серверного' })).toEqual([1]);
    expect(ids(search, {}).at(-1)).toBe(1);
  });

  it('position titles from cached cards are searched', () => {
    const { cache, search } = seeded();
    expect(ids(search, { text: 'ноутбук' })).toEqual([]);
    cardStore(cache).saveCard({
      kind: 'tender',
      id: 1,
      version: 1,
      positionsPage: 1,
      positionsLimit: 20,
      requestId: 'req_card',
      receivedAt: '2026-07-02T00:00:00Z',
      billed: false,
      card: { ...tender(1, 1, { name: 'Поставка компьютерной техники' }), positions: [{ title: 'Ноутбук 15,6"' }, { title: 'Монитор 27"' }] },
    });
    expect(ids(search, { text: 'ноутбук' })).toEqual([1]);
    expect(ids(search, { text: 'монитор* поставка' })).toEqual([1]);
  });

  it('relevance order is opt-in and ranks within the newest matches', () => {
    const { search } = seeded();
    const ranked = search.search({ text: 'постав* OR техники' }, { order: 'relevance' });
    expect(ranked.rows.map((r) => r.id).sort()).toEqual([1, 2, 4, 5]);
    expect(ranked.rows.every((r) => typeof r.score === 'number')).toBe(true);
    expect(ranked.nextBefore).toBeNull();
  });

  it('a word spelled like a tag never matches a tag', () => {
    const { search } = seeded();
    expect(ids(search, { text: 'ʘr77' })).toEqual([]);
    expect(search.compile({ text: 'ʘr77' }).match).toBe('"r77"');
  });

  it('parses what a user types', () => {
    expect(parseText('a "b c"* -d OR e f* -"g h"')).toEqual({
      groups: [
        [{ type: 'word', text: 'a', prefix: false, negated: false }],
        [{ type: 'phrase', text: 'b c', prefix: true, negated: false }],
        [{ type: 'word', text: 'e', prefix: false, negated: false }],
        [{ type: 'word', text: 'f', prefix: true, negated: false }],
      ],
      excluded: [
        { type: 'word', text: 'd', prefix: false, negated: true },
        { type: 'phrase', text: 'g h', prefix: false, negated: true },
      ],
    });
    expect(() => offlineSearch(tempCache()).search({ text: '— + …' })).toThrow(OfflineQueryError);
    expect(() => offlineSearch(tempCache()).search({ publishDate: { from: 'вчера' } })).toThrow(/not a date/);
    expect(() => offlineSearch(tempCache()).search({ okpd2: ['abc'] })).toThrow(/OKPD2/);
    expect(() => offlineSearch(tempCache()).search({ text: 'п*' })).toThrow(/two letters/);
  });
});
