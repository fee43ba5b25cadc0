/**
 * Every CLI example of the README runs as written, in order, on a fresh machine (after the README's
 * earlier-generation login added a second profile, every example without --profile failed, and the example EIS
 * link named a tender the sandbox does not have).
 *
 * The commands are read from the README itself: every line of its ```sh blocks that starts with `npx tenderwb`, in
 * the README's order. Each runs through a shell (`bash -c`) exactly as written, against the sandbox the README starts
 * (`npm run sandbox -- --port 8787`, started by this test on a free port), with a fresh HOME (no profile, no
 * settings, the data root under it) and passwords on standard input. What the test changes, and only that:
 * - the port 8787 → the sandbox's port;
 * - `LIST_ID`, `TENDER_ID`, `INN` → what an earlier line printed (the list `list create` made; the tender and its
 *   customer's INN `open` printed for the README's EIS link);
 * - the team database's URL → a throwaway PostgreSQL (its password in TENDERWB_TEAM_PASSWORD, as the README says);
 * - standard input: the demo password for `login`, a token of the demo account for `--token-stdin`;
 * - `npx tenderwb` runs the CLI the suites run (the bundle of this very source, test/runner/cliBundle.ts) through
 *   an `npx` shim first on PATH, since a real npx start costs seconds per line on a loaded machine; one real
 *   `npx tenderwb --help` proves that name resolves to this CLI.
 * `sync … --follow` runs until Ctrl-C, as the README says: once it holds the cache open, SIGINT goes to its process
 * group, as a terminal's Ctrl-C does (bash, like an interactive shell, then ends with the command's own exit code).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYCHAIN_SERVICE, keytarBackend } from '../../src-main/vault/tokenVault';
import { CLI_ENTRY, REPO_ROOT, waitFor } from '../cli/helpers';
import { freePort, startPostgres, type PgCluster } from '../team/postgresCluster';

vi.setConfig({ testTimeout: 1_800_000, hookTimeout: 300_000 });

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
/** The profiles the README's examples make (their tokens go to the keychain; removed again afterwards). */
const PROFILES = ['demo', 'work', 'old'];

/** The README's CLI examples: the `npx tenderwb` lines of its ```sh blocks, in order. */
function readmeCommands(text: string): string[] {
  const lines: string[] = [];
  for (const block of text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    for (const line of block[1]!.split('\n')) if (line.startsWith('npx tenderwb ')) lines.push(line);
  }
  return lines;
}

let root: string;
let home: string;
let work: string;
let shims: string;
let sandbox: ChildProcess | null = null;
let port = 0;
let pg: PgCluster | null = null;
let teamUrl = '';

/** Starts `npm run sandbox -- --port P` as the README says, and answers once it prints its address. */
async function startReadmeSandbox(): Promise<void> {
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: join(root, 'sandbox-home'),
    // The generated demo catalogue is shared by every sandbox of this machine (README: later starts reuse it).
    TENDERWB_SANDBOX_CACHE: process.env.TENDERWB_SANDBOX_CACHE ?? join(homedir(), '.cache', 'tender-workbench', 'sandbox'),
    npm_config_update_notifier: 'false',
  };
  delete env.TENDERWB_SANDBOX_STRICT; // the README's sandbox is the default one
  mkdirSync(env.HOME!, { recursive: true });
  const child = spawn('npm', ['run', 'sandbox', '--', '--port', String(port)], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  sandbox = child;
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  await waitFor(() => (out.includes(`http://127.0.0.1:${port}/api/v2`) ? true : child.exitCode !== null ? Promise.reject(new Error(`the sandbox ended: ${err}`)) : undefined), 240_000, 'the sandbox to start');
}

beforeAll(async () => {
  // The README's login keeps the token in the OS keychain (CI runs the tests under dbus-run-session with an
  // unlocked gnome-keyring, as README «Prerequisites» says): without one its first line cannot run as written.
  expect(process.env.DBUS_SESSION_BUS_ADDRESS ?? '', 'the README examples need the OS keychain: run under dbus-run-session').not.toBe('');
  root = mkdtempSync(join(tmpdir(), 'tenderwb-readme-'));
  home = join(root, 'home');
  work = join(root, 'work');
  shims = join(root, 'bin');
  for (const dir of [home, work, shims]) mkdirSync(dir, { recursive: true });
  const npx = join(shims, 'npx');
  writeFileSync(npx, `#!/bin/sh\n[ "$1" = tenderwb ] || { echo "this test's npx runs tenderwb only" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${resolve(REPO_ROOT, CLI_ENTRY)}" "$@"\n`);
  chmodSync(npx, 0o755);
  await startReadmeSandbox();
  pg = await startPostgres();
  await pg.createDatabase('tenders');
  teamUrl = pg.urlOf('tenders');
});

