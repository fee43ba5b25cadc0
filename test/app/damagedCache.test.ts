/**
 * A damaged cache must not brick the app. The last active profile's damaged cache.db
 * leaves the app starting on the sandbox with a notice naming the file (moved aside, not deleted), the
 * profile waits for a rebuild that copies back what the old file still gives; a damage met during a call
 * answers `cache_damaged` naming the file, and the app goes on with another profile.
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync, openSync, readFileSync, renameSync, writeSync, closeSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIpcError } from '../../src-main/workspace/errors';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { staleIndex } from '../cache/damage';
import { control, eventsOf, finished, makeCore, sandbox, tempDir, until, type TestCore } from './helpers';

let sb: RunningSandbox;

beforeAll(async () => {
  sb = await sandbox();
});

afterAll(async () => {
  await sb?.close();
});

function memoryKeychain() {
  const store = new Map<string, string>();
  return {
    getPassword: async (_s: string, a: string) => store.get(a) ?? null,
    setPassword: async (_s: string, a: string, p: string) => void store.set(a, p),
    deletePassword: async (_s: string, a: string) => store.delete(a),
  };
}

const NOW = '2026-11-25T10:00:00Z';

/** A data dir with a live profile "work" as the last active one, holding the user's own work in its cache. */
async function workProfile(keychain: ReturnType<typeof memoryKeychain>): Promise<{ dir: string; file: string }> {
  const dir = tempDir();
  const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
  // The token is never used here (the tests are about the local cache); the keychain is in memory.
  await c.call('profiles.add', { name: 'work', baseUrl: sb.baseUrl, token: 'tenderwb_live_0123456789abcdef0123456789abcdef' });
  await c.call('profiles.activate', { name: 'work' });
  const file = (await c.call('cache.info', {})).path;
  await c.core.close();
  const raw = new Database(file);
  raw.exec(`
    INSERT INTO saved_search (filter_id, params, label, events, created_at) VALUES ('flt_saved', '{"query":{}}', 'Бумага', '["created"]', '${NOW}');
    INSERT INTO list (list_id, name, created_at, local_name) VALUES ('lst_1', 'Список', '${NOW}', 'Мой список');
    INSERT INTO list_item (list_id, tender_id, added_at) VALUES ('lst_1', 42, '${NOW}');
    INSERT INTO outbox (op, payload, idempotency_key, state, created_at, updated_at)
      VALUES ('list.add', '{"listId":"lst_1","ids":[7]}', 'idem-1', 'pending', '${NOW}', '${NOW}');
  `);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return { dir, file };
}

/** Garbage over the pages of one table (its root page), the rest of the file intact. */
function damageTable(file: string, table: string): void {
  const raw = new Database(file, { readonly: true });
  const root = raw.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck().get(table) as number;
  const pageSize = raw.pragma('page_size', { simple: true }) as number;
  raw.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}

describe('a damaged cache of the last active profile', () => {
  it('the app starts on the sandbox, names the file, and a rebuild brings back searches, lists and pending edits', async () => {
    const keychain = memoryKeychain();
    const { dir, file } = await workProfile(keychain);
    damageTable(file, 'delivery');

    let c: TestCore | null = null;
    try {
      c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      const notices = await c.call('cache.damaged', {});
      expect(notices).toHaveLength(1);
      const [notice] = notices;
      expect(notice).toMatchObject({ profile: 'work', file, rebuildable: true });
      expect(notice!.movedTo).toMatch(/cache\.db\.damaged-\d{8}T\d{6}Z$/);
      expect(notice!.message).toContain(file);
      expect(notice!.message).toContain(notice!.movedTo);
      expect(notice!.message).toMatch(/повреждён/);
      // Moved, not deleted; and nothing was silently made in its place.
      expect(existsSync(notice!.movedTo!)).toBe(true);
      expect(existsSync(file)).toBe(false);

      // The profile is not opened empty behind the user's back: it waits for the rebuild.
      const refused = await c.call('profiles.activate', { name: 'work' }).catch((e: unknown) => e);
      expect(toIpcError(refused, 'en')).toMatchObject({ code: 'cache_damaged' });
      expect(toIpcError(refused, 'en').message).toContain(notice!.movedTo);
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');

      const rebuilt = await c.call('cache.rebuild', { name: 'work' });
      expect(rebuilt.profile).toMatchObject({ name: 'work', active: true });
      expect(rebuilt.recovered).toEqual({ savedSearches: 1, lists: 1, listItems: 1, pendingEdits: 1 });
      expect(await c.call('cache.damaged', {})).toEqual([]);
      const cache = new Database(file, { readonly: true });
      expect(cache.prepare('SELECT label FROM saved_search').pluck().all()).toEqual(['Бумага']);
      expect(cache.prepare('SELECT local_name FROM list').pluck().all()).toEqual(['Мой список']);
      expect(cache.prepare('SELECT idempotency_key FROM outbox').pluck().all()).toEqual(['idem-1']);
      cache.close();
      // The damaged file is still there, untouched by the rebuild.
      expect(statSync(notice!.movedTo!).size).toBeGreaterThan(0);
    } finally {
      await c?.close();
    }
  });

  it('an empty cache.db is not taken for a new cache: the app starts on the sandbox and says so', async () => {
    const keychain = memoryKeychain();
    const { dir, file } = await workProfile(keychain);
    const fd = openSync(file, 'w');
    closeSync(fd);
    const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      await c.call('app.setLocale', { locale: 'en' });
      const [notice] = await c.call('cache.damaged', {});
      expect(notice?.message).toContain('is empty');
      expect(notice?.message).toContain(file);
    } finally {
      await c.close();
    }
  });
});

