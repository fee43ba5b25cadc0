/**
 * A start loads only what its command needs: `tenderwb --help`, `help COMMAND` and `profile list` must
 * start in a blink, so they load no package at all but slugify for the profiles' names (zod, for their schema, is
 * inside the bundle: scripts/cli-bundle/build.ts), never the API client, SQLite, the keychain, PostgreSQL or the
 * exporters. Each run is traced by a module loader hook
 * (loadTrace/register.mjs): every module the process loaded, ES or CommonJS.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY, REPO_ROOT } from './helpers';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'tenderwb-startload-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HEAVY = ['undici', 'better-sqlite3', 'keytar', 'pg', 'pg-copy-streams', 'archiver', 'exceljs', 'ical-generator', 'd3-array', 'read', 'tsx', 'esbuild'];

let traces = 0;
/** The packages (node_modules folders) and our own files a `tenderwb` run loaded, and what it printed. */
async function traced(args: string[], env: Record<string, string> = {}): Promise<{ packages: string[]; ours: string[]; stdout: string }> {
  const trace = join(root, `trace-${++traces}.txt`);
  const { stdout } = await run(process.execPath, ['--import', './test/cli/loadTrace/register.mjs', CLI_ENTRY, '--data-dir', join(root, 'data'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: root, TENDERWB_LOAD_TRACE: trace, ...env },
  });
  const loaded = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  const packages = new Set<string>();
  for (const line of loaded) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (match) packages.add(match[1]!);
  }
  const ours = loaded.filter((line) => line.includes(REPO_ROOT) && !line.includes('node_modules') && !line.includes('/test/'));
  return { packages: [...packages].sort(), ours, stdout };
}

describe('what a light command loads', () => {
  it('tenderwb --help and tenderwb help COMMAND load no package at all', async () => {
    for (const args of [['--help'], ['help', 'sync'], ['export', '--help']]) {
      const r = await traced(args);
      expect(r.stdout.length, args.join(' ')).toBeGreaterThan(100);
      expect(r.packages, args.join(' ')).toEqual([]);
    }
  });

  it('tenderwb profile list loads slugify only (zod is bundled): no client, SQLite, keychain or exporter', async () => {
    await traced(['profile', 'add', 'first', '--base-url', 'http://127.0.0.1:9/api/v2']);
    // With a token from TENDERWB_TOKEN the keychain is not asked; with none, listing a profile's token asks it.
    const r = await traced(['profile', 'list'], { TENDERWB_TOKEN: 'tok-start-load' });
    expect(r.stdout).toContain('first');
    expect(r.packages).toEqual(['slugify']);
    const empty = await traced(['--data-dir', join(root, 'empty'), 'profile', 'list']);
    expect(empty.packages).toEqual(['slugify']);
  });

  it('the trace sees a heavy package when a command needs it, so the light commands above cannot pass unseen', async () => {
    const r = await traced(['cache', 'stats', '--json'], { TENDERWB_TOKEN: 'tok-start-load' });
    expect(r.packages).toContain('better-sqlite3');
    for (const light of [await traced(['--help']), await traced(['profile', 'list'], { TENDERWB_TOKEN: 'tok-start-load' })]) {
      expect(light.packages.filter((p) => HEAVY.includes(p))).toEqual([]);
    }
  });

  it('runs the bundle: the start compiles no TypeScript', async () => {
    const r = await traced(['--help']);
    expect(r.ours.some((f) => f.endsWith('/out/cli/main.js'))).toBe(true);
    expect(r.ours.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });
});
