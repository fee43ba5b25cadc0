/**
 * Migration 0026: a filter's members keyed by the filter's number instead of its id's text, and the result
 * row's columns kept in `tender` instead of a second per-tender table. A cache made by the schema before migrates in
 * place with every delivered body, member and row it showed, and writes the lean form from then on.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore, type FeedItem } from '../../src-main/cache/feedStore';
import { insightStore } from '../../src-main/cache/insightStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { versionStore } from '../../src-main/cache/versionStore';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { contract, contractItem, tempDir, tender, tenderItem, tenderPage } from './helpers';

/** Dates as servers send them: Moscow's rendering, another offset, UTC, fractions, none, not a date. */
const DATES = ['2026-07-01T10:00:00+03:00', '2026-07-01T10:00:00+05:00', '2026-07-01T07:00:00Z', '2026-07-01T10:00:00.250+03:00', undefined, 'скоро'];

function varied(id: number, version: number): Record<string, unknown> {
  const publish = DATES[id % DATES.length];
  return tender(id, version, {
    publish,
    end: DATES[(id + 1) % DATES.length],
    price: 90_000 + id * 10 + version,
    extra: {
      etp_id: id % 5 === 0 ? undefined : `0373100${String(id).padStart(6, '0')}`,
      currency: id % 7 === 0 ? 'USD' : 'RUB',
      region: { id: 77 + (id % 3), name: ['г. Москва', 'Воронежская область', 'Республика Саха (Якутия)'][id % 3] },
      organization: { name: `Заказчик ${id % 4}`, inn: id % 6 === 0 ? '' : `77012345${60 + (id % 4)}` },
      ...(publish === undefined ? { publish_date: undefined } : {}),
    },
  });
}

const FILTERS = ['flt_aaaaaaaaaaaaaaaaaaaaaa', 'flt_bbbbbbbbbbbbbbbbbbbbbb', 'efl_42'];

/** Tenders 1..40 under three filters (overlapping), version 2 of half of them, contracts of 1..10. */
function fill(cache: CacheDb): void {
  const feeds = feedStore(cache);
  let n = 0;
  const page = (filterId: string, items: FeedItem[]): void =>
    void feeds.saveFeedPage(tenderPage(items, { filterId, receivedAt: `2026-07-01T12:00:0${n++}.000Z` }));
  page(FILTERS[0]!, Array.from({ length: 25 }, (_, i) => tenderItem(varied(i + 1, 1))));
  page(FILTERS[1]!, Array.from({ length: 25 }, (_, i) => tenderItem(varied(i + 16, 1))));
  page(FILTERS[2]!, Array.from({ length: 20 }, (_, i) => tenderItem(varied(2 * i + 1, 2), { event: 'updated' })));
  feeds.saveFeedPage(tenderPage(Array.from({ length: 10 }, (_, i) => contractItem(contract(i + 1, 1, i + 1))), { filterId: FILTERS[1], feed: 'contract', receivedAt: '2026-07-01T12:00:09.000Z' }));
}

interface Held {
  members: unknown[];
  views: unknown[];
  versions: Map<string, string>;
}

/** What any schema's SQL reads: the members, the result-row columns as `tender_view` had them, every body. */
function held(cache: CacheDb): Held {
  const versions = new Map<string, string>();
  const store = versionStore(cache);
  for (const k of store.allVersions()) versions.set(`${k.kind}:${k.id}:${k.version}`, store.getJson(k.kind, k.id, k.version)!);
  return {
    members: cache.db.prepare('SELECT filter_id, kind, id FROM filter_member ORDER BY filter_id, kind, id').all(),
    views: cache.db.prepare('SELECT * FROM tender_view ORDER BY id').all(),
    versions,
  };
}

/** What the readers of the latest schema show: the tables' rows and the dossiers' facts. */
function shown(cache: CacheDb): { rows: unknown[]; facts: unknown[] } {
  const ids = Array.from({ length: 40 }, (_, i) => i + 1);
  return { rows: viewQueries(cache).tenderRows(ids), facts: insightStore(cache).tenderFactsByIds(ids) };
}

const tableOrView = (cache: CacheDb, name: string): string | undefined =>
  cache.db.prepare<[string], string>('SELECT type FROM sqlite_schema WHERE name = ?').pluck().get(name);

