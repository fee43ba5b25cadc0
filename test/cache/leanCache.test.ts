/**
 * A cache that stays lean. Bodies written in Brotli (migration 0023), cards in a rowid table whose leaf
 * pages hold them whole, repeated texts and Moscow dates of the per-tender rows kept compactly (migration 0024),
 * and a cache made by the schema before migrates with every body, card and row it held, byte for byte.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardStore, type CardInput } from '../../src-main/cache/cardStore';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { MIGRATIONS, latestSchemaVersion } from '../../src-main/cache/migrations/index';
import { insightStore } from '../../src-main/cache/insightStore';
import { runMaintenance } from '../../src-main/cache/maintenance';
import { CODEC_BROTLI, CODEC_DEFLATE, decodeBlob, encodeBlob } from '../../src-main/cache/packCodec';
import { versionStore } from '../../src-main/cache/versionStore';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { moscowRendering, storedViewDate } from '../../src-main/cache/viewDates';
import type { FeedItem } from '../../src-main/cache/feedStore';
import { contract, contractItem, tempDir, tender, tenderItem, tenderPage } from './helpers';

/** A card with `positions` positions of varied text (so it compresses to about what a real card does). */
function card(id: number, version: number, positions: number): CardInput {
  return {
    kind: 'tender',
    id,
    version,
    positionsPage: 1,
    positionsLimit: positions,
    requestId: `req_card_${id}_${version}`,
    receivedAt: '2026-07-03T08:00:00Z',
    billed: false,
    card: {
      ...tender(id, version),
      positions: Array.from({ length: positions }, (_, i) => ({
        position_ordinal: i + 1,
        title: `Позиция ${i + 1}: ${((id * 7919 + i * 104729) % 1000003).toString(36)} изделие ${(i * 31 + id) % 97} арт. ${(id * 13 + i * 17) % 100003}`,
        okpd2: { code: `17.12.${String(i % 90).padStart(2, '0')}.${String((id + i) % 1000).padStart(3, '0')}` },
        quantity: (i * 37 + id) % 500,
        unit_price: ((i * 7331 + id * 13) % 100000) / 100,
      })),
      positions_page: 1,
      positions_page_size: positions,
    },
  };
}

/** Dates as servers send them: Moscow's rendering (most), another offset, UTC, fractions, none, not a date. */
const DATES = ['2026-07-01T10:00:00+03:00', '2026-07-01T10:00:00+05:00', '2026-07-01T07:00:00Z', '2026-07-01T10:00:00.250+03:00', undefined, 'скоро'];
const REGIONS = ['г. Москва', 'Воронежская область', 'Республика Саха (Якутия)'];

/** Tender `id` with a date, region and placement picked by its id (so each kind of value occurs). */
function varied(id: number, version: number, o: Parameters<typeof tender>[2] = {}): Record<string, unknown> {
  const publish = DATES[id % DATES.length];
  return tender(id, version, {
    ...o,
    publish,
    end: DATES[(id + 1) % DATES.length],
    extra: {
      region: { id: 77 + (id % 3), name: REGIONS[id % 3] },
      placement_type: id % 4 === 0 ? { id: 9, name: 'Закупка у единственного поставщика' } : { id: 1, name: 'Электронный аукцион' },
      ...(publish === undefined ? { publish_date: undefined } : {}),
    },
  });
}

