/**
 * The retry of writes that meet a locked cache (cache/writeRetry.ts): what is retried, for how
 * long, and what the user hears when another program kept the cache for the whole wait.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../src-main/workspace/errors';
import { errorText } from '../../src-main/cli/errorText';
import { CacheBusyError, retryBusy, writeTransaction } from '../../src-main/cache/writeRetry';

const busy = (code = 'SQLITE_BUSY_SNAPSHOT'): Error => Object.assign(new Error('database is locked'), { code });

describe('writes that meet a locked cache', () => {
  it('a transaction that meets SQLITE_BUSY (a stale snapshot, a WAL in recovery) is run again until it goes through', () => {
    const db = new Database(':memory:');
    const codes = ['SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY'];
    const retried: number[] = [];
    let calls = 0;
    const result = retryBusy(
      db,
      () => {
        calls += 1;
        if (calls <= codes.length) throw busy(codes[calls - 1]);
        return 'stored';
      },
      { onRetry: (n) => retried.push(n) },
    );
    expect(result).toBe('stored');
    expect(retried).toEqual([1, 2, 3]);
  });

  it('any other failure is not retried; inside an enclosing transaction the write runs once (the outer one is retried)', () => {
    const db = new Database(':memory:');
    let calls = 0;
    expect(() => retryBusy(db, () => {
      calls += 1;
      throw Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' });
    })).toThrow('constraint');
    expect(calls).toBe(1);
    db.exec('CREATE TABLE t (x)');
    calls = 0;
    const outer = writeTransaction(db, () => {
      try {
        retryBusy(db, () => {
          calls += 1;
          throw busy();
        });
      } catch (e) {
        return e;
      }
      return null;
    });
    expect((outer() as { code?: string }).code).toBe('SQLITE_BUSY_SNAPSHOT');
    expect(calls).toBe(1);
  });

  it('writeTransaction begins IMMEDIATE (the write lock is taken before anything is read) and answers the function’s result', () => {
    const begun: string[] = [];
    const db = new Database(':memory:', { verbose: (sql) => begun.push(String(sql)) });
    db.exec('CREATE TABLE t (x)');
    const add = writeTransaction(db, (x: number) => db.prepare('INSERT INTO t VALUES (?)').run(x).changes);
    expect(add(1)).toBe(1);
    expect(begun).toContain('BEGIN IMMEDIATE');
  });

  it('a wait that outlasts the budget is a CacheBusyError, one sentence in the user’s language in the app and the CLI', () => {
    const db = new Database(':memory:');
    expect(() => retryBusy(db, () => { throw busy('SQLITE_BUSY'); }, { waitMs: 100 })).toThrow(CacheBusyError);
    const error = new CacheBusyError();
    expect(toIpcError(error, 'ru')).toEqual({ code: 'conflict', requestId: null, message: 'Кэш профиля больше минуты занят другой программой (приложением или tenderwb): это изменение не сохранено, повторите его.' });
    expect(toIpcError(busy('SQLITE_BUSY'), 'en').message).toBe('The profile’s cache was busy with another program (the app or tenderwb) for over a minute: this change was not saved; try it again.');
    expect(errorText(error, 'ru')).toMatch(/^Кэш профиля больше минуты занят другой программой/);
    expect(errorText(busy('SQLITE_BUSY'), 'ru')).not.toContain('database is locked');
  });
});
