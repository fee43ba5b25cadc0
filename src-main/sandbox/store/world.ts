/**
 * Where the sandbox's world lives on disk. The catalogue for a (seed, size) and a Moscow day is generated
 * once into a cache directory and reused by later starts that day; each running sandbox works on its own
 * copy, so the cached file is never changed and `reset` is simply a fresh copy. A copy kept across restarts
 * (`stateFile`) lives the time it was closed when it is opened again (data/catchUp.ts), so it stays present
 * without changing anything it already served.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, posix, resolve, win32 } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CATALOGUE_FORMAT, catalogueSchema, earlierServiceSchema, serviceSchema } from './schema';
import { catalogueAnchor, generateCatalogue } from '../data/generate';
import { catchUpWorld, type CatchUpResult } from '../data/catchUp';
import { mskIso } from '../data/rows';
import { foldText } from '../service/filterSet';
import { sha256Hex } from '../service/secrets';

export const DEMO_ACCOUNTS = [
  { login: 'demo', password: 'demo', isTest: false, tenders: 10_000, contracts: 1_000 },
  { login: 'demo-test', password: 'demo', isTest: true, tenders: 0, contracts: 0 },
] as const;

export function defaultCacheDir(): string {
  return process.env.TENDERWB_SANDBOX_CACHE ?? join(homedir(), '.cache', 'tender-workbench', 'sandbox');
}

/**
 * Where `npm run sandbox` keeps its world across restarts unless `--data` says: `$TENDERWB_SANDBOX_DATA`, else
 * `sandbox-server` in the user's data directory, the app's own place (Linux: `$XDG_DATA_HOME/tender-workbench`
 * or `~/.local/share/tender-workbench`; macOS: `~/Library/Application Support/Tender Workbench`; Windows:
 * `%APPDATA%\Tender Workbench`).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const override = env.TENDERWB_SANDBOX_DATA?.trim();
  if (override) return resolve(override);
  const p = platform === 'win32' ? win32 : posix;
  switch (platform) {
    case 'win32':
      return p.join(env.APPDATA && p.isAbsolute(env.APPDATA) ? env.APPDATA : p.join(home, 'AppData', 'Roaming'), 'Tender Workbench', 'sandbox-server');
    case 'darwin':
      return p.join(home, 'Library', 'Application Support', 'Tender Workbench', 'sandbox-server');
    default:
      return p.join(env.XDG_DATA_HOME && p.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : p.join(home, '.local', 'share'), 'tender-workbench', 'sandbox-server');
  }
}

/** The state file of a (seed, size) in a data folder: each keeps its own world. */
export function stateFileIn(dataDir: string, seed: number, tenders: number): string {
  return join(dataDir, `state-seed${seed}-n${tenders}.db`);
}

/** `20261206`: the Moscow day of a catalogue's anchor, as its file is named. */
function dayKey(unixSeconds: number): string {
  return mskIso(catalogueAnchor(unixSeconds)).slice(0, 10).replace(/-/g, '');
}

const catalogueName = (seed: number, tenders: number): string => `catalogue-f${CATALOGUE_FORMAT}-seed${seed}-n${tenders}`;

/** The cached catalogue of a (seed, size) made on the Moscow day of `nowMs`. */
export function catalogueFile(cacheDir: string, seed: number, tenders: number, nowMs: number = Date.now()): string {
  return join(cacheDir, `${catalogueName(seed, tenders)}-d${dayKey(Math.floor(nowMs / 1000))}.db`);
}

/**
 * Removes this (seed, size)'s catalogues of other days than the one just made, today and yesterday (by this
 * machine's clock: a sandbox started on a date far ahead must not take today's file from other processes,
 * and files of dates tests moved to do not pile up). Safe while another process copies one: an open file
 * outlives its name, and a start or reset that finds its file gone makes it again (openWorld).
 */
function pruneStaleCatalogues(cacheDir: string, seed: number, tenders: number, nowMs: number): void {
  const keep = new Set([nowMs, Date.now()].flatMap((ms) => [dayKey(Math.floor(ms / 1000)), dayKey(Math.floor(ms / 1000) - 86_400)]));
  const pattern = new RegExp(`^${catalogueName(seed, tenders)}-d(\\d{8})\\.db$`);
  for (const name of readdirSync(cacheDir)) {
    const day = pattern.exec(name)?.[1];
    if (day !== undefined && !keep.has(day)) rmSync(join(cacheDir, name), { force: true });
  }
}