describe('members keyed by number and result rows inside `tender` (migration 0026)', () => {
  it('a cache made at schema 0025 migrates in place: every member, result row, fact and body it showed is shown the same', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 25) });
    fill(old);
    const before = held(old);
    expect(before.members.length).toBeGreaterThan(60);
    expect(before.views).toHaveLength(40);
    old.close();

    const cache = openCache(file);
    try {
      expect(cache.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(cache.db.pragma('foreign_key_check')).toEqual([]);
      expect([tableOrView(cache, 'filter_member'), tableOrView(cache, 'tender_view')]).toEqual(['view', 'view']);
      expect(cache.db.prepare('SELECT filter_id FROM filter_ref ORDER BY ref').pluck().all()).toEqual([...FILTERS].sort());
      expect(held(cache)).toEqual(before);

      // A cache written at the latest schema from the same deliveries holds and shows the same.
      const live = openCache(join(tempDir(), 'cache.db'));
      fill(live);
      expect(held(live)).toEqual(before);
      const expected = shown(live);
      live.close();
      const migrated = shown(cache);
      expect(migrated).toEqual(expected);
      // ... which is what was delivered, every kind of date included.
      const rows = migrated.rows as { id: number; version: number; publishDate: string | null; endDate: string | null; etpId: string | null }[];
      expect(rows).toHaveLength(40);
      for (const r of rows) {
        const o = varied(r.id, r.version);
        expect([r.publishDate, r.endDate, r.etpId]).toEqual([o.publish_date ?? null, o.end_date ?? null, o.etp_id ?? null]);
      }

      // The migrated cache keeps taking pages: a known filter's members join its number, a new filter gets one.
      const feeds = feedStore(cache);
      feeds.saveFeedPage(tenderPage([tenderItem(varied(41, 1)), tenderItem(varied(1, 3), { event: 'updated' })], { filterId: FILTERS[1] }));
      feeds.saveFeedPage(tenderPage([tenderItem(varied(42, 1))], { filterId: 'flt_new' }));
      const members = (filterId: string): number[] =>
        cache.db.prepare<[string], number>('SELECT id FROM filter_member WHERE filter_id = ? AND kind = 1 ORDER BY id').pluck().all(filterId);
      expect(members(FILTERS[1]!)).toEqual([1, ...Array.from({ length: 25 }, (_, i) => i + 16), 41]);
      expect(members('flt_new')).toEqual([42]);
      expect(cache.db.prepare('SELECT count(*) FROM filter_ref').pluck().get()).toBe(4);
      const [row] = viewQueries(cache).tenderRows([1]) as { version: number; publishDate: string | null; etpId: string | null }[];
      expect([row!.version, row!.publishDate, row!.etpId]).toEqual([3, DATES[1], '0373100000001']);
    } finally {
      cache.close();
    }
  });

  it('a member inserted through the filter_member view is kept once, under its filter\'s number', () => {
    const cache = openCache(join(tempDir(), 'cache.db'));
    try {
      fill(cache);
      const insert = cache.db.prepare('INSERT OR IGNORE INTO filter_member (filter_id, kind, id) VALUES (?, ?, ?)');
      insert.run('flt_copy', 1, 5);
      insert.run('flt_copy', 1, 5);
      insert.run(FILTERS[0], 1, 5);
      expect(cache.db.prepare("SELECT kind, id FROM filter_member WHERE filter_id = 'flt_copy'").all()).toEqual([{ kind: 1, id: 5 }]);
      expect(cache.db.prepare("SELECT count(*) FROM filter_member WHERE filter_id = ?").pluck().get(FILTERS[0])).toBe(25);
      // The key holds the number, not the text: one row of filter_ref per filter id.
      expect(cache.db.prepare('SELECT typeof(filter_ref) FROM filter_member_ref GROUP BY 1').pluck().all()).toEqual(['integer']);
      expect(cache.db.prepare('SELECT count(*) FROM filter_ref').pluck().get()).toBe(FILTERS.length + 1);
    } finally {
      cache.close();
    }
  });

  it('a date is kept as text in the tender row only when its Moscow rendering of the row\'s instant would not give it back', () => {
    const cache = openCache(join(tempDir(), 'cache.db'));
    try {
      fill(cache);
      const rows = cache.db
        .prepare<[], { id: number; publish_at: number | null; publish_date: string | null }>('SELECT id, publish_at, publish_date FROM tender ORDER BY id')
        .all();
      for (const r of rows) {
        const delivered = DATES[r.id % DATES.length] ?? null;
        expect(r.publish_date).toBe(delivered === DATES[0] ? null : delivered);
        if (delivered === DATES[0]) expect(r.publish_at).toBe(Date.parse(DATES[0]!) / 1000);
      }
      const shownDates = (viewQueries(cache).tenderRows(rows.map((r) => r.id)) as { id: number; publishDate: string | null }[]).map((r) => [r.id, r.publishDate]);
      expect(shownDates).toEqual(rows.map((r) => [r.id, DATES[r.id % DATES.length] ?? null]));
    } finally {
      cache.close();
    }
  });
});
