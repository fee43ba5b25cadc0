/**
 * Helpers for the `tenderwb` CLI tests: the CLI runs as a real child process, exactly as a user or a script
 * runs it (`node src-main/cli/tenderwb.mjs ...` from the repository root, the bundle npm ci built), against an
 * in-process API sandbox.
 *
 * Each `CliHarness` owns a temporary root with its own `--data-dir` and its own HOME, so a test file never
 * sees another's profiles or cache and nothing is written to the developer's real data directory. The child's
 * environment is minimal: HOME, CI, TENDERWB_TOKEN (when a token is given) and, only when the test process
 * itself has one, the D-Bus session address (the keychain is reachable only through it; CI runs under
 * dbus-run-session with an unlocked gnome-keyring).
 *
 * Every run is kept in `transcript`, so the secrecy suite can scan everything the CLI ever printed.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, inflateRawSync, inflateSync, gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { api, balance, ctl, login, type Json } from '../sandbox/helpers';

export { api, ctl, login, type Json };

// A CLI test spawns the CLI up to twenty times in a row (~0.2 s of CPU each on a quiet machine, bundled). CI runs under
// load on two cores, where one spawn has taken 6 s: room for that, so that a slow machine never fails a test
// (a test that hangs still ends here, and each spawn is killed after its own minute).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The CLI the suites spawn: the shipped bin, as users run it. It runs the bundle (out/cli/, made fresh by vitest's
 * global setup, test/runner/cliBundle.ts, with the builder `npm ci` runs), else the source through tsx.
 */
export const CLI_ENTRY = 'src-main/cli/tenderwb.mjs';

/** A small world: a CLI spawn costs ~0.5 s, so every query in these suites is narrow. */
export const SANDBOX_SEED = 7;
export const SANDBOX_TENDERS = 2000;

export function startCliSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, seed: SANDBOX_SEED, tenders: SANDBOX_TENDERS });
}

export type CliRun = {
  args: string[];
  /** The process's exit code (a signal death is reported as 128 + signal number, like a shell). */
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON object per line; only for runs with `--json` (a line that is not an object fails). */
  lines: Json[];
};

export type RunOptions = {
  /** The token in TENDERWB_TOKEN: the harness's default when omitted, none at all when null. */
  token?: string | null;
  /** Written to the child's stdin, which is then closed (it is closed at once when omitted). */
  stdin?: string;
  /** Another data directory than the harness's (e.g. a second, independent installation). */
  dataDir?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  timeoutMs?: number;
};

const SIGNALS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

export class CliHarness {
  readonly root: string;
  readonly dataDir: string;
  readonly home: string;
  /** Every run so far: its arguments and everything it printed. */
  readonly transcript: CliRun[] = [];
  token: string | null;

  constructor(opts: { token?: string | null; prefix?: string; money?: 'lifted' | 'defaults' } = {}) {
    this.root = mkdtempSync(join(tmpdir(), opts.prefix ?? 'tenderwb-cli-'));
    this.dataDir = join(this.root, 'data');
    this.home = join(this.root, 'home');
    mkdirSync(this.home, { recursive: true });
    // Suites not about money lift the default per-run cap (like the rate limit); the money suite keeps a fresh install's.
    if ((opts.money ?? 'lifted') === 'lifted') {
      mkdirSync(this.dataDir, { recursive: true });
      writeFileSync(join(this.dataDir, 'settings.json'), JSON.stringify({ locale: 'ru', activeProfile: null, spending: { confirmAbove: 1_000_000_000, runCap: 1_000_000_000, dailyBudget: null } }));
    }
    this.token = opts.token ?? null;
  }

