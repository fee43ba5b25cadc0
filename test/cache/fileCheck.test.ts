/**
 * A cache file that is truncated, overwritten, emptied, replaced by a folder or another
 * program's database is refused at open with a DamagedCacheError naming it (never taken for a new cache),
 * moved aside with its companions (never deleted), and a read-only folder is said to be read-only.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { CacheAccessError, DamagedCacheError, type DamageReason } from '../../src-main/cache/damage';
import { CACHE_APPLICATION_ID } from '../../src-main/cache/fileCheck';
import { feedStore } from '../../src-main/cache/feedStore';
import { MIGRATIONS } from '../../src-main/cache/migrations/index';
import { asideName, moveAside, movedAsideFiles } from '../../src-main/cache/moveAside';
import { startIntegrityCheck } from '../../src-main/cache/integrityCheck';
import { staleIndex } from './damage';
import { tempDir, tender, tenderItem, tenderPage } from './helpers';

/** A cache with some data in it, closed (WAL checkpointed into the file). */
function filledCache(): string {
  const file = join(tempDir(), 'cache.db');
  const cache = openCache(file);
  const items = Array.from({ length: 300 }, (_, i) => tenderItem(tender(i + 1, 1, { name: `Поставка ${i} ${'бумаги '.repeat(20)}` })));
  feedStore(cache).saveFeedPage(tenderPage(items));
  cache.close();
  return file;
}

function refusal(file: string): DamagedCacheError {
  try {
    openCache(file).close();
  } catch (e) {
    if (e instanceof DamagedCacheError) return e;
    throw e;
  }
  throw new Error(`${file} was opened`);
}

const expectRefused = (file: string, reason: DamageReason): void => {
  const before = statSync(file).isFile() ? readFileSync(file) : null;
  const e = refusal(file);
  expect(e.reason).toBe(reason);
  expect(e.file).toBe(file);
  expect(e.text.ru).toContain(file);
  expect(e.text.en).toContain(file);
  expect(e.message).not.toMatch(/SQLITE|malformed/i);
  // Refusing changes nothing: the file is still there, byte for byte.
  if (before) expect(readFileSync(file).equals(before)).toBe(true);
};

describe('cache file check at open', () => {
  it('a new cache is stamped as this app’s (application_id) and migrated', () => {
    const file = join(tempDir(), 'cache.db');
    const cache = openCache(file);
    expect(cache.db.pragma('application_id', { simple: true })).toBe(CACHE_APPLICATION_ID);
    cache.close();
    // Nothing but the cache and its companions: the temporary file it was made under is gone.
    expect(readdirSync(join(file, '..')).filter((f) => !f.startsWith('cache.db'))).toEqual([]);
    openCache(file).close();
  });

  it('a cache from before the stamp (schema 8) is recognised by its tables and stamped', () => {
    const file = join(tempDir(), 'cache.db');
    openCache(file, { migrations: MIGRATIONS.slice(0, 8) }).close();
    const raw = new Database(file);
    expect(raw.pragma('application_id', { simple: true })).toBe(0);
    raw.close();
    const cache = openCache(file);
    expect(cache.db.pragma('application_id', { simple: true })).toBe(CACHE_APPLICATION_ID);
    cache.close();
  });

  it('an empty cache.db is refused, not taken for a new cache', () => {
    const file = join(tempDir(), 'cache.db');
    writeFileSync(file, '');
    expectRefused(file, 'empty');
  });

  it('a truncated cache.db is refused', () => {
    const file = filledCache();
    truncateSync(file, Math.floor(statSync(file).size / 2));
    expectRefused(file, 'truncated');
    truncateSync(file, 60); // shorter than the SQLite header
    expectRefused(file, 'truncated');
  });

  it('a cache.db overwritten with garbage is refused', () => {
    const file = filledCache();
    writeFileSync(file, Buffer.alloc(statSync(file).size, 0x5a));
    expectRefused(file, 'not_sqlite');
  });

  it('a cache.db with damaged pages behind a sound header is refused (quick_check)', () => {
    const file = filledCache();
    const bytes = readFileSync(file);
    // Pages 2.. hold the tables' b-trees: garbage there, the first page (header and schema) intact.
    bytes.fill(0xa5, 4096, bytes.length);
    writeFileSync(file, bytes);
    expectRefused(file, 'corrupt');
  });

  it('a large file is not read whole at open: its damaged pages are left to the background check', async () => {
    const file = filledCache();
    const raw = new Database(file, { readonly: true });
    const root = raw.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'delivery'").pluck().get() as number;
    raw.close();
    const bytes = readFileSync(file);
    bytes.fill(0xa5, (root - 1) * 4096, root * 4096);
    writeFileSync(file, bytes);
    // Above the size for the quick check at open (here: every file), the open only reads the header and schema.
    const cache = openCache(file, { quickCheckMaxBytes: 0 });
    cache.close();
    expect((await startIntegrityCheck(file).done).length).toBeGreaterThan(0);
    expect(refusal(file).reason).toBe('corrupt'); // with the default, the quick check at open refuses it
  });

  it('a folder in place of cache.db is refused', () => {
    const file = join(tempDir(), 'cache.db');
    mkdirSync(file);
    expectRefused(file, 'not_a_file');
  });

  it('another program’s SQLite database is refused as foreign', () => {
    const file = join(tempDir(), 'cache.db');
    const other = new Database(file);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES (\'мои заметки\')');
    other.close();
    expectRefused(file, 'foreign');
    const stamped = new Database(file);
    stamped.pragma('application_id = 1234');
    stamped.close();
    expectRefused(file, 'foreign');
  });
});

