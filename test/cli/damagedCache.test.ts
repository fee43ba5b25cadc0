/**
 * A damaged cache, in the CLI: a damaged cache gives one clear line naming the file (no SQLite words, no
 * stack trace) and exit code 6 (5 is a used-up daily budget); the file is moved aside, not deleted, and `cache rebuild` makes a new cache
 * with the saved searches back. A read-only data folder is named as such, with exit code 7.
 */
import { execFile } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asideName } from '../../src-main/cache/moveAside';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { CLI_ENTRY, REPO_ROOT, cliOnSandbox, failureReason, type CliHarness } from './helpers';

let sb: RunningSandbox;
let cli: CliHarness;

beforeAll(async () => {
  ({ sb, cli } = await cliOnSandbox({ profile: 'sb' }));
});

afterAll(async () => {
  cli?.cleanup();
  await sb?.close();
});

describe('tenderwb with a damaged cache', () => {
  it('says which file is damaged and where it went, exits 5, and cache rebuild brings the saved searches back', async () => {
    const file = join(cli.dataDir, 'profiles', 'sb', 'cache.db');
    await cli.ok(['cache', 'stats']);
    const raw = new Database(file);
    raw.exec(`INSERT INTO saved_search (filter_id, params, label, events, created_at) VALUES ('flt_saved', '{}', 'Бумага', '["created"]', '2026-11-25T10:00:00Z')`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    // Garbage over the root page of one table; the saved searches' page stays readable.
    const probe = new Database(file, { readonly: true });
    const root = probe.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'delivery'").pluck().get() as number;
    probe.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (root - 1) * 4096);
    closeSync(fd);
    const bytes = statSync(file).size;

    for (const args of [['cache', 'stats'], ['--json', 'cache', 'stats']]) {
      const r = await cli.run(args);
      expect(r.code).toBe(6);
      const reason = failureReason(r); // exactly one line
      expect(reason).toContain(file);
      expect(reason).toMatch(/повреждён/);
      // One language per run: the Russian sentence only, no English one after it.
      expect(reason.split(file).join('')).not.toMatch(/\bthe\b/i);
      expect(reason).not.toMatch(/SQLITE|malformed|\bat .*\.ts:\d+/);
    }
    const moved = readdirSync(join(cli.dataDir, 'profiles', 'sb')).filter((f) => /^cache\.db\.damaged-\d{8}T\d{6}Z$/.test(f));
    expect(moved).toHaveLength(1);
    expect(statSync(join(cli.dataDir, 'profiles', 'sb', moved[0]!)).size).toBe(bytes);
    expect(existsSync(file)).toBe(false);

    const rebuilt = await cli.ok(['--json', 'cache', 'rebuild']);
    expect(rebuilt.lines[0]).toMatchObject({ moved_to: join(cli.dataDir, 'profiles', 'sb', moved[0]!), recovered: { saved_searches: 1 } });
    const stats = await cli.ok(['--json', 'cache', 'stats']);
    expect((stats.lines[0]!.saved_searches as { label: string }[]).map((s) => s.label)).toEqual(['Бумага']);
    const again = await cli.run(['cache', 'rebuild']);
    expect(again.code).toBe(2);
  });

  it('a damage met during a command in a large cache (not read whole at open) is named, moved aside, exit 6', async () => {
    const file = join(cli.dataDir, 'profiles', 'sb', 'cache.db');
    await cli.ok(['cache', 'stats']);
    const raw = new Database(file);
    // Past the size of the quick check at open (database.ts), so the open reads only the header and schema.
    raw.exec('CREATE TABLE padding (b BLOB)');
    const pad = raw.prepare('INSERT INTO padding (b) VALUES (?)');
    for (let i = 0; i < 40; i++) pad.run(Buffer.alloc(2 ** 20, i));
    raw.pragma('wal_checkpoint(TRUNCATE)');
    const root = raw.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'delivery'").pluck().get() as number;
    raw.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (root - 1) * 4096);
    closeSync(fd);

    const r = await cli.run(['cache', 'stats']);
    expect(r.code).toBe(6);
    const reason = failureReason(r);
    expect(reason).toContain(file);
    expect(reason).toMatch(/cache\.db\.damaged-\d{8}T\d{6}Z/);
    expect(reason).not.toMatch(/SQLITE|malformed/);
    expect(existsSync(file)).toBe(false);
    expect((await cli.ok(['--json', 'cache', 'rebuild'])).lines[0]).toMatchObject({ recovered: { saved_searches: 1 } });
  });

  it('a damaged pack in a cache too large for the quick check at open is met when read: named, moved aside, exit 6, rebuild offered (not the parser\'s words with exit 1)', async () => {
    const folder = join(cli.dataDir, 'profiles', 'sb');
    const file = join(folder, 'cache.db');
    await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'packs']);
    await cli.ok(['sync', 'packs']);
    const out = join(cli.dir('pack-export'), 'packs.csv');
    await cli.ok(['export', 'search', 'packs', '--out', out]);
    const raw = new Database(file);
    // Past the size of the quick check at open (database.ts): the open reads only the header and the schema.
    raw.exec('CREATE TABLE padding (b BLOB)');
    const pad = raw.prepare('INSERT INTO padding (b) VALUES (?)');
    for (let i = 0; i < 40; i++) pad.run(Buffer.alloc(2 ** 20, i));
    const body = raw.prepare('SELECT body FROM version_pack ORDER BY pack_id LIMIT 1').pluck().get() as Buffer;
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    // Bytes overwritten inside the pack's value, where it lies in the file: every page stays sound to SQLite.
    const bytes = readFileSync(file);
    const at = bytes.indexOf(body.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    expect(bytes.indexOf(body.subarray(0, 64), at + 1)).toBe(-1);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(32, 0xa5), 0, 32, at + 8);
    closeSync(fd);
    expect(statSync(file).size).toBeGreaterThan(32 * 2 ** 20);

    const r = await cli.run(['export', 'search', 'packs', '--out', join(cli.dir('pack-export-2'), 'packs.csv')]);
    expect(r.code).toBe(6);
    const reason = failureReason(r);
    expect(reason).toContain(file);
    expect(reason).toMatch(/повреждён/);
    expect(reason).toMatch(/cache\.db\.damaged-\d{8}T\d{6}Z/);
    expect(reason).toMatch(/Собрать кэш заново: tenderwb cache rebuild\.$/); // the rebuild is offered
    expect(reason).not.toMatch(/JSON|Unexpected|inflate|invalid|zlib|SQLITE/i);
    expect(existsSync(file)).toBe(false);
    expect(JSON.parse(readFileSync(join(folder, 'damaged-cache.json'), 'utf8'))).toMatchObject({ file, reason: 'corrupt' });
    const rebuilt = await cli.ok(['--json', 'cache', 'rebuild']);
    expect((rebuilt.lines[0]!.recovered as { saved_searches: number }).saved_searches).toBeGreaterThanOrEqual(1);
  });

  it('a note that cannot be read (a full disk left it empty) refuses the profile, exit 6, and makes no empty cache; cache rebuild salvages the moved file', async () => {
    const folder = join(cli.dataDir, 'profiles', 'sb');
    const file = join(folder, 'cache.db');
    await cli.ok(['cache', 'stats']);
    const raw = new Database(file);
    raw.exec(`INSERT OR IGNORE INTO saved_search (filter_id, params, label, events, created_at) VALUES ('flt_note', '{}', 'Записка', '["created"]', '2026-11-25T10:00:00Z')`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    // What a full disk left: the cache moved aside (under the name a move now gives, so it is the
    // newest beside the earlier tests' files), its note written as 0 bytes.
    const movedTo = asideName(file);
    renameSync(file, movedTo);
    writeFileSync(join(folder, 'damaged-cache.json'), '');

    for (const args of [['cache', 'stats'], ['marks']]) {
      const r = await cli.run(args);
      expect(r.code).toBe(6);
      const reason = failureReason(r);
      expect(reason).toContain(join(folder, 'damaged-cache.json'));
      expect(reason).toContain(movedTo);
      expect(reason).toMatch(/не читается/);
      expect(reason).not.toMatch(/SyntaxError|JSON|Unexpected/);
      expect(existsSync(file)).toBe(false); // no empty cache over the user's marks, lists and searches
    }
    const rebuilt = await cli.ok(['--json', 'cache', 'rebuild']);
    expect(rebuilt.lines[0]).toMatchObject({ moved_to: movedTo });
    expect((rebuilt.lines[0]!.recovered as { saved_searches: number }).saved_searches).toBeGreaterThanOrEqual(1);
    const stats = await cli.ok(['--json', 'cache', 'stats']);
    expect((stats.lines[0]!.saved_searches as { label: string }[]).map((s) => s.label)).toContain('Записка');
    expect(existsSync(join(folder, 'damaged-cache.json'))).toBe(false);
  });

  it('names a read-only data folder as read-only (not ENOENT) and exits 6', async () => {
    const dataDir = cli.dir('read-only');
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ format: 1, profiles: [{ name: 'ro', baseUrl: sb.baseUrl, generation: 'current', createdAt: '2026-11-25T10:00:00.000Z' }] }));
    for (const dir of [cli.root, dataDir]) chmodSync(dir, 0o755);
    chmodSync(join(dataDir, 'profiles.json'), 0o644);
    chmodSync(dataDir, 0o555);
    const args = ['--data-dir', dataDir, 'cache', 'stats'];
    // Root may write anywhere: as root the CLI runs as the unprivileged `nobody`.
    const asRoot = process.getuid?.() === 0;
    const [cmd, cmdArgs] = asRoot
      ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI_ENTRY, ...args]]
      : [process.execPath, [CLI_ENTRY, ...args]];
    const r = await promisify(execFile)(cmd as string, cmdArgs as string[], { cwd: REPO_ROOT, env: { ...cli.env(), HOME: dataDir }, encoding: 'utf8' }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${join(dataDir, 'profiles')}`);
    expect(r.stderr).toMatch(/только для чтения/);
    expect(r.stderr.split(dataDir).join('')).not.toMatch(/read-only|\bthe\b/i);
    expect(r.stderr).not.toMatch(/ENOENT|mkdir/);
    expect(r.code).toBe(7);
  });
});
