/**
 * The app and the CLI on one data folder lost or misreported work. 1 of 10 `marks.apply` beside
 * a CLI sync answered `internal` and the mark was lost; 10 of 40 `list add` during a sync exited 1 with raw
 * «database is locked» although the server held their items. Every write now takes the lock before it reads,
 * waits behind another program's transaction (a minute), and runs again when SQLite still says busy
 * (cache/writeRetry.ts); an edit the server applied is never reported as failed (sync/outbox.ts).
 *
 * "Another program's long transaction" is a child process holding the write lock (test/cache/lockHolder.ts),
 * longer than the 5 s the cache used to wait. Nothing here waits on a clock: each step waits for the holder to
 * say it holds the lock, or for a command to end.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { makeCore, type TestCore } from '../app/helpers';
import { holdWriteLock, type LockHolder } from '../cache/lockHolder';
import { forward, startHostile, type HostileServer } from '../hostile/server';
import { api, CliHarness, ctl, startCliSandbox, tokens } from './helpers';

let sb: RunningSandbox;
let live: string;
let cli: CliHarness;
let app: TestCore;
let proxy: HostileServer;
let cacheFile: string;
let tenderIds: number[];
/** Set by a test: the proxy lets the next list edit reach the server only once this holder holds the cache. */
let holdOnNextEdit: (() => LockHolder) | null = null;

const serverMembers = async (listId: string): Promise<number[]> => {
  const r = await api(sb, 'GET', `/lists/${listId}?limit=100`, { token: live });
  return (r.json.data as unknown[]).map((d) => (typeof d === 'number' ? d : Number((d as { tender_id?: number; id?: number }).tender_id ?? (d as { id?: number }).id))).sort((a, b) => a - b);
};