/** Tenders 1..60 in versions 1 and 2, contracts of 1..20, and cards of tenders 1..12 (two of contracts' tenders at two page sizes). */
function fill(cache: CacheDb): void {
  const feeds = feedStore(cache);
  for (let page = 0; page < 3; page++) {
    const items = Array.from({ length: 20 }, (_, i) => tenderItem(varied(page * 20 + i + 1, 1, { name: `Поставка ${page * 20 + i + 1}` })));
    feeds.saveFeedPage(tenderPage(items, { receivedAt: `2026-07-01T12:00:0${page}.000Z` }));
  }
  feeds.saveFeedPage(tenderPage(Array.from({ length: 30 }, (_, i) => tenderItem(varied(i + 1, 2, { price: 90_000 + i }))), { receivedAt: '2026-07-01T12:00:05.000Z' }));
  feeds.saveFeedPage(tenderPage(Array.from({ length: 20 }, (_, i) => contractItem(contract(i + 1, 1, i + 1))), { feed: 'contract' }));
  const cards = cardStore(cache);
  for (let id = 1; id <= 12; id++) cards.saveCard(card(id, id <= 6 ? 2 : 1, 20));
  cards.saveCard({ ...card(3, 2, 50), requestId: 'req_card_3_50' });
}

interface Held {
  versions: Map<string, string>;
  cards: Map<string, { json: string; body: Buffer; codec: number }>;
  packs: Map<number, { codec: number; body: Buffer }>;
}

/** What the tables show of tenders 1..60, and their facts for the dossiers and flags (readers of the latest schema). */
function shown(cache: CacheDb): { rows: unknown[]; facts: unknown[] } {
  const ids = Array.from({ length: 60 }, (_, i) => i + 1);
  return { rows: viewQueries(cache).tenderRows(ids), facts: insightStore(cache).tenderFactsByIds(ids) };
}

function held(cache: CacheDb): Held {
  const store = versionStore(cache);
  const versions = new Map<string, string>();
  for (const k of store.allVersions()) versions.set(`${k.kind}:${k.id}:${k.version}`, store.getJson(k.kind, k.id, k.version)!);
  const cards = new Map<string, { json: string; body: Buffer; codec: number }>();
  const rows = cache.db
    .prepare<[], { kind: number; id: number; version: number; positions_page: number; positions_limit: number; codec: number; body: Buffer }>(
      'SELECT kind, id, version, positions_page, positions_limit, codec, body FROM card',
    )
    .all();
  for (const r of rows) {
    const json = cardStore(cache).getCardJson(r.kind === 1 ? 'tender' : 'contract', r.id, r.version, r.positions_page, r.positions_limit)!;
    cards.set(`${r.kind}:${r.id}:${r.version}:${r.positions_page}:${r.positions_limit}`, { json, body: r.body, codec: r.codec });
  }
  const packs = new Map<number, { codec: number; body: Buffer }>();
  for (const p of cache.db.prepare<[], { pack_id: number; codec: number; body: Buffer }>('SELECT pack_id, codec, body FROM version_pack').all()) {
    packs.set(p.pack_id, { codec: p.codec, body: p.body });
  }
  return { versions, cards, packs };
}