describe('a damage note that cannot be read', () => {
  it('the profile is refused and listed, no empty cache is made over its work, and a rebuild salvages from the moved file', async () => {
    const keychain = memoryKeychain();
    const { dir, file } = await workProfile(keychain);
    // What a full disk left: the cache moved aside, its note written as 0 bytes.
    const movedTo = `${file}.damaged-20261125T100000Z`;
    renameSync(file, movedTo);
    writeFileSync(join(dirname(file), 'damaged-cache.json'), '');

    const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      expect(existsSync(file)).toBe(false); // no empty cache made in its place
      const [notice, ...more] = await c.call('cache.damaged', {});
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ profile: 'work', file, movedTo, rebuildable: true });
      expect(notice!.message).toContain('damaged-cache.json');
      expect(notice!.message).toMatch(/не читается/);
      expect(notice!.message).toContain(movedTo);

      const refused = await c.call('profiles.activate', { name: 'work' }).catch((e: unknown) => e);
      expect(toIpcError(refused, 'ru')).toMatchObject({ code: 'cache_damaged' });
      expect(existsSync(file)).toBe(false);

      const rebuilt = await c.call('cache.rebuild', { name: 'work' });
      expect(rebuilt.recovered).toEqual({ savedSearches: 1, lists: 1, listItems: 1, pendingEdits: 1 });
      expect(await c.call('cache.damaged', {})).toEqual([]);
      expect(existsSync(movedTo)).toBe(true);
    } finally {
      await c.close();
    }
  });
});

describe('the rebuild from the server', () => {
  it('reads the saved searches again at no cost: already paid versions come free, planned by the spend guard, and the audit is clean', async () => {
    const dir = tempDir();
    const first = await makeCore(sb.baseUrl, { dataDir: dir });
    const run = await first.call('search.run', { criteria: { keywords: ['поставка'] }, label: 'поставки' });
    const paid = await finished(first, run.jobId);
    expect(paid.state).toBe('done');
    expect(paid.charged).toBeGreaterThan(100);
    // A fresh install's money rules from now on: a run estimated above 100 units would need consent.
    await first.call('spending.set', { confirmAbove: 100, runCap: 1000, dailyBudget: null });
    const file = (await first.call('cache.info', {})).path;
    const balance = (await first.call('balance.get', {})).balance;
    await first.core.close();
    damageTable(file, 'delivery');

    const c = await makeCore(sb.baseUrl, { dataDir: dir });
    try {
      expect((await c.call('app.info', {})).activeProfile?.name).not.toBe('sandbox');
      const rebuilt = await c.call('cache.rebuild', { name: 'sandbox' });
      expect(rebuilt.recovered.savedSearches).toBe(1);
      expect(rebuilt.notStarted).toEqual([]);
      expect(rebuilt.jobs).toHaveLength(1);
      const again = await finished(c, rebuilt.jobs[0]!);
      expect(again).toMatchObject({ state: 'done', charged: 0, total: paid.total });
      const results = await c.call('search.results', { filterId: run.filterId, offset: 0, limit: 1 });
      expect(results.cachedCount).toBe(paid.total);
      expect((await c.call('balance.get', {})).balance.tenders).toBe(balance.tenders);
      expect(await c.call('ledger.audit', {})).toMatchObject({ ok: true, repeatCharges: [], unexplained: [] });
    } finally {
      await c.close();
    }
  });
});