  /** A fresh directory under the harness's root (another data dir, an export target...). */
  dir(name: string): string {
    const dir = join(this.root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  env(o: RunOptions = {}): NodeJS.ProcessEnv {
    const token = o.token === undefined ? this.token : o.token;
    const env: NodeJS.ProcessEnv = { HOME: this.home, CI: 'true' };
    if (token !== null) env.TENDERWB_TOKEN = token;
    // The keychain (libsecret over D-Bus) is reachable only with the session bus address.
    for (const key of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']) {
      const value = process.env[key];
      if (value !== undefined && value !== '') env[key] = value;
    }
    return { ...env, ...o.env };
  }

  /** Starts `tenderwb --data-dir DIR ...args`; `done` resolves when it exits (never rejects on exit codes). */
  spawn(args: string[], o: RunOptions = {}): { child: ChildProcess; done: Promise<CliRun> } {
    const fullArgs = ['--data-dir', o.dataDir ?? this.dataDir, ...args];
    let child!: ChildProcess;
    const done = new Promise<CliRun>((resolveRun, reject) => {
      child = execFile(
        process.execPath,
        [CLI_ENTRY, ...fullArgs],
        { cwd: REPO_ROOT, env: this.env(o), encoding: 'utf8', maxBuffer: 64 * 2 ** 20, timeout: o.timeoutMs ?? 60_000, killSignal: 'SIGKILL' },
        (error, stdout, stderr) => {
          let code = 0;
          if (error) {
            const e = error as NodeJS.ErrnoException & { code?: unknown; signal?: string | null };
            if (typeof e.code === 'number') code = e.code;
            else if (e.signal) code = 128 + (SIGNALS[e.signal] ?? 0);
            else return reject(error);
          }
          const run: CliRun = { args: fullArgs, code, stdout: String(stdout), stderr: String(stderr), lines: [] };
          this.transcript.push(run);
          if (args.includes('--json')) {
            try {
              run.lines = parseJsonLines(run.stdout);
            } catch (parseError) {
              return reject(new Error(`tenderwb ${args.join(' ')}: ${(parseError as Error).message}\nstderr: ${run.stderr}`));
            }
          }
          resolveRun(run);
        },
      );
      if (o.stdin !== undefined) child.stdin!.end(o.stdin);
      else child.stdin!.end();
    });
    return { child, done };
  }

  run(args: string[], o: RunOptions = {}): Promise<CliRun> {
    return this.spawn(args, o).done;
  }

  /** Runs a command that must succeed; a failure shows its stderr in the test's error. */
  async ok(args: string[], o: RunOptions = {}): Promise<CliRun> {
    const r = await this.run(args, o);
    if (r.code !== 0) throw new Error(`tenderwb ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
    return r;
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** One JSON object per non-empty line; anything else is an error naming the line. */
export function parseJsonLines(text: string): Json[] {
  const out: Json[] = [];
  text.split('\n').forEach((line, i) => {
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`stdout line ${i + 1} is not JSON: ${line.slice(0, 200)}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`stdout line ${i + 1} is not a JSON object: ${line.slice(0, 200)}`);
    out.push(value);
  });
  return out;
}

/**
 * The one-line reason a failed command prints: exactly one line on stderr (a `--json` run prints
 * `{"error": "..."}`). Returns the reason's text. Throws when stderr is empty or has more than one line.
 */
export function failureReason(r: CliRun): string {
  const text = r.stderr;
  if (!text.endsWith('\n') || text.indexOf('\n') !== text.length - 1) {
    throw new Error(`expected exactly one line on stderr, got ${JSON.stringify(text.slice(0, 500))}`);
  }
  const line = text.slice(0, -1);
  if (r.args.includes('--json')) {
    const parsed = JSON.parse(line) as { error?: unknown };
    if (typeof parsed.error !== 'string' || parsed.error === '' || Object.keys(parsed).length !== 1) throw new Error(`not an {"error": "..."} line: ${line}`);
    return parsed.error;
  }
  if (!line.startsWith('tenderwb: ')) throw new Error(`the reason does not start with "tenderwb: ": ${line}`);
  return line.slice('tenderwb: '.length);
}

/** `(kind, id, version)` as one comparable string. */
export const versionKey = (kind: string, id: number, version: number): string => `${kind}:${id}:${version}`;

/**
 * A contract's registry number as the public registry shows it. The reference's contract object need not
 * carry it (the strict sandbox leaves it out), so it is read from a default sandbox over the same seed.
 */
export async function registryNumber(contractId: number): Promise<string> {
  const other = await startSandbox({ port: 0, seed: SANDBOX_SEED, tenders: SANDBOX_TENDERS, strict: false });
  try {
    const r = await api(other, 'GET', `/contracts/${contractId}`, { token: await login(other, 'demo-test') });
    if (r.status !== 200) throw new Error(`GET /contracts/${contractId} answered ${r.status}: ${r.text}`);
    return String(r.json.reestr_number);
  } finally {
    await other.close();
  }
}

/** A live (charged) and a test (never charged) session token of the sandbox. */
export async function tokens(sb: RunningSandbox): Promise<{ live: string; test: string }> {
  return { live: await login(sb, 'demo'), test: await login(sb, 'demo-test') };
}

/**
 * What most CLI suites start from: a sandbox with its rate limit lifted, a live and a test token, and a harness
 * on the live token with one profile on that sandbox.
 */
export async function cliOnSandbox(
  opts: { profile?: string; money?: 'lifted' | 'defaults' } = {},
): Promise<{ sb: RunningSandbox; live: string; test: string; cli: CliHarness }> {
  const sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  const { live, test } = await tokens(sb);
  const cli = new CliHarness({ token: live, ...(opts.money ? { money: opts.money } : {}) });
  await cli.ok(['profile', 'add', opts.profile ?? 'sb', '--base-url', sb.baseUrl]);
  return { sb, live, test, cli };
}

/**
 * The balance of the token's account: the two balances the reference states (a server may send more fields,
 * as the strict sandbox does, and the CLI shows only these).
 */
export async function serverBalance(sb: RunningSandbox, token: string): Promise<{ tenders: number; contracts: number }> {
  const b = await balance(sb, token);
  return { tenders: b.tenders, contracts: b.contracts };
}

/** The server's ledger of the token's account, all pages (each after `next_cursor`, else after the last row's id). */
export async function serverLedger(sb: RunningSandbox, token: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let after: unknown = null; ; ) {
    const r = await api(sb, 'GET', `/balance/ledger?limit=100${after !== null ? `&starting_after=${String(after)}` : ''}`, { token });
    if (r.status !== 200) throw new Error(`ledger answered ${r.status}: ${r.text}`);
    rows.push(...r.json.data);
    if (!r.json.has_more || r.json.data.length === 0) return rows;
    after = r.json.next_cursor ?? r.json.data.at(-1).id;
  }
}

