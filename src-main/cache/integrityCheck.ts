/**
 * The full check of a cache file, on a thread of its own. The check at open (fileCheck.ts) is
 * quick: `quick_check` sees a broken b-tree but not an index that disagrees with its table. The full
 * `PRAGMA integrity_check` reads everything, which on a large cache takes long, so it runs after the open,
 * on its own read-only connection, while the app goes on working (WAL readers do not block the writer).
 *
 * The thread is started from source text, as the WAL checkpointer is (walCheckpointer.ts): the same code
 * under tsx, in tests and in the bundled app, with better-sqlite3 from the path the writer's thread resolved.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const THREAD_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  parentPort.postMessage({ checking: true });
  const rows = db.pragma('integrity_check(${20})');
  parentPort.postMessage({ problems: rows.map((r) => String(r.integrity_check)).filter((t) => t !== 'ok') });
} catch (error) {
  const code = error && typeof error.code === 'string' ? error.code : '';
  parentPort.postMessage({ problems: /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? [String(error.message)] : [], failed: String(error && error.message) });
} finally {
  try { if (db) db.close(); } catch {}
}
`;

export interface IntegrityCheck {
  /** The problems found (empty when the file is sound, or when the check could not run). */
  readonly done: Promise<string[]>;
  /** True once the thread has opened the file and runs the check; false if it ended before. */
  readonly checking: Promise<boolean>;
  /** Ends the check early (the profile was closed); `done` then answers no problems. */
  stop(): void;
}

const requireHere = createRequire(import.meta.url);

/** Starts `PRAGMA integrity_check` of `file` on a thread; the process does not wait for it to exit. */
export function startIntegrityCheck(file: string): IntegrityCheck {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver: requireHere.resolve('better-sqlite3'), file },
  });
  worker.unref();
  let began: (yes: boolean) => void = () => {};
  const checking = new Promise<boolean>((resolve) => {
    began = resolve;
  });
  const done = new Promise<string[]>((resolve) => {
    worker.on('message', (m: { checking: true } | { problems: string[] }) => {
      if ('checking' in m) began(true);
      else resolve(m.problems);
    });
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
  void done.then(() => began(false));
  return { done, checking, stop: () => void worker.terminate() };
}