describe('a damage met during a call', () => {
  it('answers cache_damaged naming the file, switches to the sandbox, and later calls and switches work', async () => {
    const keychain = memoryKeychain();
    const { dir, file } = await workProfile(keychain);
    const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('work');
      // Garbage over every page but the first, then a write through another connection, so the app's own
      // connection drops the pages it had read and reads the damaged ones at its next call.
      const size = statSync(file).size;
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096);
      closeSync(fd);
      const other = new Database(file);
      other.pragma(`user_version = ${other.pragma('user_version', { simple: true }) as number}`);
      other.close();

      const failed = await c.call('cache.info', {}).catch((e: unknown) => e);
      const mapped = toIpcError(failed, 'ru');
      expect(mapped.code).toBe('cache_damaged');
      expect(mapped.message).toContain(file);
      expect(mapped.message).not.toMatch(/SQLITE|malformed|Внутренняя/);

      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      expect((await c.call('cache.info', {})).path).not.toBe(file);
      const [notice] = await c.call('cache.damaged', {});
      expect(notice).toMatchObject({ profile: 'work', file });
      expect(readFileSync(notice!.movedTo!).length).toBe(size);
      await c.call('profiles.activate', { name: 'sandbox-earlier' });
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox-earlier');
    } finally {
      await c.close();
    }
  });
});

describe('a damage met by a sync job', () => {
  it('a following job that meets a damaged page: the app moves to another profile and names the file', async () => {
    await control(sb, 'rate-limit', { per_minute: 1_000_000 });
    // This file's cores have logged in to the sandbox ten times within its minute (its login limit, as a real
    // server has): a new core's login would wait out the server's Retry-After, most of a minute. The sandbox's
    // clock a minute on ends that window; the world a minute older changes nothing this test looks at.
    await control(sb, 'clock', { advance_s: 61 });
    const c = await makeCore(sb.baseUrl, {
      tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 200, followWaitSeconds: 1, requestsPerMinute: 1_000_000 },
    });
    try {
      const run = await c.call('search.run', { criteria: { regions: [77] } });
      await finished(c, run.jobId);
      const file = (await c.call('cache.info', {})).path;
      await c.call('savedSearches.follow', { filterId: run.filterId, follow: true });
      await until(async () => (await c.call('sync.jobs', {})).some((j) => j.filterId === run.filterId && j.state === 'following'), 20_000, 'following');
      // Everything into the file and the WAL emptied, so the app's connection reads the page from the file next.
      const other = new Database(file);
      other.pragma('wal_checkpoint(TRUNCATE)');
      other.close();
      damageTable(file, 'delivery');
      await control(sb, 'tick', { created: 400 }); // the follow stores new items: it meets the damaged page

      const [notice] = await until(async () => {
        const found = await c.call('cache.damaged', {});
        return found.length > 0 ? found : null;
      }, 20_000, 'the notice');
      expect(notice).toMatchObject({ profile: 'sandbox', file, rebuildable: true });
      expect(eventsOf(c, 'sync.progress').some((j) => j.filterId === run.filterId && j.error?.code === 'cache_damaged')).toBe(true);
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox-earlier');
      expect(existsSync(notice!.movedTo!)).toBe(true);
    } finally {
      await c.close();
    }
  });
});