/**
 * Every item a tender feed holds, read independently of the CLI with a test token (never charged): the
 * given streams from the start, repeating while the feed is preparing or still collecting (an empty page
 * ends the read only once the feed is `ready`).
 */
export async function feedItems(sb: RunningSandbox, testToken: string, query: Record<string, unknown>, events = ['created', 'updated']): Promise<Json[]> {
  const items: Json[] = [];
  let body: Record<string, unknown> = { ...query, events, limit: 100 };
  for (let tries = 0; ; ) {
    const r = await api(sb, 'POST', '/tenders/query', { token: testToken, body });
    if (r.status === 202) {
      // A deadline of about a minute, not 9 s: preparing lasts longer on a loaded machine.
      if (++tries > 200) throw new Error('the feed stayed preparing');
      await new Promise((res) => setTimeout(res, 300));
      continue;
    }
    if (r.status !== 200) throw new Error(`QUERY answered ${r.status}: ${r.text}`);
    items.push(...r.json.results);
    if (r.json.results.length === 0 && r.json.state === 'ready') return items;
    if (r.json.results.length === 0) await new Promise((res) => setTimeout(res, 200));
    body = { cursor: r.json.next_cursor, limit: 100 };
  }
}

/** Every (id, version) of both streams of a tender feed (see feedItems); the version is the item's (2.4). */
export async function feedVersions(sb: RunningSandbox, testToken: string, query: Record<string, unknown>): Promise<string[]> {
  return (await feedItems(sb, testToken, query)).map((item) => versionKey('tender', item.tender.id, item.version));
}

