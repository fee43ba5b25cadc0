/**
 * The CLI speaks one language per run (English and Russian mixed, even in one line): the app's language
 * from settings.json, Russian by default. The same session — results, notes on stderr, and refusals — is run on two
 * installations, one Russian and one English, and each run's words are checked for the other language. Moments in
 * sentences are Moscow time as the app writes them, never an ISO timestamp.
 *
 * The session's own data (labels, list names, files) is ASCII, so what is Cyrillic in an English run can only be
 * the CLI's words; the server's data (tender names) appears in none of these commands.
 *
 * The CLI's `main` runs in this process, its stdout and stderr captured (some eighty runs: a child process each
 * would cost minutes on a loaded machine); the sandbox it talks to runs here too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src-main/cli/main';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { CliHarness, ctl, login, startCliSandbox } from './helpers';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const QUERY = JSON.stringify({ keywords: ['вакцин'] });
let sb: RunningSandbox;
let token = '';
const savedToken = process.env.TENDERWB_TOKEN;

type Run = { code: number; stdout: string; stderr: string };

/**
 * `tenderwb --data-dir DIR ...args` in this process, with the token in TENDERWB_TOKEN: its exit code and output.
 * stderr passes for a terminal, so the progress lines a person sees (drawn only on a TTY) are checked too.
 */