describe('moving a damaged cache aside', () => {
  it('renames the file with its -wal and -shm, deletes nothing, and names where it went', () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    writeFileSync(file, 'damaged');
    writeFileSync(`${file}-wal`, 'wal');
    writeFileSync(`${file}-shm`, 'shm');
    const when = new Date('2026-11-25T10:20:30.456Z');
    const moved = moveAside(file, asideName(file, when));
    expect(moved).toBe(`${file}.damaged-20261125T102030Z`);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(moved, 'utf8')).toBe('damaged');
    expect(readFileSync(`${moved}-wal`, 'utf8')).toBe('wal');
    expect(readFileSync(`${moved}-shm`, 'utf8')).toBe('shm');
    // A second damage at the same second gets its own name; a folder moves too.
    mkdirSync(file);
    expect(moveAside(file, asideName(file, when))).toBe(`${file}.damaged-20261125T102030Z-2`);
    expect(movedAsideFiles(file)).toEqual([moved, `${moved}-2`]);
    // And a new cache opens in its place.
    openCache(file).close();
    expect(readdirSync(dir).sort()).toEqual(['cache.db', 'cache.db.damaged-20261125T102030Z', 'cache.db.damaged-20261125T102030Z-2', 'cache.db.damaged-20261125T102030Z-shm', 'cache.db.damaged-20261125T102030Z-wal']);
  });
});

describe('the full check in the background', () => {
  it('finds an index that disagrees with its table, which the quick check at open lets pass', async () => {
    const file = join(tempDir(), 'cache.db');
    openCache(file).close();
    expect(await startIntegrityCheck(file).done).toEqual([]);
    staleIndex(file);
    openCache(file).close(); // the quick check at open does not see it
    const problems = await startIntegrityCheck(file).done;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/list_item_tender/);
  });
});

/**
 * Runs `openCache` on `file` as a user who may not write its folder, and answers the error's name and English
 * message. Root may write anywhere, so as root the check runs in a child process of the `nobody` user.
 */
function openAsUnprivileged(file: string): { name: string; message: string } {
  const database = resolve('src-main/cache/database.ts');
  if (process.getuid?.() !== 0) {
    try {
      openCache(file).close();
      return { name: 'none', message: '' };
    } catch (e) {
      return { name: (e as Error).name, message: (e as Error).message };
    }
  }
  const script = `import { openCache } from ${JSON.stringify(database)};
try { openCache(${JSON.stringify(file)}).close(); console.log(JSON.stringify({ name: 'none', message: '' })); }
catch (e) { console.log(JSON.stringify({ name: e.name, message: e.message })); }`;
  const out = execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: resolve('.'),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { name: string; message: string };
}

describe('a read-only data folder', () => {
  it('is named as read-only (not ENOENT), for a new cache and for an existing one', () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    const fresh = join(root, 'fresh');
    mkdirSync(fresh, { mode: 0o555 });
    chmodSync(fresh, 0o555);
    const existing = join(root, 'existing');
    mkdirSync(existing);
    const file = join(existing, 'cache.db');
    openCache(file).close();
    chmodSync(file, 0o444);
    chmodSync(existing, 0o555);

    for (const [dir, target] of [
      [fresh, join(fresh, 'cache.db')],
      [existing, file],
    ] as const) {
      const got = openAsUnprivileged(target);
      expect(got.name).toBe(new CacheAccessError(dir, 'read_only').name);
      expect(got.message).toBe(new CacheAccessError(dir, 'read_only').message);
      expect(got.message).not.toMatch(/ENOENT|mkdir/);
    }
  });
});
