/**
 * Migration 0037: the `tender` row keeps its status, law and currency as small integer codes, and anything else a
 * server sends as its text. A cache made at 0036 migrates with every reader answering the same (the result row,
 * offline search with its status filter, the tender facts, the `tender_view` view), and a new cache writes codes.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { insightStore } from '../../src-main/cache/insightStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { boundCode, lawSql, statusSql, storedLaw, storedStatus } from '../../src-main/cache/tenderRowCodes';
import { viewQueries } from '../../src-main/cache/viewQueries';
import { LAWS } from '../../src-main/domain/laws';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

/** Every known status and law, and what the reference does not list: another status, a law as text, a currency. */
function tenders(): Record<string, unknown>[] {
  return [
    tender(1, 1, { status: 'active' }),
    tender(2, 1, { status: 'completed', law: '223-FZ' }),
    tender(3, 1, { status: 'cancelled', law: 'commercial' }),
    tender(4, 1, { extra: { status: { id: 9, code: 'Suspended ', name: 'Приостановлена' }, law: '615-ПП', etp_id: 'COM-4', currency: 'USD' } }),
    tender(5, 1, { extra: { status: { id: 0, code: '0', name: 'Ноль' }, law: null, etp_id: 'COM-5', currency: null } }),
  ];
}

const IDS = [1, 2, 3, 4, 5];

function fill(cache: CacheDb): void {
  feedStore(cache).saveFeedPage(tenderPage(tenders().map((t) => tenderItem(t))));
}

interface Answers {
  rows: unknown[];
  found: unknown[];
  byStatus: Record<string, number[]>;
  facts: unknown[];
  view: unknown[];
}

const STATUS_FILTERS = ['active', 'completed', 'cancelled', 'suspended', '0', 'ACTIVE'];

function answers(cache: CacheDb): Answers {
  const search = offlineSearch(cache);
  return {
    rows: viewQueries(cache).tenderRows(IDS).map((r) => ({ id: r.id, status: r.status, law: r.law, currency: r.currency })),
    found: search.search({}).rows.map((r) => ({ id: r.id, status: r.status, law: r.law })),
    byStatus: Object.fromEntries(STATUS_FILTERS.map((s) => [s, search.search({ status: [s] }).rows.map((r) => r.id).sort()])),
    facts: insightStore(cache).allTenderFacts().map((f) => ({ id: f.id, status: f.status, law: f.law })),
    view: cache.db.prepare('SELECT id, currency FROM tender_view ORDER BY id').all(),
  };
}

const stored = (cache: CacheDb): unknown[] =>
  cache.db.prepare('SELECT id, status, typeof(status) AS s, law, typeof(law) AS l, currency, typeof(currency) AS c FROM tender ORDER BY id').all();

describe('the tender row as codes (migration 0037)', () => {
  it('a cache made at schema 0036 migrates with every reader answering the same, and a new cache writes the same codes', () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 36) });
    fill(old);
    old.close();
    const copy = join(dir, 'copy.db');
    copyFileSync(file, copy);
    const before = openCache(copy, { migrations: MIGRATIONS.slice(0, 36) });
    // At 0036 the columns hold the texts; the readers of this build read them too (the decoding passes a text on).
    expect(stored(before).map((r) => (r as { s: string }).s)).toEqual(['text', 'text', 'text', 'text', 'text']);
    const expected = answers(before);
    before.close();
    expect(expected.rows).toEqual([
      { id: 1, status: 'active', law: '44-FZ', currency: 'RUB' },
      { id: 2, status: 'completed', law: '223-FZ', currency: 'RUB' },
      { id: 3, status: 'cancelled', law: 'commercial', currency: 'RUB' },
      { id: 4, status: 'suspended', law: '615-ПП', currency: 'USD' },
      { id: 5, status: '0', law: null, currency: null },
    ]);
    expect(expected.byStatus).toEqual({ active: [1], completed: [2], cancelled: [3], suspended: [4], '0': [5], ACTIVE: [1] });

    const cache = openCache(file);
    try {
      expect(cache.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
      // Known words are codes; the others stay the text they came as (a status "0" is not the code 0).
      const codes = [
        { id: 1, status: 0, s: 'integer', law: 0, l: 'integer', currency: 0, c: 'integer' },
        { id: 2, status: 1, s: 'integer', law: 1, l: 'integer', currency: 0, c: 'integer' },
        { id: 3, status: 2, s: 'integer', law: 2, l: 'integer', currency: 0, c: 'integer' },
        { id: 4, status: 'suspended', s: 'text', law: '615-ПП', l: 'text', currency: 'USD', c: 'text' },
        { id: 5, status: '0', s: 'text', law: null, l: 'null', currency: null, c: 'null' },
      ];
      expect(stored(cache)).toEqual(codes);
      expect(answers(cache)).toEqual(expected);

      // A cache written at the latest schema from the same deliveries stores and answers the same.
      const live = tempCache();
      fill(live);
      expect(stored(live)).toEqual(codes);
      expect(answers(live)).toEqual(expected);

      // The migrated cache keeps taking versions as codes: a status moves, a law becomes known.
      feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(1, 2, { status: 'completed' })), tenderItem(tender(4, 2, { law: '44-FZ', extra: { etp_id: 'COM-4' } }))]));
      expect(cache.db.prepare('SELECT id, status, law FROM tender WHERE id IN (1, 4) ORDER BY id').all()).toEqual([
        { id: 1, status: 1, law: 0 },
        { id: 4, status: 0, law: 0 },
      ]);
      expect(offlineSearch(cache).search({ status: ['completed'] }).rows.map((r) => r.id).sort()).toEqual([1, 2]);
    } finally {
      cache.close();
    }
  });

  it('every law the domain knows has a code that reads back as itself, and an unknown word stays text', () => {
    const cache = tempCache();
    for (const law of LAWS) {
      expect(typeof storedLaw(law)).toBe('number');
      expect(cache.db.prepare(`SELECT ${lawSql('@v')}`).pluck().get({ v: boundCode(storedLaw(law)) })).toBe(law);
    }
    for (const status of ['active', 'completed', 'cancelled']) expect(cache.db.prepare(`SELECT ${statusSql('@v')}`).pluck().get({ v: boundCode(storedStatus(status)) })).toBe(status);
    expect(storedStatus('1')).toBe('1');
    expect(cache.db.prepare(`SELECT ${statusSql('@v')}`).pluck().get({ v: '1' })).toBe('1');
    expect(storedLaw(null)).toBeNull();
  });
});