async function run(cli: CliHarness, args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${a.join(' ')}\n`));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  const ewrite = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
  const tty = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
  Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
  try {
    const code = await main(['--data-dir', cli.dataDir, ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    if (tty) Object.defineProperty(process.stderr, 'isTTY', tty);
    else delete (process.stderr as { isTTY?: boolean }).isTTY;
    log.mockRestore();
    write.mockRestore();
    ewrite.mockRestore();
  }
}
const clis: Record<'ru' | 'en', CliHarness> = {} as Record<'ru' | 'en', CliHarness>;

beforeAll(async () => {
  sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  token = await login(sb, 'demo');
  process.env.TENDERWB_TOKEN = token;
  // Each run of main installs its Ctrl-C handler once (as a process of its own would): some eighty runs here.
  process.setMaxListeners(200);
  for (const locale of ['ru', 'en'] as const) {
    const cli = new CliHarness({ token, prefix: `tenderwb-cli-lang-${locale}-` });
    mkdirSync(cli.dataDir, { recursive: true });
    writeFileSync(join(cli.dataDir, 'settings.json'), JSON.stringify({ locale, activeProfile: null, spending: { confirmAbove: 1_000_000_000, runCap: 1_000_000_000, dailyBudget: null } }));
    expect((await run(cli, ['profile', 'add', 'sb', '--base-url', sb.baseUrl])).code).toBe(0);
    clis[locale] = cli;
  }
});

afterAll(async () => {
  if (savedToken === undefined) delete process.env.TENDERWB_TOKEN;
  else process.env.TENDERWB_TOKEN = savedToken;
  await sb?.close();
  for (const cli of Object.values(clis)) cli.cleanup();
});

/** A session touching most commands: results and notes on stderr (each must succeed), then a refusal of each kind. */
function session(dir: string): { ok: string[][]; refused: string[][] } {
  return { ok: [
    ['profile', 'list'],
    ['profile', 'add', 'second', '--base-url', sb.baseUrl],
    ['profile', 'list'],
    ['search', '--query', QUERY, '--label', 'vac', '--preview'],
    ['search', '--query', QUERY, '--label', 'vac'],
    ['sync', 'vac'],
    ['audit'],
    ['balance'],
    ['ledger', '--last', '3'],
    ['ledger', '--by-search'],
    ['cache', 'stats'],
    ['list', 'create', 'Computers'],
    ['list'],
    ['export', 'search', 'vac', '--out', join(dir, 'vac.csv')],
    ['export', 'ledger', '--out', join(dir, 'ledger.csv')],
    ['enrich', '--preview'],
    ['marks'],
  ], refused: [
    // Refusals: usage, unknown things, bad values, the other generation's words.
    ['bogus'],
    [],
    ['search', '--bogus'],
    ['sync', 'nope'],
    ['sync', 'vac', '--max-spend', 'lots'],
    ['ledger', '--days', '7'],
    ['ledger', '--by-search', '--days', '0'],
    ['card', 'tender', 'abc'],
    ['card', 'tender'],
    ['card', 'tender', '1', '--reestr'],
    ['list', 'frobnicate'],
    ['list', 'add'],
    ['profile', 'use', 'nobody'],
    ['profile', 'add', 'sb', '--base-url', sb.baseUrl],
    ['profile', 'add', 'x y', '--base-url', sb.baseUrl],
    ['--profile', 'nobody', 'balance'],
    ['export', 'list'],
    ['export', 'search', 'vac', '--out', join(dir, 'x.csv'), '--columns', 'id,nope'],
    ['contracts'],
    ['cache', 'search'],
    ['cache', 'rebuild'],
    ['filters'],
    ['favorites'],
    ['mark', 'tender', 'abc'],
    ['open', 'https://example.com/x'],
    ['login', '--base-url', sb.baseUrl],
  ] };
}

/** Runs the session on an installation; every line of it goes to `check`. */
async function runSession(cli: CliHarness, check: (args: string[], r: Run) => void): Promise<void> {
  const { ok, refused } = session(cli.dir('out'));
  for (const args of ok) {
    const r = await run(cli, args);
    expect(r.code, `tenderwb ${args.join(' ')}: ${r.stderr}`).toBe(0);
    expect(r.stdout + r.stderr, `tenderwb ${args.join(' ')}`).not.toBe('');
    check(args, r);
  }
  for (const args of refused) {
    const r = await run(cli, args);
    expect(r.code, `tenderwb ${args.join(' ')}`).not.toBe(0);
    expect(r.stderr, `tenderwb ${args.join(' ')}`).toMatch(/^tenderwb: .+\n$/);
    check(args, r);
  }
  // A token the service refuses (401): the way to log in again, with the error's facts, in the run's language too.
  process.env.TENDERWB_TOKEN = 'tenderwb_live_refusedbytheservice';
  try {
    const r = await run(cli, ['balance']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('TENDERWB_TOKEN');
    check(['balance', '(a refused token)'], r);
  } finally {
    process.env.TENDERWB_TOKEN = token;
  }
}

/** The CLI's own words of a run: command lines, flags, ids, addresses and paths it quotes taken out. */
const words = (r: Run): string =>
  `${r.stdout}\n${r.stderr}`
    .replace(/tenderwb [^;,()«»\n]*/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\/[^\s)]+/g, ' ')
    .replace(/--[a-z-]+/g, ' ')
    .replace(/\b(?:flt|lst|req)_\w+/g, ' ');

/** English words our English sentences use and Russian ones never need. */
const ENGLISH = /\b(the|and|of|is|are|was|not|no|none|units?|tenders?|items?|pages?|charged|free|saved|usage|cannot|offline|added|stored|written|rows?|verdict|unknown|needs?|give|token|held|stopped|matches|profiles?|default|already)\b/i;
const CYRILLIC = /[А-Яа-яЁё]/;

describe('one language per run', () => {
  it('a Russian installation: every line of the session is Russian, moments in Moscow time', async () => {
    await runSession(clis.ru, (args, r) => {
      expect(words(r), `tenderwb ${args.join(' ')}:\n${r.stdout}${r.stderr}`).not.toMatch(ENGLISH);
      expect(r.stdout + r.stderr, `tenderwb ${args.join(' ')}`).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      if (r.code !== 0) expect(r.stderr, `tenderwb ${args.join(' ')}`).toMatch(CYRILLIC);
    });
  });

  it('an English installation: no Russian word in any line of the same session', async () => {
    await runSession(clis.en, (args, r) => {
      // «…» quotes a name of the app's Russian interface, which the English text names as it is.
      expect(words(r).replace(/«[^»]*»/g, ' '), `tenderwb ${args.join(' ')}:\n${r.stdout}${r.stderr}`).not.toMatch(CYRILLIC);
      expect(r.stdout + r.stderr, `tenderwb ${args.join(' ')}`).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    });
  });
});