describe('a damaged pack met by a call (no quick check of a large cache, no check of a value at all)', () => {
  it('answers cache_damaged naming the file, never the parser\'s or zlib\'s words; the file is moved aside and the rebuild offered', async () => {
    await control(sb, 'rate-limit', { per_minute: 1_000_000 });
    const c = await makeCore(sb.baseUrl);
    try {
      const run = await c.call('search.run', { criteria: { regions: [77] } });
      expect((await finished(c, run.jobId)).state).toBe('done');
      const file = (await c.call('cache.info', {})).path;
      // The bytes of one pack overwritten inside its value: SQLite's page checks and integrity_check pass.
      const other = new Database(file);
      const { pack_id: packId, body } = other.prepare('SELECT pack_id, body FROM version_pack ORDER BY pack_id LIMIT 1').get() as { pack_id: number; body: Buffer };
      const damaged = Buffer.from(body);
      damaged.fill(0xa5, 8, 40);
      other.prepare('UPDATE version_pack SET body = ? WHERE pack_id = ?').run(damaged, packId);
      expect(other.pragma('quick_check', { simple: true })).toBe('ok');
      other.close();

      const failed = await c.call('search.export', { filterId: run.filterId, columns: ['id', 'name'], format: 'csv' }).catch((e: unknown) => e);
      const mapped = toIpcError(failed, 'ru');
      expect(mapped.code).toBe('cache_damaged');
      expect(mapped.message).toContain(file);
      expect(mapped.message).not.toMatch(/JSON|Unexpected|inflate|invalid|zlib|Внутренняя/i);
      const [notice, ...more] = await c.call('cache.damaged', {});
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ profile: 'sandbox', file, rebuildable: true });
      expect(existsSync(notice!.movedTo!)).toBe(true);
      expect(existsSync(file)).toBe(false);
    } finally {
      await c.close();
    }
  });
});

describe('a damage the quick check at open lets pass', () => {
  it('is found by the full check in the background: the app moves to the sandbox and names the file', async () => {
    const keychain = memoryKeychain();
    const { dir, file } = await workProfile(keychain);
    staleIndex(file);
    const c = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
    try {
      // Opened (the quick check passes), then the background check finds the index that disagrees.
      const notices = await until(async () => {
        const found = await c.call('cache.damaged', {});
        return found.length > 0 ? found : null;
      });
      expect(notices[0]).toMatchObject({ profile: 'work', file, rebuildable: true });
      expect((await c.call('app.info', {})).activeProfile?.name).toBe('sandbox');
      expect(c.events.some((e) => e.event === 'profiles.changed' && (e.payload as { activeProfile: string }).activeProfile === 'sandbox')).toBe(true);
      expect(existsSync(notices[0]!.movedTo!)).toBe(true);
    } finally {
      await c.close();
    }
  });
});

/** `tsx src-main/web/cli.ts ARGS`, as `nobody` when the tests run as root (root may write anywhere). */
function webStart(args: string[], home: string) {
  const node = [process.execPath, '--import', 'tsx', 'src-main/web/cli.ts', ...args];
  const [cmd, ...rest] = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...node] : node;
  return { cmd: cmd!, args: rest, env: { PATH: process.env.PATH ?? '', HOME: home } };
}

describe('a damaged cache in a folder that cannot be written', () => {
  it('is left where it is, and the app still starts on another profile', async () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    const dataDir = join(root, 'data');
    mkdirSync(dataDir, { mode: 0o777 });
    chmodSync(dataDir, 0o777);
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: 'sandbox' }), { mode: 0o666 });
    const folder = join(dataDir, 'profiles', 'sandbox');
    mkdirSync(join(folder, 'cache.db'), { recursive: true });
    chmodSync(join(dataDir, 'profiles'), 0o777);
    chmodSync(folder, 0o555);
    const w = webStart(['--data-dir', dataDir, '--tenders', '200'], dataDir);
    const child = spawn(w.cmd, w.args, { cwd: process.cwd(), env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      const started = await new Promise<boolean>((resolve) => {
        child.stdout.on('data', (d: Buffer) => {
          if (d.toString().includes('Tender Workbench: http')) resolve(true);
        });
        child.once('exit', () => resolve(false));
      });
      expect(stderr).not.toMatch(/could not start/);
      expect(started).toBe(true);
      expect(statSync(join(folder, 'cache.db')).isDirectory()).toBe(true); // left as it is
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('a read-only data folder', () => {
  it('npm run web says the folder is read-only, not a raw EACCES or ENOENT from mkdir', async () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    const dataDir = join(root, 'data');
    mkdirSync(dataDir, { mode: 0o555 });
    chmodSync(dataDir, 0o555);
    const args = ['--import', 'tsx', 'src-main/web/cli.ts', '--data-dir', dataDir, '--tenders', '200'];
    // Root may write anywhere: as root the start runs as the unprivileged `nobody`.
    const [cmd, cmdArgs] = process.getuid?.() === 0 ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...args]] : [process.execPath, args];
    const r = await promisify(execFile)(cmd as string, cmdArgs as string[], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', HOME: dataDir }, encoding: 'utf8' }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The data folder ${dataDir} is read-only`);
    expect(r.stderr).not.toMatch(/EACCES|ENOENT|mkdir|\[object Object\]/);
  });
});
