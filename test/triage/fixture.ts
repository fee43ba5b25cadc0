/**
 * Fixture caches for triage with a known hidden rule of interest: the analyst pursues computers
 * (OKPD2 group 26.20) for Moscow customers (region 77), and nothing else. The titles mislead a keyword filter:
 * «компьютер» is in the computers of every region and in the computed tomographs (OKPD2 26.60) too, and every
 * title carries random noise words. Deterministic (a seeded generator), so a test's numbers never drift.
 * Free of vitest (no test/cache/helpers import), so bench/triage.ts builds the same cache.
 */
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { markStore } from '../../src-main/cache/markStore';
import type { CacheDb } from '../../src-main/cache/database';

/** mulberry32: a small seeded generator, so the fixture is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS = [
  { id: 77, name: 'г. Москва' },
  { id: 50, name: 'Московская область' },
  { id: 78, name: 'г. Санкт-Петербург' },
  { id: 66, name: 'Свердловская область' },
];

const KINDS = [
  { okpd2: '26.20.11.110', titles: ['Поставка компьютеров', 'Поставка компьютерной техники', 'Закупка персональных компьютеров и ноутбуков'] },
  { okpd2: '26.60.11.111', titles: ['Поставка компьютерного томографа', 'Компьютерный томограф для больницы', 'Поставка медицинского оборудования: томограф компьютерный'] },
  { okpd2: '62.01.11.000', titles: ['Разработка программного обеспечения для компьютеров', 'Сопровождение компьютерных программ'] },
  { okpd2: '17.12.14.110', titles: ['Поставка бумаги для компьютерной печати', 'Поставка канцелярских товаров'] },
];

const NOISE = ['срочно', 'качественный', 'новый', 'современный', 'гарантия', 'сертифицированный', 'отечественный', 'надёжный', 'комплект', 'доставка', 'монтаж', 'обучение'];

export interface FixtureTender {
  id: number;
  object: Record<string, unknown>;
  /** The hidden rule: does the analyst pursue it. */
  interesting: boolean;
}

export const hiddenRule = (okpd2: string, region: number): boolean => okpd2.startsWith('26.20') && region === 77;

/** `count` tenders, ids from `firstId`, published one hour apart (the newest last). */
export function fixtureTenders(count: number, seed = 31, firstId = 1): FixtureTender[] {
  const rnd = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: FixtureTender[] = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const kind = pick(KINDS);
    const region = pick(REGIONS);
    const noise = [pick(NOISE), pick(NOISE)];
    const publish = new Date(Date.UTC(2026, 5, 1, 7) + i * 3_600_000).toISOString();
    const end = new Date(Date.UTC(2026, 5, 1, 7) + i * 3_600_000 + (5 + Math.floor(rnd() * 30)) * 86_400_000).toISOString();
    // Shaped as the API delivers a tender (as test/cache/helpers.ts `tender` does).
    const object = {
      id,
      etp_id: `0373100${String(id).padStart(12, '0')}`,
      version: 1,
      name: `${pick(kind.titles)} ${noise.join(' ')}`,
      description: `Объект закупки: ${pick(kind.titles).toLowerCase()}. ${pick(NOISE)}`,
      law: '44-FZ',
      purchase_type: { id: 1, name: '44-ФЗ' },
      placement_type: { id: 1, name: 'Электронный аукцион' },
      platform: { id: 2, name: 'Сбербанк-АСТ' },
      region,
      status: { id: 1, code: 'active', name: 'Подача заявок' },
      price: Math.round(50_000 + rnd() * 5_000_000),
      currency: 'RUB',
      publish_date: publish,
      start_date: publish,
      end_date: end,
      end_date_computed: false,
      update_date: publish,
      okpd2: [{ code: kind.okpd2, name: null }],
      organization: { name: `Заказчик ${id % 40}`, inn: String(7700000000 + (id % 40)) },
    };
    out.push({ id, object, interesting: hiddenRule(kind.okpd2, region.id) });
  }
  return out;
}

/** Delivers the tenders into the cache through the real write path (one feed page per 500). */
export function deliverAll(cache: CacheDb, tenders: readonly FixtureTender[]): void {
  for (let i = 0; i < tenders.length; i += 500) {
    const items: FeedItem[] = tenders.slice(i, i + 500).map((t) => ({ kind: 'tender', id: t.id, version: 1, billed: true, event: 'created', object: t.object }));
    feedStore(cache).saveFeedPage({
      filterId: 'flt_triage',
      feed: 'tender',
      stream: 'created,updated',
      cursor: `cur_triage_${i}`,
      requestId: `req_triage_${String(i).padStart(12, '0')}`,
      receivedAt: new Date(Date.UTC(2026, 6, 1, 12, 0, i / 500)).toISOString(),
      items,
    });
  }
}

/** The analyst's decisions as pipeline statuses: «На рассмотрении» for the interesting ones, «Отказались» for the rest. */
export function markByRule(cache: CacheDb, tenders: readonly FixtureTender[], at = '2026-06-20T10:00:00.000Z'): void {
  const pursued = tenders.filter((t) => t.interesting).map((t) => t.id);
  const declined = tenders.filter((t) => !t.interesting).map((t) => t.id);
  if (pursued.length) markStore(cache).apply({ tender_ids: pursued, status: 'reviewing' }, at);
  if (declined.length) markStore(cache).apply({ tender_ids: declined, status: 'declined' }, at);
}