/**
 * The cached catalogue's path for the day of `nowMs` (default: now), generating it first when absent. Safe
 * when several processes race. Making one removes this seed and size's files of other days (see prune).
 */
export function ensureCatalogue(opts: {
  cacheDir: string;
  seed: number;
  tenders: number;
  nowMs?: number;
  onProgress?: (done: number, total: number) => void;
}): { path: string; generated: boolean } {
  const nowMs = opts.nowMs ?? Date.now();
  const path = catalogueFile(opts.cacheDir, opts.seed, opts.tenders, nowMs);
  if (existsSync(path)) return { path, generated: false };
  mkdirSync(opts.cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const db = new Database(tmp);
  try {
    // Nothing to protect while building: a crash leaves a .tmp file that is never used.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -131072');
    db.exec(catalogueSchema);
    generateCatalogue(db, { seed: opts.seed, tenders: opts.tenders, now: Math.floor(nowMs / 1000), onProgress: opts.onProgress });
    db.exec("INSERT INTO tender_fts(tender_fts) VALUES('optimize')");
    db.exec('ANALYZE');
    db.close();
    renameSync(tmp, path);
  } catch (e) {
    if (db.open) db.close();
    rmSync(tmp, { force: true });
    throw e;
  }
  pruneStaleCatalogues(opts.cacheDir, opts.seed, opts.tenders, nowMs);
  return { path, generated: true };
}

/** Connection settings every sandbox connection needs, including the text folding matching relies on. */
export function configureConnection(db: Database.Database): void {
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.function('casefold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? foldText(s) : s));
}

function openDatabase(workPath: string): Database.Database {
  const db = new Database(workPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  configureConnection(db);
  const hasService = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'accounts'").get();
  if (!hasService) {
    db.transaction(() => {
      db.exec(serviceSchema);
      // A new signing key per state: cursors of a state that was reset are refused, not misread.
      db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('cursor_key', ?)").run(randomBytes(32).toString('hex'));
      const insert = db.prepare(
        'INSERT INTO accounts(login, password_sha256, is_test, balance_tenders, balance_contracts) VALUES (?, ?, ?, ?, ?)',
      );
      for (const a of DEMO_ACCOUNTS) insert.run(a.login, sha256Hex(a.password), a.isTest ? 1 : 0, a.tenders, a.contracts);
    })();
  }
  // The earlier generation's tables, also in state files made before it was served (idempotent).
  db.exec(earlierServiceSchema);
  return db;
}

export type OpenedWorld = {
  db: Database.Database;
  /** Whether the catalogue had to be generated for this opening. */
  generated: boolean;
  /** What the world lived at this opening (an existing copy reopened later), or null for a fresh copy. */
  caughtUp: CatchUpResult | null;
};

/**
 * Opens the working copy at `workPath`. An existing one (kept across restarts) first lives the time since
 * it was last lived up to `nowMs` (the sandbox clock); a missing one, or any when `fresh` is asked for (what
 * `reset` does), is a new copy of the catalogue of `nowMs`'s day.
 */
export function openWorld(opts: {
  cacheDir: string;
  seed: number;
  tenders: number;
  workPath: string;
  fresh: boolean;
  nowMs: number;
  onProgress?: (done: number, total: number) => void;
}): OpenedWorld {
  const { workPath } = opts;
  if (!opts.fresh && existsSync(workPath)) {
    const db = openDatabase(workPath);
    try {
      const seed = Number((db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as { value: string }).value);
      return { db, generated: false, caughtUp: catchUpWorld(db, seed, Math.floor(opts.nowMs / 1000)) };
    } catch (e) {
      db.close();
      throw e;
    }
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(workPath + suffix, { force: true });
  mkdirSync(dirname(workPath), { recursive: true });
  let catalogue = ensureCatalogue(opts);
  try {
    copyFileSync(catalogue.path, workPath);
  } catch (e) {
    // Removed as stale by a process living on a later day between our check and the copy: make it again.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    catalogue = ensureCatalogue(opts);
    copyFileSync(catalogue.path, workPath);
  }
  return { db: openDatabase(workPath), generated: catalogue.generated, caughtUp: null };
}

export function makeTempWorkPath(): { path: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-sandbox-'));
  return { path: join(dir, 'state.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