afterAll(async () => {
  for (const child of started) if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  if (sandbox?.pid !== undefined && sandbox.exitCode === null) process.kill(-sandbox.pid, 'SIGTERM');
  await pg?.stop();
  for (const name of PROFILES) await keytarBackend.deletePassword(KEYCHAIN_SERVICE, name).catch(() => false);
  if (root) rmSync(root, { recursive: true, force: true });
});

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** The environment of a fresh machine: a new HOME, no token or data root of the developer's, the keychain's session bus. */
function freshEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: `${shims}:${process.env.PATH ?? ''}`, LANG: 'C.UTF-8', TENDERWB_TEAM_PASSWORD: pg!.password };
  for (const key of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']) if (process.env[key]) env[key] = process.env[key];
  return env;
}

/** Every shell started, so none outlives the test (a follower is interrupted by the test itself). */
const started: ChildProcess[] = [];

function start(line: string, stdin: string): { child: ChildProcess; done: Promise<Run> } {
  // Its own process group: Ctrl-C is a SIGINT to the foreground group, the shell and the command alike.
  const child = spawn('bash', ['-c', line], { cwd: work, env: freshEnv(), stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.end(stdin);
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** A token of the demo account from the sandbox's own login route: what "a token you already have" is here. */
async function demoToken(): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/api/v2/auth/login?login=demo&password=demo&token_name=readme-test`, { method: 'POST' });
  expect(r.status).toBe(200);
  return String(((await r.json()) as { token: string }).token);
}

describe('README: the CLI examples', () => {
  it('`npx tenderwb` is this CLI', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tenderwb', '--help'], { cwd: REPO_ROOT, env: { ...process.env, npm_config_update_notifier: 'false' }, encoding: 'utf8', timeout: 180_000 });
    expect(stdout).toMatch(/^(Использование|Usage): tenderwb /);
  });

  it('every `npx tenderwb` line of the README runs as written, in order, on a fresh machine', async () => {
    const lines = readmeCommands(README);
    expect(lines.length).toBeGreaterThan(30);
    const link = /regNumber=(\d+)/.exec(lines.find((l) => l.startsWith('npx tenderwb open '))!)![1]!;
    const found: Record<'LIST_ID' | 'TENDER_ID' | 'INN', string | null> = { LIST_ID: null, TENDER_ID: null, INN: null };
    const token = await demoToken();
    for (const written of lines) {
      let line = written.replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`).replaceAll('postgres://anna@db.example:5432/tenders', teamUrl);
      // Placeholders are replaced in the command, not in its comment (bash ignores what follows ` # `).
      const hash = line.search(/\s#\s/);
      const comment = hash < 0 ? '' : line.slice(hash);
      let command = hash < 0 ? line : line.slice(0, hash);
      for (const [name, value] of Object.entries(found)) {
        if (!new RegExp(`\\b${name}\\b`).test(command)) continue;
        expect(value, `${name} for: ${written}`).not.toBeNull();
        command = command.replaceAll(name, value!);
      }
      line = command + comment;
      const stdin = / login /.test(line) ? 'demo\n' : line.includes('--token-stdin') ? `${token}\n` : '';
      const { child, done } = start(line, stdin);
      if (line.includes('--follow')) {
        // Following runs until Ctrl-C: once it holds the profile's cache open, it is interrupted.
        const wal = join(home, '.local', 'share', 'tender-workbench', 'profiles', 'demo', 'cache.db-wal');
        await waitFor(() => (existsSync(wal) || child.exitCode !== null ? true : undefined), 120_000, 'the follower to open the cache');
        process.kill(-child.pid!, 'SIGINT');
      }
      const r = await done;
      expect(r.code, `${written}\n${r.stdout}${r.stderr}`).toBe(0);
      if (line.startsWith('npx tenderwb open ')) {
        // The README's EIS link names a tender the default sandbox has: its card, by that notice number.
        expect(r.stdout).toContain(`извещение ${link}`);
        found.TENDER_ID = /^ID (\d+) · /m.exec(r.stdout)?.[1] ?? null;
        found.INN = /\(ИНН (\d{10}|\d{12})\)/.exec(r.stdout)?.[1] ?? null;
      }
      if (line.startsWith('npx tenderwb list create ')) found.LIST_ID = /^(lst_\S+)/m.exec(r.stdout)?.[1] ?? null;
      if (line.includes('--follow')) expect(JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!)).toMatchObject({ label: 'it', stopped_by: 'cancelled' });
      if (line === 'npx tenderwb cache stats' || line.startsWith('npx tenderwb cache stats ')) {
        // After the earlier-generation login made a third profile, a command without --profile still reads "demo".
        expect(r.stdout).toMatch(/^сохранённые поиски: it;/m);
      }
    }
    expect(Object.values(found).every((v) => v !== null)).toBe(true);
  });
});
