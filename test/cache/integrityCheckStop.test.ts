/**
 * Stopping the full integrity check (a profile closed or switched while it runs: cacheRepair.ts) terminates
 * its thread, possibly while SQLite is inside `PRAGMA integrity_check`. With better-sqlite3 13.0.1 that
 * aborted the whole process now and then (a better-sqlite3 bug, github.com/WiseLibs/better-sqlite3/issues/1507: "FATAL ERROR: Error::ThrowAsJavaScriptException
 * napi_throw", fixed by building with NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS). The rounds run in a child
 * process, so an abort shows as its exit status instead of taking the test runner down.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startIntegrityCheck } from '../../src-main/cache/integrityCheck';
import { tempDir } from './helpers';

const CHILD = join(import.meta.dirname, 'integrityStopChild.ts');

/**
 * A plain SQLite file whose full check takes a while (an index over 300,000 rows) and finds a problem: the
 * index is stale (its rows were changed while SQLite did not know of it), which only integrity_check sees.
 */
function largeDamagedFile(): string {
  const file = join(tempDir(), 'large.db');
  const db = new Database(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER, body TEXT); CREATE INDEX t_k ON t (k);');
  const insert = db.prepare('INSERT INTO t (k, body) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 300_000; i++) insert.run(i, `строка ${i} `.repeat(4));
  })();
  const index = db.prepare("SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema WHERE name = 't_k'").get() as Record<string, unknown>;
  db.unsafeMode(true); // lifts SQLite's defensive mode, which forbids writing the schema table
  db.pragma('writable_schema = ON');
  db.prepare("DELETE FROM sqlite_schema WHERE name = 't_k'").run();
  db.close();
  const change = new Database(file);
  change.exec('UPDATE t SET k = k + 1 WHERE id % 1000 = 0');
  change.unsafeMode(true);
  change.pragma('writable_schema = ON');
  change.prepare('INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES (?, ?, ?, ?, ?)').run(index.type, index.name, index.tbl_name, index.rootpage, index.sql);
  change.close();
  return file;
}

function runRounds(file: string, rounds: number): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', CHILD, file, String(rounds)], { cwd: resolve(import.meta.dirname, '..', '..'), timeout: 170_000 }, (error, stdout, stderr) => {
      const failed = error as (Error & { code?: number | string; signal?: string }) | null;
      done({ code: failed === null ? 0 : typeof failed.code === 'number' ? failed.code : null, signal: failed?.signal ?? null, stdout, stderr });
    });
  });
}

describe('stopping the integrity check mid-check (better-sqlite3 bug WiseLibs/better-sqlite3#1507)', () => {
  it('the file used finds its damage when the check runs to its end', async () => {
    expect((await startIntegrityCheck(largeDamagedFile()).done).join('\n')).toMatch(/t_k/);
  });

  it('terminating the check thread 40 times, half of them inside SQLite, never takes the process down', { timeout: 180_000 }, async () => {
    const run = await runRounds(largeDamagedFile(), 40);
    expect(run.stderr).not.toMatch(/FATAL ERROR|napi_throw|Assertion failed|Segmentation/);
    expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
    const facts = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { rounds: number; stoppedWhileChecking: number; finishedFirst: number };
    expect(facts.rounds).toBe(40);
    // The stops did land inside the running check (a check that ended first would have named the damage).
    expect(facts.stoppedWhileChecking).toBeGreaterThan(0);
    expect(facts.stoppedWhileChecking + facts.finishedFirst).toBe(20);
  });
});
