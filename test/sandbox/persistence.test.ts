/**
 * "A way out of every dead end": a sandbox keeps its world in a data folder across restarts, as a
 * real server does (`npm run sandbox -- --data DIR`, the app's `stateFile`): accounts, tokens, lists, feeds and
 * their cursors, billing. Reopened later, the world has lived the time it was closed (data/catchUp.ts)
 * without changing any version it had delivered. `--fresh` starts over. Real restarts: the CLI is started,
 * stopped with SIGTERM and started again over the same folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { stateFileIn } from '../../src-main/sandbox/store/world';
import { TENDERS, api, balance, createList, ctl, login, newKey, query, type Json, type Sandbox } from './helpers';
import { BIDS, COMMISSION, DAY_MS, expectCoherent, servedWorld } from './coherence';

const dirs: string[] = [];
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-sandbox-data-'));
  dirs.push(dir);
  return dir;
}

/** A permanent API token (sessions expire; the token a user keeps does not). */
async function apiToken(sb: Sandbox): Promise<string> {
  const made = await api(sb, 'POST', '/auth/tokens', { token: await login(sb, 'demo'), key: newKey(), body: { name: 'kept' } });
  expect(made.status, made.text).toBe(200);
  return made.json.token;
}

describe('a kept world reopened later', () => {
  it('75 days on: the token, the list, the cursor and the balance are there; delivered versions are the same; the world moved on', { timeout: 180_000 }, async () => {
    const stateFile = join(tempDir(), 'state.db');
    const start = Date.now();
    let sb: RunningSandbox | null = await startSandbox({ port: 0, seed: 31, tenders: 1500, stateFile, now: start });
    try {
      expect(sb.caughtUp).toBeNull();
      const token = await apiToken(sb);
      const first = await query(sb, token, TENDERS, { regions: [77, 50], limit: 5 });
      expect(first.status, first.text).toBe(200);
      const delivered = first.json.results.map((x: { tender: { id: number } }) => x.tender);
      const list = await createList(sb, token, delivered.map((t: { id: number }) => t.id), 'кандидаты');
      const spent = await balance(sb, token);
      await sb.close();
      sb = null;

      sb = await startSandbox({ port: 0, seed: 31, tenders: 1500, stateFile, now: start + 75 * DAY_MS });
      expect(sb.caughtUp?.entries).toBeGreaterThan(0);
      expect(await balance(sb, token)).toEqual(spent);
      const lists = await api(sb, 'GET', `/lists/${list}`, { token });
      expect(lists.status).toBe(200);
      expect(lists.json.data).toEqual(delivered.map((t: { id: number }) => t.id));
      // The cursor continues where it was (the subscription lapsed meanwhile: preparing once, then pages).
      const next = await query(sb, token, TENDERS, { cursor: first.json.next_cursor, limit: 5 });
      expect(next.status, next.text).toBe(200);
      expect(next.json.results.length).toBeGreaterThan(0);
      const paid = await balance(sb, token);
      expect(paid.tenders).toBe(spent.tenders - next.json.results.length);
      // The feed read again from its start: the same versions, as they were (only the stage their deadline
      // gives now may read otherwise), and nothing charged for them again.
      const again = await query(sb, token, TENDERS, { regions: [77, 50], limit: 5 });
      expect(again.status, again.text).toBe(200);
      const held = again.json.results.map((x: { tender: Json }) => x.tender);
      expect(held.map((t: Json) => [t.id, t.version])).toEqual(delivered.map((t: Json) => [t.id, t.version]));
      const reopenedAt = Date.parse((await ctl(sb, 'state')).now);
      held.forEach((t: Json, i: number) => {
        const { status: after, ...rest } = t;
        const { status: before, ...was } = delivered[i];
        expect(rest).toEqual(was);
        expect(after.code).toBe(before.code);
        if (before.code === 'active') expect(after.name).toBe(Date.parse(t.end_date) > reopenedAt ? BIDS : COMMISSION);
      });
      expect(await balance(sb, token)).toEqual(paid);
      // The world lived the 75 days: the served world is coherent at its new now.
      expectCoherent(await servedWorld(sb), Date.parse((await ctl(sb, 'state')).now), 'reopened +75 d');
    } finally {
      await sb?.close();
    }
  });
});

