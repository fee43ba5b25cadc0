/**
 * Crash safety: `tenderwb sync` runs as a child process and is killed with SIGKILL at 30 random
 * moments of a large sync, restarting each time (with new versions arriving in between). At the end the
 * cache holds exactly the feeds' set and the ledger shows every (object, version) charged once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import type { Sandbox } from '../sandbox/helpers';
import { chargesByVersion, ctl, feedContents, login } from '../sync/harness';

const CLI = resolve(__dirname, '../../src-main/cli/tenderwb.mjs');
const KILLS = Number(process.env.CRASH_KILLS ?? 30);

let sb: Sandbox;
let dataDir: string;
let token: string;

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function run(args: string[], killAfterMs?: number): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, '--data-dir', dataDir, ...args], {
      env: { ...process.env, TENDERWB_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

/** A small deterministic generator, so a failing run can be repeated with the printed seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 31, tenders: 8000 });
  await ctl(sb, 'balance', { login: 'demo', tenders: 1_000_000, contracts: 1_000_000 });
  // The test's own ledger reads share the account's request rate with the CLI; it is the CLI's limits
  // that are under test, not the server's 100/min.
  await ctl(sb, 'rate-limit', { per_minute: 100_000 });
  // Every answer a little slow, so the large sync lasts long enough for all the kills to land inside it,
  // also on a loaded machine where the CLI takes longer to start.
  await ctl(sb, 'faults', { delay_ms: 70 });
  token = await login(sb, 'demo');
  dataDir = mkdtempSync(join(tmpdir(), 'tenderwb-crash-'));
}, 180_000);

afterAll(async () => {
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it(`kill -9 at ${KILLS} random moments of a large sync: nothing lost, nothing charged twice`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const random = mulberry32(seed);
    const label = `seed ${seed}`;
    expect((await run(['profile', 'add', 'sb', '--base-url', sb.baseUrl])).code, label).toBe(0);
    const search = await run(['--json', 'search', '--query', '{"status":["active","completed"]}', '--label', 'big', '--events', 'created,updated']);
    expect(search.code, `${label}: ${search.stderr}`).toBe(0);
    const filterId = JSON.parse(search.stdout.trim()).filter_id as string;

    let killed = 0;
    for (let i = 0; i < KILLS; i++) {
      // New versions and new tenders keep arriving, so every restart has work to be killed in. --no-cap: this
      // test is about crashes, not the default per-run cap (test/cli/spending.test.ts holds that).
      await ctl(sb, 'tick', { created: 20, updated: 40 });
      const r = await run(['sync', 'big', '--contracts', '--no-cap'], 200 + Math.floor(random() * 1600));
      if (r.signal === 'SIGKILL') killed += 1;
      else expect(r.code, `${label}, run ${i}: ${r.stderr}`).toBe(0);
    }
    expect(killed, label).toBeGreaterThanOrEqual((KILLS * 2) / 3);

    await ctl(sb, 'faults', { delay_ms: 0 });
    const final = await run(['sync', 'big', '--contracts', '--no-cap']);
    expect(final.code, `${label}: ${final.stderr}`).toBe(0);

    const versions = await run(['--json', 'cache', 'versions']);
    expect(versions.code, label).toBe(0);
    const held = new Set(
      versions.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind: string; id: number; version: number })
        .map((v) => `${v.kind}:${v.id}:${v.version}`),
    );
    const expected = await feedContents(sb, filterId, ['tender', 'contract'], ['created', 'updated']);
    expect(expected.size, label).toBeGreaterThan(4000);
    expect([...expected].filter((k) => !held.has(k)), `${label}: lost`).toEqual([]);
    expect([...held].filter((k) => !expected.has(k)), `${label}: unexpected`).toEqual([]);

    const charges = await chargesByVersion(sb, token);
    expect([...charges.entries()].filter(([, n]) => n !== 1), `${label}: charged twice`).toEqual([]);
    expect(charges.size, label).toBe(held.size);

    // --full: every row judged (more than one bounded run reads), as `rows` below says.
    const audit = await run(['--json', 'audit', '--full']);
    expect(audit.code, `${label}: ${audit.stderr}`).toBe(0);
    const verdict = JSON.parse(audit.stdout.trim());
    expect(verdict.ok).toBe(true);
    expect(verdict.repeat_charges).toEqual([]);
    expect(verdict.unexplained).toEqual([]);
    expect(verdict.rows).toBe(held.size);
  }, 600_000);
});
