import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, openCache } from '../../src-main/cache/database';
import { FutureSchemaError } from '../../src-main/cache/errors';
import { feedStore } from '../../src-main/cache/feedStore';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { checkRegistry, latestSchemaVersion, MIGRATIONS, type Migration } from '../../src-main/cache/migrations/index';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

const tables = (db: Database.Database): string[] =>
  db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();

describe('cache migrations', () => {
  it('a fresh file is migrated to the latest schema with WAL, foreign keys and 4 KB pages', () => {
    const cache = tempCache();
    expect(cache.schemaVersion).toBe(latestSchemaVersion());
    expect(cache.db.pragma('user_version', { simple: true })).toBe(latestSchemaVersion());
    expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cache.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(cache.db.pragma('page_size', { simple: true })).toBe(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGE_SIZE).toBe(4096);
    expect(cache.db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(tables(cache.db)).toEqual(
      expect.arrayContaining(['object_version', 'delivery', 'delivery_request', 'version_pack', 'tender', 'feed_cursor', 'outbox']),
    );
  });

  it('re-opening a migrated file runs nothing again and keeps the data', () => {
    const file = join(tempDir(), 'cache.db');
    const first = openCache(file);
    first.db.prepare("INSERT INTO list (list_id, name, created_at) VALUES ('lst_1', 'Мой список', '2026-07-01T00:00:00Z')").run();
    const before = tables(first.db);
    first.close();

    let ran = 0;
    const counting: Migration[] = MIGRATIONS.map((m) => ({ ...m, up: (db) => (ran++, m.up(db)) }));
    const again = openCache(file, { migrations: counting });
    expect(ran).toBe(0);
    expect(again.schemaVersion).toBe(latestSchemaVersion());
    expect(tables(again.db)).toEqual(before);
    expect(again.db.prepare('SELECT name FROM list').pluck().get()).toBe('Мой список');
    again.close();
  });

  it('a file written by a newer app (higher user_version) is refused with FutureSchemaError and left unchanged', () => {
    const file = join(tempDir(), 'cache.db');
    openCache(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${latestSchemaVersion() + 5}`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const bytes = readFileSync(file);

    let error: unknown;
    try {
      openCache(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FutureSchemaError);
    const e = error as FutureSchemaError;
    expect(e.name).toBe('FutureSchemaError');
    expect(e.code).toBe('cache_future_schema');
    expect(e.fileVersion).toBe(latestSchemaVersion() + 5);
    expect(e.message).toMatch(/newer version of Tender Workbench/);
    expect(e.message).toMatch(/Update the app/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('the registry starts at 1 and rises (a range reserved by a parallel branch may be skipped), checked at open', () => {
    const m = (version: number): Migration => ({ version, name: `m${version}`, up: () => {} });
    expect(() => checkRegistry([m(1), m(2), m(3)])).not.toThrow();
    expect(() => checkRegistry([m(1), m(3)])).not.toThrow();
    expect(() => checkRegistry([m(2), m(3)])).toThrow(/out of order/);
    expect(() => checkRegistry([m(2), m(1)])).toThrow(/out of order/);
    expect(() => openCache(join(tempDir(), 'c.db'), { migrations: [m(1), m(1)] })).toThrow(/out of order/);
  });

  it('pending migrations run in one transaction: a failing one leaves the file at its old version', () => {
    const file = join(tempDir(), 'cache.db');
    const broken: Migration[] = [
      MIGRATIONS[0]!,
      {
        version: 2,
        name: 'broken',
        up: (db) => {
          db.exec('CREATE TABLE half_done (x)');
          throw new Error('boom');
        },
      },
    ];
    // A new file is made under another name and linked into place once migrated: nothing is left behind.
    expect(() => openCache(file, { migrations: broken })).toThrow('boom');
    expect(readdirSync(dirname(file))).toEqual([]);
    // An existing file at version 1 stays at version 1.
    openCache(file, { migrations: [MIGRATIONS[0]!] }).close();
    expect(() => openCache(file, { migrations: broken })).toThrow('boom');
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(raw)).not.toContain('half_done');
    raw.close();
    // The real registry then migrates the same file normally.
    const cache = openCache(file);
    expect(cache.schemaVersion).toBe(latestSchemaVersion());
    cache.close();
  });

  it('only migrations change the schema: opening does not create anything outside them', () => {
    const file = join(tempDir(), 'cache.db');
    const none = openCache(file, { migrations: [] });
    expect(tables(none.db)).toEqual([]);
    none.close();
  });

  it('0002 rebuilds the search index of a schema-1 file from the stored versions', () => {
    const file = join(tempDir(), 'cache.db');
    const v1 = openCache(file, { migrations: [MIGRATIONS[0]!] });
    feedStore(v1).saveFeedPage(tenderPage([tenderItem(tender(1, 1, { name: 'Поставка бумаги', end: '2026-09-01T09:00:00+03:00' })), tenderItem(tender(2, 1, { name: 'Ремонт кровли' }))]));
    // What a schema-1 index may hold: rows in another format. Here: nothing at all.
    v1.db.exec("INSERT INTO tender_fts (tender_fts) VALUES ('delete-all')");
    v1.close();

    const cache = openCache(file);
    expect(cache.schemaVersion).toBe(latestSchemaVersion());
    const search = offlineSearch(cache);
    expect(search.search({ text: 'бумаги', endDate: { from: '2026-09-01', to: '2026-09-01' } }).rows.map((r) => r.id)).toEqual([1]);
    expect(search.search({ text: 'рем*' }).rows.map((r) => r.id)).toEqual([2]);
    cache.close();
  });

  it('0005 moves FTS merging out of write transactions: automatic merging off, merge steps of 8 segments', () => {
    const cache = tempCache();
    const config = cache.db.prepare<[string], number>('SELECT v FROM tender_fts_config WHERE k = ?').pluck();
    expect(config.get('automerge')).toBe(0);
    expect(config.get('usermerge')).toBe(8);
  });
});