type Cli = Sandbox & { child: ChildProcess; stderr: () => string };

/** `npm run sandbox` itself (tsx src-main/sandbox/cli.ts), on a free port; resolves once it prints its URL. */
function startCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Cli> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/sandbox/cli.ts', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    // Ready once the URL is out and the last line of the start (printed after it) has come on stderr.
    const ready = (): void => {
      const url = /^(http:\/\/127\.0\.0\.1:\d+)\/api\/v2$/m.exec(out);
      if (!url || !err.includes('earlier generation (X-API-Token)')) return;
      const cli: Cli = { child, baseUrl: `${url[1]}/api/v2`, origin: url[1]!, stderr: () => err, close: async () => void (await stopCli(cli)) };
      resolve(cli);
    };
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      ready();
    });
    child.stderr!.on('data', ready);
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${err}`)));
  });
}

function stopCli(cli: Cli): Promise<number | null> {
  return new Promise((resolve) => {
    cli.child.once('exit', (code) => {
      children.delete(cli.child);
      resolve(code);
    });
    cli.child.kill('SIGTERM');
  });
}

describe('npm run sandbox keeps its world in a data folder', () => {
  it('restarted over the same --data: a token issued before works, a cursor continues, the balance is kept; --fresh starts over', { timeout: 180_000 }, async () => {
    const data = tempDir();
    const args = ['--data', data, '--seed', '33', '--tenders', '1200'];
    let cli = await startCli(args);
    expect(cli.stderr()).toContain(`state kept in ${stateFileIn(data, 33, 1200)}`);
    const token = await apiToken(cli);
    await ctl(cli, 'rate-limit', { per_minute: 1_000_000 });
    const first = await query(cli, token, TENDERS, { purchase_types: [1], limit: 7 });
    expect(first.status, first.text).toBe(200);
    const seen = first.json.results.map((x: { tender: { id: number } }) => x.tender.id);
    const spent = await balance(cli, token);
    expect(spent.tenders).toBe(10_000 - 7);
    expect(await stopCli(cli)).toBe(0);

    cli = await startCli(args);
    expect(cli.stderr()).toMatch(/kept world reopened/);
    expect(await balance(cli, token)).toEqual(spent);
    const next = await query(cli, token, TENDERS, { cursor: first.json.next_cursor, limit: 7 });
    expect(next.status, next.text).toBe(200);
    const more = next.json.results.map((x: { tender: { id: number } }) => x.tender.id);
    expect(more.length).toBeGreaterThan(0);
    expect(more.some((id: number) => seen.includes(id))).toBe(false);
    expect(Math.min(...more)).toBeGreaterThan(Math.max(...seen));
    expect(await stopCli(cli)).toBe(0);

    cli = await startCli([...args, '--fresh']);
    expect((await api(cli, 'GET', '/balance', { token })).status).toBe(401);
    expect(await balance(cli, await login(cli, 'demo'))).toEqual({ tenders: 10_000, contracts: 1_000 });
    expect(await stopCli(cli)).toBe(0);
  });

  it('without --data the world is kept in the user’s data directory, and says where', { timeout: 120_000 }, async () => {
    const xdg = tempDir();
    const env = { ...process.env, XDG_DATA_HOME: xdg, TENDERWB_SANDBOX_DATA: '' };
    const cli = await startCli(['--seed', '34', '--tenders', '600'], env);
    const expected = stateFileIn(join(xdg, 'tender-workbench', 'sandbox-server'), 34, 600);
    expect(cli.stderr()).toContain(`state kept in ${expected}`);
    expect(existsSync(expected)).toBe(true);
    expect(await stopCli(cli)).toBe(0);
  });
});
