/**
 * WAL checkpoints on a second thread. Measured at 200,000 tenders (bench/cache.ts, 2026-11-24/25), the
 * writer spent about as long in checkpoints (~30 ms every 3-4 pages, copying WAL frames into the database
 * file) as in its page transactions; a checkpoint needs no write lock, so on a second core it can run while
 * the writer stores the next pages.
 *
 * The thread has its own connection to the same file and does nothing but PASSIVE checkpoints when asked.
 * Asking and answering go through a small shared memory block with Atomics, not messages, so the writer
 * (synchronous code, in the CLI's main thread or the app's core worker) never needs its event loop for it,
 * and a request never queues: a checkpoint is asked for only when the thread is idle.
 *
 * The thread is started from source text (`eval`), so the same code runs under tsx, in tests and in the
 * bundled app without a second build entry; it loads better-sqlite3 from the path the writer resolved (a
 * thread started from source text has no module of its own to resolve it from).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Slots of the shared block (Int32Array). */
const ASKED = 0; // checkpoints asked for (only ever one ahead of DONE)
const DONE = 1; // checkpoints finished
const LOG = 2; // frames in the WAL at the last checkpoint
const COPIED = 3; // of those, frames in the database file
const MICROS = 4; // how long the last checkpoint took
const STATE = 5; // STARTING, RUNNING, STOPPING, STOPPED, FAILED
const SLOTS = 6;

const STARTING = 0;
const RUNNING = 1;
const STOPPING = 2;
const STOPPED = 3;
const FAILED = 4;

const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const s = new Int32Array(workerData.shared);
let db = null;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('wal_autocheckpoint = 0');
  Atomics.compareExchange(s, ${STATE}, ${STARTING}, ${RUNNING});
  Atomics.notify(s, ${DONE});
  for (;;) {
    if (Atomics.load(s, ${STATE}) !== ${RUNNING}) break;
    if (Atomics.load(s, ${ASKED}) === Atomics.load(s, ${DONE})) {
      Atomics.wait(s, ${DONE}, Atomics.load(s, ${DONE}), 1000);
      continue;
    }
    const started = performance.now();
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    Atomics.store(s, ${LOG}, r ? r.log : 0);
    Atomics.store(s, ${COPIED}, r ? r.checkpointed : 0);
    Atomics.store(s, ${MICROS}, Math.round((performance.now() - started) * 1000));
    Atomics.add(s, ${DONE}, 1);
    Atomics.notify(s, ${DONE});
  }
  db.close();
  Atomics.store(s, ${STATE}, ${STOPPED});
} catch (error) {
  try { if (db) db.close(); } catch {}
  Atomics.store(s, ${STATE}, ${FAILED});
  Atomics.notify(s, ${DONE});
  throw error;
}
Atomics.notify(s, ${DONE});
`;

export interface CheckpointResult {
  /** Frames in the WAL when the checkpoint ran. */
  log: number;
  /** Of those, frames copied into the database file (all of them unless a reader held an older snapshot). */
  checkpointed: number;
  ms: number;
}

export interface BackgroundCheckpointer {
  /** Whether the thread is idle (no checkpoint asked and not finished). */
  idle(): boolean;
  /** Asks for a checkpoint if the thread is idle; whether it was asked. Never waits. */
  request(): boolean;
  /** The result of a checkpoint finished since the last call, if any. */
  takeResult(): CheckpointResult | null;
  /** Waits (at most `timeoutMs`) until the asked checkpoint, if any, has finished; whether it has. */
  waitIdle(timeoutMs: number): boolean;
  /** Whether the thread stopped on an error (the writer then checkpoints inline, as before). */
  failed(): boolean;
  /** Stops the thread and closes its connection; waits at most `timeoutMs`. */
  stop(timeoutMs?: number): void;
}

const requireHere = createRequire(import.meta.url);

export function startBackgroundCheckpointer(file: string): BackgroundCheckpointer {
  const shared = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  const s = new Int32Array(shared);
  let taken = 0;
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver: requireHere.resolve('better-sqlite3'), file, shared },
    // Its console, if any, is of no use to a user; its failures show in STATE.
    stdout: true,
    stderr: true,
  });
  // Never keeps the process alive: a CLI run ends when its work does, whatever this thread is doing (a
  // thread ends with the thread or process that started it).
  worker.unref();
  worker.on('error', () => Atomics.store(s, STATE, FAILED));
  worker.on('exit', () => {
    const state = Atomics.load(s, STATE);
    if (state === RUNNING || state === STARTING) Atomics.store(s, STATE, FAILED);
  });

  const idle = (): boolean => {
    const state = Atomics.load(s, STATE);
    if (state === STARTING) return false;
    return state !== RUNNING || Atomics.load(s, ASKED) === Atomics.load(s, DONE);
  };

  return {
    idle,
    request() {
      const state = Atomics.load(s, STATE);
      if ((state !== RUNNING && state !== STARTING) || Atomics.load(s, ASKED) !== Atomics.load(s, DONE)) return false;
      Atomics.add(s, ASKED, 1);
      Atomics.notify(s, DONE);
      return true;
    },
    takeResult() {
      const done = Atomics.load(s, DONE);
      if (done === taken) return null;
      taken = done;
      return { log: Atomics.load(s, LOG), checkpointed: Atomics.load(s, COPIED), ms: Atomics.load(s, MICROS) / 1000 };
    },
    waitIdle(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const done = Atomics.load(s, DONE);
        if (idle()) return true;
        const left = deadline - performance.now();
        if (left <= 0) return false;
        Atomics.wait(s, DONE, done, left);
      }
    },
    failed: () => Atomics.load(s, STATE) === FAILED,
    stop(timeoutMs = 5000) {
      // From STARTING or RUNNING (if it is still opening its connection, it stops right after), whichever
      // it is at the moment of the exchange.
      for (;;) {
        const state = Atomics.load(s, STATE);
        if (state === STOPPED || state === FAILED) return;
        if (state === STOPPING || Atomics.compareExchange(s, STATE, state, STOPPING) === state) break;
      }
      Atomics.notify(s, DONE);
      // Its connection must be closed before the writer's, so that the writer's close is the last one and
      // checkpoints and removes the WAL as SQLite does at a normal close.
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const done = Atomics.load(s, DONE);
        const now = Atomics.load(s, STATE);
        if (now === STOPPED || now === FAILED) return;
        const left = deadline - performance.now();
        if (left <= 0) {
          void worker.terminate();
          return;
        }
        Atomics.wait(s, DONE, done, Math.min(left, 50));
      }
    },
  };
}
