/**
 * Another program's long write transaction on a cache file, for the concurrency tests: a child
 * process that takes the write lock (BEGIN IMMEDIATE), says so on stdout, holds it for `holdMs`, commits, and
 * does it again `times` times with `gapMs` between. A child, not a thread of the test: the code under test waits
 * for the lock synchronously (SQLite's busy wait), so the holder must run on its own.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../cli/helpers';

const SCRIPT = `
const Database = require('better-sqlite3');
const [file, holdMs, times, gapMs] = process.argv.slice(1);
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 60000');
let n = 0;
const round = () => {
  db.prepare('BEGIN IMMEDIATE').run();
  process.stdout.write('locked\\n');
  setTimeout(() => {
    db.prepare('COMMIT').run();
    process.stdout.write('released\\n');
    if (++n < Number(times)) setTimeout(round, Number(gapMs));
    else db.close();
  }, Number(holdMs));
};
round();
`;

export interface LockHolder {
  /** Resolves when the holder holds the lock for the `n`-th time (1 = the first). */
  locked(n?: number): Promise<void>;
  /** Resolves when the holder released it for the last time and exited (rejects on a failure of its own). */
  done: Promise<void>;
}

export function holdWriteLock(file: string, opts: { holdMs: number; times?: number; gapMs?: number }): LockHolder {
  const child = spawn(process.execPath, ['-e', SCRIPT, file, String(opts.holdMs), String(opts.times ?? 1), String(opts.gapMs ?? 0)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line !== 'locked') return;
    count += 1;
    for (const w of waiters.filter((x) => x.n <= count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the lock holder exited ${String(code)}: ${stderr}`))));
  });
  return {
    locked: (n = 1) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    done,
  };
}
