/**
 * A new cache starts from the schema snapshot (src-main/cache/migrations/freshSchema.ts) instead of replaying the
 * migrations. These tests hold the snapshot to the migrations: it is not behind them, and a file made from it is
 * the same as one the migrations make, down to every row of every table (FTS5's own tables included).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { captureSnapshot, type SchemaSnapshot } from '../../src-main/cache/migrations/freshSchema';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { SCHEMA_SNAPSHOT } from '../../src-main/cache/migrations/schemaSnapshot';
import { renderSnapshotModule, snapshotFromMigrations } from '../../scripts/cache-schema/render';
import { tempDir } from './helpers';

const snapshotFile = resolve(__dirname, '../../src-main/cache/migrations/schemaSnapshot.ts');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Dump = { header: Record<string, unknown>; master: unknown[]; tables: Record<string, unknown[]> };

/** Everything a file holds that a schema step could have made: header values, sqlite_master, every table's rows. */
function dump(cache: CacheDb): Dump {
  const db = cache.db;
  const header = Object.fromEntries(['user_version', 'application_id', 'page_size', 'journal_mode', 'auto_vacuum', 'encoding'].map((p) => [p, db.pragma(p, { simple: true })]));
  const master = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  const tables: Record<string, unknown[]> = {};
  for (const name of names) {
    if (/^CREATE VIRTUAL TABLE/i.test((db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(name) as { sql: string }).sql)) continue;
    const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).map((row) => comparable(name, row));
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return { header, master, tables };
}

/**
 * A row as it must match. The machine id is random per data folder: its shape must match. An FTS5 index's
 * structure record (id 10 of its `_data` table) starts with a cookie that counts changes of its settings (so other
 * connections reload them): the migrations set `automerge` twice, the snapshot once, so only the rest must match.
 */
function comparable(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table === 'team_self') return { ...row, machine_id: UUID.test(String(row.machine_id)) ? 'uuid' : row.machine_id };
  const block = row.block;
  if (table.endsWith('_data') && row.id === 10 && Buffer.isBuffer(block)) return { ...row, block: `cookie:${block.subarray(4).toString('hex')}` };
  return Buffer.isBuffer(block) ? { ...row, block: block.toString('hex') } : row;
}

function open(file: string, snapshot?: SchemaSnapshot | null): CacheDb {
  return openCache(file, snapshot === undefined ? {} : { snapshot });
}

/** The snapshot after the first `upTo` migrations, as the generator would have taken it then. */
function snapshotAfter(upTo: number): SchemaSnapshot {
  const db = new Database(':memory:');
  try {
    db.transaction(() => {
      for (const m of MIGRATIONS.slice(0, upTo)) {
        m.up(db);
        db.pragma(`user_version = ${m.version}`);
      }
    })();
    return captureSnapshot(db);
  } finally {
    db.close();
  }
}

describe('a new cache starts from the schema snapshot', () => {
  it('the checked-in snapshot is the schema the migrations make now (else: npx tsx scripts/cache-schema/snapshot.ts)', () => {
    expect(SCHEMA_SNAPSHOT.version, 'the snapshot is behind the migration registry: run npx tsx scripts/cache-schema/snapshot.ts').toBe(MIGRATIONS.at(-1)!.version);
    expect(readFileSync(snapshotFile, 'utf8'), 'schemaSnapshot.ts differs from the migrations: run npx tsx scripts/cache-schema/snapshot.ts').toBe(renderSnapshotModule(snapshotFromMigrations()));
  });

  it('a file made from the snapshot holds exactly what the migrations make: schema, header and every row', () => {
    const dir = tempDir();
    const fromSnapshot = open(join(dir, 'snapshot.db'));
    const fromMigrations = open(join(dir, 'migrations.db'), null);
    try {
      const a = dump(fromSnapshot);
      const b = dump(fromMigrations);
      expect(a.master.length).toBeGreaterThan(100);
      expect(a).toEqual(b);
      // FTS5's structure and settings rows are compared above; the indexes also work and agree with their tables.
      for (const cache of [fromSnapshot, fromMigrations]) {
        expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
        cache.db.exec("INSERT INTO tender_fts (tender_fts) VALUES ('integrity-check')");
      }
      expect(a.tables.team_self).toHaveLength(1);
    } finally {
      fromSnapshot.close();
      fromMigrations.close();
    }
  });

  it('every new data folder gets its own machine id, made as migration 0017 makes it', () => {
    const dir = tempDir();
    const ids = ['a.db', 'b.db'].map((name) => {
      const cache = open(join(dir, name));
      try {
        return (cache.db.prepare('SELECT machine_id FROM team_self').get() as { machine_id: string }).machine_id;
      } finally {
        cache.close();
      }
    });
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('a snapshot behind the registry is used, and the migrations after it run on top: the same file again', () => {
    const dir = tempDir();
    const behind = snapshotAfter(20);
    expect(behind.version).toBe(20);
    const fromOld = open(join(dir, 'old.db'), behind);
    const fromMigrations = open(join(dir, 'migrations.db'), null);
    try {
      expect(dump(fromOld)).toEqual(dump(fromMigrations));
    } finally {
      fromOld.close();
      fromMigrations.close();
    }
  });

  it('a snapshot newer than this build is never applied: the migrations make the file', () => {
    const dir = tempDir();
    const future: SchemaSnapshot = { ...SCHEMA_SNAPSHOT, version: MIGRATIONS.at(-1)!.version + 1, statements: ['CREATE TABLE from_the_future (x)'] };
    const cache = open(join(dir, 'cache.db'), future);
    try {
      expect(cache.schemaVersion).toBe(MIGRATIONS.at(-1)!.version);
      expect(cache.db.prepare("SELECT name FROM sqlite_master WHERE name = 'from_the_future'").get()).toBeUndefined();
    } finally {
      cache.close();
    }
  });

  it('an existing file is migrated, never rebuilt from the snapshot', () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const first = open(file);
    first.db.prepare("INSERT INTO team_link (team_id, schema_name) VALUES ('t1', 's1')").run();
    first.close();
    const again = open(file);
    try {
      expect(again.db.prepare('SELECT team_id FROM team_link').all()).toEqual([{ team_id: 't1' }]);
    } finally {
      again.close();
    }
  });
});
