/**
 * Where the sandbox's world lives on disk. The catalogue for a (seed, size) is generated once into a cache
 * directory and reused by later starts; each running sandbox works on its own copy, so the cached file is
 * never changed and `reset` is simply a fresh copy.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CATALOGUE_FORMAT, catalogueSchema, earlierServiceSchema, serviceSchema } from './schema';
import { generateCatalogue } from '../data/generate';
import { foldText } from '../service/filterSet';
import { sha256Hex } from '../service/secrets';

export const DEMO_ACCOUNTS = [
  { login: 'demo', password: 'demo', isTest: false, tenders: 10_000, contracts: 1_000 },
  { login: 'demo-test', password: 'demo', isTest: true, tenders: 0, contracts: 0 },
] as const;

export function defaultCacheDir(): string {
  return process.env.TENDERWB_SANDBOX_CACHE ?? join(homedir(), '.cache', 'tender-workbench', 'sandbox');
}

export function catalogueFile(cacheDir: string, seed: number, tenders: number): string {
  return join(cacheDir, `catalogue-f${CATALOGUE_FORMAT}-seed${seed}-n${tenders}.db`);
}

/** The cached catalogue's path, generating it first when absent. Safe when several processes race. */
export function ensureCatalogue(opts: {
  cacheDir: string;
  seed: number;
  tenders: number;
  onProgress?: (done: number, total: number) => void;
}): { path: string; generated: boolean } {
  const path = catalogueFile(opts.cacheDir, opts.seed, opts.tenders);
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
    generateCatalogue(db, { seed: opts.seed, tenders: opts.tenders, onProgress: opts.onProgress });
    db.exec("INSERT INTO tender_fts(tender_fts) VALUES('optimize')");
    db.exec('ANALYZE');
    db.close();
    renameSync(tmp, path);
  } catch (e) {
    if (db.open) db.close();
    rmSync(tmp, { force: true });
    throw e;
  }
  return { path, generated: true };
}

/** Connection settings every sandbox connection needs, including the text folding matching relies on. */
export function configureConnection(db: Database.Database): void {
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.function('casefold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? foldText(s) : s));
}

/**
 * Opens the working copy at `workPath`, making it from the catalogue when it does not exist (or when
 * `fresh` is asked for, which is what `reset` does).
 */
export function openWorkingCopy(cataloguePath: string, workPath: string, fresh: boolean): Database.Database {
  if (fresh || !existsSync(workPath)) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(workPath + suffix, { force: true });
    mkdirSync(dirname(workPath), { recursive: true });
    copyFileSync(cataloguePath, workPath);
  }
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

export function makeTempWorkPath(): { path: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-sandbox-'));
  return { path: join(dir, 'state.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