/** What the cache holds: the notes of its tenders, the members of a list, the outbox's edits not done. */
function held(listId?: string): { notes: string[]; members: number[]; pending: number } {
  const db = new Database(cacheFile, { readonly: true, fileMustExist: true });
  try {
    return {
      notes: db.prepare('SELECT text FROM tender_note ORDER BY text').pluck().all() as string[],
      members: listId === undefined ? [] : (db.prepare('SELECT tender_id FROM list_item WHERE list_id = ? ORDER BY tender_id').pluck().all(listId) as number[]),
      pending: db.prepare("SELECT count(*) FROM outbox WHERE state <> 'done'").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  ({ live } = await tokens(sb));
  const upstream = new URL(sb.baseUrl).origin;
  proxy = await startHostile(async (req, res, body) => {
    const hold = holdOnNextEdit;
    if (hold && req.method === 'POST' && /\/lists\/[^/]+\/items$/.test(new URL(req.url ?? '/', 'http://x').pathname)) {
      holdOnNextEdit = null;
      await hold().locked();
    }
    const answer = await forward(upstream, req, body);
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  });
  cli = new CliHarness({ token: live, prefix: 'tenderwb-concurrent-' });
  await cli.ok(['profile', 'add', 'work', '--base-url', `${proxy.origin}/api/v2`]);
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
  tenderIds = (await cli.ok(['--json', 'cache', 'versions'])).lines.filter((l) => l.kind === 'tender').map((l) => l.id as number);
  expect(tenderIds.length).toBeGreaterThanOrEqual(8);
  cacheFile = join(cli.dataDir, 'profiles', 'work', 'cache.db');
  // The app on the same data folder and profile, its token from the environment (no keychain needed).
  app = await makeCore(null, { dataDir: cli.dataDir, env: { TENDERWB_TOKEN: live } });
  await app.call('profiles.activate', { name: 'work' });
}, 180_000);

afterAll(async () => {
  await app?.core.close();
  await proxy?.close();
  await sb?.close();
  cli?.cleanup();
});

describe('writes of the app and the CLI on one cache', () => {
  it('marks.apply waits behind another program’s write transaction and stores the mark, instead of answering internal', async () => {
    const holder = holdWriteLock(cacheFile, { holdMs: 1_500 });
    await holder.locked();
    const answer = await app.call('marks.apply', { tender_ids: [tenderIds[0]!], note: 'во время чужой транзакции' });
    expect(answer.changed).toBe(1);
    await holder.done;
    expect(held().notes).toContain('во время чужой транзакции');
  });

  it('list add waits well past the old 5 s behind a long transaction and exits 0, its item stored here and on the server', { timeout: 120_000 }, async () => {
    const listId = (await cli.ok(['--json', 'list', 'create', 'Долгая транзакция'])).lines[0]!.list_id as string;
    // Held from before the CLI starts, for longer than its start and the old 5 s wait together.
    const holder = holdWriteLock(cacheFile, { holdMs: 15_000 });
    await holder.locked();
    const run = await cli.run(['--json', 'list', 'add', listId, String(tenderIds[1])], { timeoutMs: 110_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines[0]).toMatchObject({ added: 1 });
    await holder.done;
    expect(await serverMembers(listId)).toEqual([tenderIds[1]]);
    expect(held(listId)).toMatchObject({ members: [tenderIds[1]], pending: 0 });
  });

  it('an edit the server applied while another program held the cache is reported done, not «database is locked»', { timeout: 120_000 }, async () => {
    const listId = (await cli.ok(['--json', 'list', 'create', 'Занятый кэш'])).lines[0]!.list_id as string;
    let holder: LockHolder | null = null;
    holdOnNextEdit = () => (holder = holdWriteLock(cacheFile, { holdMs: 3_000 }));
    const run = await cli.run(['--json', 'list', 'add', listId, String(tenderIds[2])], { timeoutMs: 110_000 });
    expect(holder).not.toBeNull();
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines[0]).toMatchObject({ added: 1, items_count: 1 });
    await holder!.done;
    expect(await serverMembers(listId)).toEqual([tenderIds[2]]);
    expect(held(listId)).toMatchObject({ members: [tenderIds[2]], pending: 0 });
  });

  it('the app, a CLI adding to a list and a CLI marking and syncing write at once beside a long transaction: every write is there', { timeout: 300_000 }, async () => {
    const listId = (await cli.ok(['--json', 'list', 'create', 'Все вместе'])).lines[0]!.list_id as string;
    const ROUNDS = 6;
    const APP_PER_ROUND = 3;
    const CLI_OPS = 5;
    const holder = holdWriteLock(cacheFile, { holdMs: 1_200, times: ROUNDS, gapMs: 800 });
    // The app: a few marks in each of the holder's rounds, the first of them while it holds the lock.
    const appWrites = (async () => {
      const answers: number[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        await holder.locked(round);
        for (let i = 0; i < APP_PER_ROUND; i += 1) {
          const n = (round - 1) * APP_PER_ROUND + i;
          answers.push((await app.call('marks.apply', { tender_ids: [tenderIds[n % tenderIds.length]!], note: `приложение ${n}` })).changed);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return answers;
    })();
    // A CLI adding one tender at a time to a list.
    const listAdds = (async () => {
      const codes: string[] = [];
      for (let j = 0; j < CLI_OPS; j += 1) {
        const r = await cli.run(['list', 'add', listId, String(tenderIds[j])], { timeoutMs: 110_000 });
        codes.push(`${r.code} ${r.stderr.trim()}`);
      }
      return codes;
    })();
    // Another CLI syncing a search and marking tenders.
    const marksAndSync = (async () => {
      const codes: string[] = [];
      const sync = await cli.run(['sync', 'вакцины'], { timeoutMs: 110_000 });
      codes.push(`${sync.code} ${sync.stderr.trim()}`);
      for (let k = 0; k < CLI_OPS; k += 1) {
        const r = await cli.run(['mark', 'tender', String(tenderIds[k]), '--note', `терминал ${k}`], { timeoutMs: 110_000 });
        codes.push(`${r.code} ${r.stderr.trim()}`);
      }
      return codes;
    })();
    const [answers, adds, marks] = await Promise.all([appWrites, listAdds, marksAndSync]);
    await holder.done;
    expect(answers).toEqual(Array(ROUNDS * APP_PER_ROUND).fill(1));
    for (const code of [...adds, ...marks]) expect(code).toMatch(/^0 /);
    const now = held(listId);
    const expectedNotes = [...Array.from({ length: ROUNDS * APP_PER_ROUND }, (_, n) => `приложение ${n}`), ...Array.from({ length: CLI_OPS }, (_, k) => `терминал ${k}`)];
    expect(now.notes).toEqual(expect.arrayContaining(expectedNotes));
    const members = tenderIds.slice(0, CLI_OPS).sort((a, b) => a - b);
    expect(now.members).toEqual(members);
    expect(now.pending).toBe(0);
    expect(await serverMembers(listId)).toEqual(members);
  });
});