/** Every regular file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Where any of `secrets` occurs in `bytes`, as UTF-8 and as UTF-16LE (binary-safe, no decoding). */
function occurrences(bytes: Buffer, secrets: readonly string[]): string[] {
  const hits: string[] = [];
  for (const s of secrets) {
    if (bytes.includes(Buffer.from(s, 'utf8')) || bytes.includes(Buffer.from(s, 'utf16le'))) hits.push(s);
  }
  return hits;
}

/** Every way the blob decompresses (Brotli too: the cache's packs and cards since migration 0023, packCodec.ts). */
function inflated(blob: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (const inflate of [inflateRawSync, inflateSync, gunzipSync, brotliDecompressSync]) {
    try {
      out.push(inflate(blob));
    } catch {
      // not this format
    }
  }
  return out;
}

/**
 * Scans for secrets: every file under `roots` byte by byte (whatever it is: registry, cache.db, -wal, -shm,
 * an export), and every SQLite database among them value by value, with compressed blobs inflated — the
 * cache stores delivered JSON compressed, where a byte scan of the file alone would be blind.
 * Returns "file: secret" for each hit (empty when clean) and how many files and values were read.
 */
export function scanForSecrets(roots: readonly string[], secrets: readonly string[]): { hits: string[]; files: string[]; values: number } {
  const hits: string[] = [];
  const files: string[] = [];
  let values = 0;
  for (const root of roots) {
    const paths = statSync(root).isDirectory() ? filesUnder(root) : [root];
    for (const path of paths) {
      files.push(path);
      const bytes = readFileSync(path);
      for (const s of occurrences(bytes, secrets)) hits.push(`${path}: ${s}`);
      if (bytes.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000') {
        const db = new Database(path, { readonly: true, fileMustExist: true });
        try {
          const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
          for (const { name } of tables) {
            for (const row of db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).raw().iterate() as Iterable<unknown[]>) {
              for (const value of row) {
                values += 1;
                if (typeof value === 'string') {
                  for (const s of secrets) if (value.includes(s)) hits.push(`${path} (table ${name}): ${s}`);
                } else if (Buffer.isBuffer(value)) {
                  for (const s of occurrences(value, secrets)) hits.push(`${path} (table ${name}, blob): ${s}`);
                  for (const plain of inflated(value)) for (const s of occurrences(plain, secrets)) hits.push(`${path} (table ${name}, inflated blob): ${s}`);
                }
              }
            }
          }
        } finally {
          db.close();
        }
      }
    }
  }
  return { hits, files, values };
}

/** The random part of a `tenderwb_live_…` / `twb_test_…` secret (D-AUTH-2): what must never leak either. */
export function randomPart(token: string): string {
  const m = /^(?:tenderwb|twb)_(?:live|test)_([A-Za-z0-9]+)$/.exec(token);
  if (!m) throw new Error('not a token of the documented shape');
  return m[1]!;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value (not undefined) or `ms` pass. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The file names in the export history of the harness's cache(s), newest first (what the app's «Выгрузки» lists). */
export function exportHistoryNames(cli: CliHarness): string[] {
  const names: string[] = [];
  for (const file of filesUnder(join(cli.dataDir, 'profiles')).filter((f) => f.endsWith('cache.db'))) {
    const db = new Database(file, { readonly: true });
    try {
      names.push(...db.prepare<[], string>('SELECT file_name FROM export_history ORDER BY id DESC').pluck().all());
    } finally {
      db.close();
    }
  }
  return names;
}