describe('a lean cache', () => {
  it('a cache made at schema 0022 migrates with every version and card still there, readable, and byte for byte as written', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 22) });
    fill(old);
    const before = held(old);
    expect(before.versions.size).toBe(60 + 30 + 20); // every card is of a version the feed delivered
    expect(before.cards.size).toBe(13);
    expect([...before.packs.values()].every((p) => p.codec === CODEC_DEFLATE)).toBe(true);
    old.close();

    const cache = openCache(file);
    try {
      expect(cache.db.pragma('user_version', { simple: true })).toBe(latestSchemaVersion());
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(cache.db.pragma('foreign_key_check')).toEqual([]);
      const after = held(cache);
      expect(after.versions).toEqual(before.versions);
      expect(after.cards).toEqual(before.cards);
      expect(after.packs).toEqual(before.packs);
      // Its rows show what a cache written at the latest schema from the same deliveries shows.
      const live = openCache(join(tempDir(), 'cache.db'));
      fill(live);
      const expected = shown(live);
      live.close();
      const migrated = shown(cache);
      expect(migrated).toEqual(expected);
      // ... which is what was delivered: every kind of date, each region and placement (the fixture covers them).
      const rows = migrated.rows as { id: number; version: number; publishDate: string | null; endDate: string | null; region: string | null }[];
      for (const r of rows) {
        const o = varied(r.id, r.version);
        expect([r.publishDate, r.endDate, r.region]).toEqual([o.publish_date ?? null, o.end_date ?? null, (o.region as { name: string }).name]);
      }
      expect(new Set(rows.map((r) => r.publishDate))).toEqual(new Set(DATES.map((d) => d ?? null)));
      expect(new Set(rows.map((r) => r.region))).toEqual(new Set(REGIONS));
      expect(new Set((migrated.facts as { placement_name: string | null }[]).map((f) => f.placement_name))).toEqual(
        new Set(['Закупка у единственного поставщика', 'Электронный аукцион']),
      );
      // The migrated cache takes new versions and cards, in Brotli, beside the old DEFLATE ones.
      fill(cache);
      feedStore(cache).saveFeedPage(tenderPage(Array.from({ length: 20 }, (_, i) => tenderItem(tender(i + 1, 3)))));
      cardStore(cache).saveCard(card(1, 3, 20));
      const newer = held(cache);
      expect(newer.versions.get('tender:1:3')).toBe(JSON.stringify(tender(1, 3)));
      expect(JSON.parse(newer.cards.get('1:1:3:1:20')!.json)).toEqual(card(1, 3, 20).card);
      expect(newer.cards.get('1:1:3:1:20')!.codec).toBe(CODEC_BROTLI);
      expect(newer.packs.get(Math.max(...newer.packs.keys()))!.codec).toBe(CODEC_BROTLI);
      for (const [key, json] of before.versions) expect(newer.versions.get(key)).toBe(json);
      // Rows the migrated cache writes itself are compact and show what was delivered.
      const now = shown(cache).rows as { id: number; version: number; publishDate: string | null; region: string | null }[];
      expect(now.slice(0, 20).map((r) => [r.version, r.publishDate, r.region])).toEqual(Array(20).fill([3, '2026-07-01T10:00:00+03:00', 'г. Москва']));
      expect(now.slice(20)).toEqual(migrated.rows.slice(20));
      expect(cache.db.prepare('SELECT publish_at, publish_date, region_ref IS NOT NULL AS labelled FROM tender_view WHERE id = 1').get()).toEqual({
        publish_at: Date.parse('2026-07-01T10:00:00+03:00') / 1000,
        publish_date: null,
        labelled: 1,
      });
    } finally {
      cache.close();
    }
  });

  it('a card of ~2 KB compressed sits whole in its table\'s leaf pages: no overflow page per card', () => {
    const cache = openCache(join(tempDir(), 'cache.db'));
    try {
      feedStore(cache).saveFeedPage(tenderPage(Array.from({ length: 40 }, (_, i) => tenderItem(tender(i + 1, 1)))));
      for (let id = 1; id <= 40; id++) cardStore(cache).saveCard(card(id, 1, 40));
      const bodies = cache.db.prepare<[], number>('SELECT avg(length(body)) FROM card').pluck().get()!;
      expect(bodies).toBeGreaterThan(1100); // past where a WITHOUT ROWID table's cell spills (~1,000 bytes at 4 KB pages)
      const pages = cache.db
        .prepare<[], { pagetype: string; n: number; bytes: number }>("SELECT pagetype, count(*) AS n, sum(pgsize) AS bytes FROM dbstat WHERE name = 'card' GROUP BY pagetype")
        .all();
      expect(pages.filter((p) => p.pagetype === 'overflow')).toEqual([]);
      const bytes = pages.reduce((sum, p) => sum + p.bytes, 0);
      expect(bytes / 40).toBeLessThan(bodies * 1.6);
    } finally {
      cache.close();
    }
  });

  it('a page of versions is stored in Brotli, smaller than DEFLATE would make it, and reads back as delivered', () => {
    const cache = openCache(join(tempDir(), 'cache.db'));
    try {
      const objects = Array.from({ length: 100 }, (_, i) => tender(i + 1, 1, { name: `Поставка ${(i * 7919) % 1009} изделий вида ${i % 17}`, price: 1000 + i * 37 }));
      feedStore(cache).saveFeedPage(tenderPage(objects.map((o) => tenderItem(o))));
      const pack = cache.db.prepare<[], { codec: number; raw_bytes: number; body: Buffer }>('SELECT codec, raw_bytes, body FROM version_pack').get()!;
      expect(pack.codec).toBe(CODEC_BROTLI);
      const raw = decodeBlob(pack.codec, pack.body, pack.raw_bytes);
      expect(raw.toString('utf8')).toBe(objects.map((o) => JSON.stringify(o)).join(''));
      expect(pack.body.length).toBeLessThan(encodeBlob(raw, CODEC_DEFLATE).body.length);
      for (const o of objects) expect(versionStore(cache).getJson('tender', o.id as number, 1)).toBe(JSON.stringify(o));
    } finally {
      cache.close();
    }
  });

  it('a date is kept as its instant only when rendering the instant in Moscow time gives the delivered text back', () => {
    expect(storedViewDate('2026-02-02T10:12:00+03:00')).toEqual({ at: 1770016320, text: null });
    for (const text of ['2026-02-02T10:12:00+05:00', '2026-02-02T07:12:00Z', '2026-02-02T10:12:00.5+03:00', '2026-02-30T10:12:00+03:00', 'завтра', '']) {
      expect(storedViewDate(text)).toEqual({ at: null, text });
    }
    expect(storedViewDate(null)).toEqual({ at: null, text: null });
    // SQLite's rendering (what the readers use) is the same as the one the writer checked, over centuries.
    const cache = openCache(join(tempDir(), 'cache.db'));
    try {
      const render = cache.db.prepare<[number], string>("SELECT strftime('%Y-%m-%dT%H:%M:%S', ? + 10800, 'unixepoch') || '+03:00'").pluck();
      for (let at = -2_208_988_800; at < 4_102_444_800; at += 7_919_993) expect(render.get(at)).toBe(moscowRendering(at));
    } finally {
      cache.close();
    }
  });

  it('a notice number is found the moment its page is stored, from the queue, and after the queue moved into the index; the first id given for a number stays', () => {
    const file = join(tempDir(), 'cache.db');
    let cache = openCache(file);
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage(Array.from({ length: 30 }, (_, i) => tenderItem(tender(i + 1, 1)))));
    feeds.saveFeedPage(tenderPage([tenderItem(contract(7, 1, 3))].map((it) => ({ ...it, kind: 'contract' as const })), { feed: 'contract' }));
    const count = (table: string): number => cache.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    // The page wrote no random entry into the index: its numbers wait in the queue, committed with it.
    expect([count('external_id'), count('external_id_pending')]).toEqual([0, 31]);
    expect(viewQueries(cache).byExternalId('tender', String(tender(12, 1).etp_id))).toBe(12);
    expect(viewQueries(cache).byExternalId('contract', String(contract(7, 1, 3).reestr_number))).toBe(7);
    // Another tender later given tender 12's number (a re-used or mistyped number): the first id stays, queued or not.
    feeds.saveFeedPage(tenderPage([tenderItem(tender(99, 1, { extra: { etp_id: tender(12, 1).etp_id } }))]));
    expect(viewQueries(cache).byExternalId('tender', String(tender(12, 1).etp_id))).toBe(12);
    cache.close();
    // Reopened as a killed process leaves it (nothing moved at close): the queue is there.
    cache = openCache(file);
    expect(viewQueries(cache).byExternalId('tender', String(tender(30, 1).etp_id))).toBe(30);
    runMaintenance(cache);
    expect([count('external_id'), count('external_id_pending')]).toEqual([31, 0]);
    expect(viewQueries(cache).byExternalId('tender', String(tender(12, 1).etp_id))).toBe(12);
    expect(viewQueries(cache).byExternalId('tender', String(tender(30, 1).etp_id))).toBe(30);
    expect(viewQueries(cache).byExternalId('tender', '0000')).toBeUndefined();
    // A number already in the index keeps its id when the queue brings another one for it.
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(100, 1, { extra: { etp_id: tender(30, 1).etp_id } }))]));
    runMaintenance(cache);
    expect(viewQueries(cache).byExternalId('tender', String(tender(30, 1).etp_id))).toBe(30);
    cache.close();
  });

  it('a new version that keeps its publication date, customer INN and tender leaves those indexes\' pages as they were; a changed one is found by its new value', () => {
    const file = join(tempDir(), 'cache.db');
    const cache = openCache(file);
    try {
      const feeds = feedStore(cache);
      const day = (id: number): string => `2026-0${1 + (id % 9)}-1${id % 10}T10:00:00+03:00`;
      const inn = (id: number): string => String(7_700_000_000 + ((id * 7919) % 9973));
      const N = 2000;
      const tenders = (version: number): FeedItem[] => Array.from({ length: N }, (_, i) => tenderItem(tender(i + 1, version, { publish: day((i * 37) % N), price: 1000 * version + i })));
      const contracts = (version: number): FeedItem[] =>
        Array.from({ length: N }, (_, i) => contractItem({ ...contract(i + 1, version, ((i * 7919) % N) + 1, version * 10), customer: { name: 'Заказчик', inn: inn(i + 1) } }));
      const store = (items: FeedItem[], feed: 'tender' | 'contract'): void => {
        for (let at = 0; at < items.length; at += 100) feeds.saveFeedPage(tenderPage(items.slice(at, at + 100), { feed }));
      };
      store(tenders(1), 'tender');
      store(contracts(1), 'contract');
      const pages = (): Map<string, string[]> => {
        cache.db.pragma('wal_checkpoint(TRUNCATE)');
        const bytes = readFileSync(file);
        const out = new Map<string, string[]>();
        for (const name of ['tender_publish_order', 'contract_party_customer', 'contract_tender']) {
          const numbers = cache.db.prepare<[string], number>('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno').pluck().all(name);
          out.set(name, numbers.map((n) => createHash('md5').update(bytes.subarray((n - 1) * 4096, n * 4096)).digest('hex')));
        }
        return out;
      };
      const before = pages();
      store(tenders(2), 'tender');
      store(contracts(2), 'contract');
      expect(pages()).toEqual(before);
      expect(cache.db.prepare('SELECT count(*) FROM contract_party WHERE version = 2 AND paid = 20').pluck().get()).toBe(N);

      feeds.saveFeedPage(tenderPage([tenderItem(tender(5, 3, { publish: '2027-03-03T10:00:00+03:00' }))]));
      feeds.saveFeedPage(tenderPage([contractItem({ ...contract(7, 3, 99_999), customer: { name: 'Заказчик', inn: '5000000001' } })], { feed: 'contract' }));
      expect(cache.db.prepare('SELECT id FROM tender WHERE publish_at = ?').pluck().all(Date.parse('2027-03-03T10:00:00+03:00') / 1000)).toEqual([5]);
      expect(cache.db.prepare("SELECT id FROM contract_party WHERE customer_inn = '5000000001'").pluck().all()).toEqual([7]);
      expect(cache.db.prepare(`SELECT id FROM contract_party WHERE customer_inn = '${inn(7)}'`).pluck().all()).not.toContain(7);
      expect(cache.db.prepare('SELECT id FROM contract WHERE tender_id = 99999').pluck().all()).toEqual([7]);
      expect(cache.db.prepare('SELECT id FROM contract WHERE tender_id = ?').pluck().all(((6 * 7919) % N) + 1)).not.toContain(7);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      cache.close();
    }
  });
});
