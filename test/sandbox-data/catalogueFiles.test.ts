/**
 * The cached catalogues on disk (store/world.ts): one file per seed, size and Moscow day; files of other days
 * pruned when a new one is made, never today's; a kept state reopens without any catalogue.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueFile, ensureCatalogue, openWorld } from '../../src-main/sandbox/store/world';
import { mskIso } from '../../src-main/sandbox/data/rows';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-catalogues-'));
  dirs.push(dir);
  return dir;
};
/** A Moscow time far from the real date, so that "today" and "yesterday" of this machine are other days. */
const farDay = (days: number, hour: number): number => Date.parse(`${mskIso(Math.floor(Date.now() / 1000) + days * 86_400).slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+03:00`);

describe('catalogue files', () => {
  it('are keyed by the Moscow day: the same day reuses its file, another day makes its own and prunes the others, never today’s', () => {
    const cacheDir = tempDir();
    const opts = { cacheDir, seed: 5, tenders: 400 };
    const morning = ensureCatalogue({ ...opts, nowMs: farDay(1000, 8) });
    expect(morning.generated).toBe(true);
    expect(morning.path).toMatch(/catalogue-f\d+-seed5-n400-d\d{8}\.db$/);
    expect(ensureCatalogue({ ...opts, nowMs: farDay(1000, 23) })).toEqual({ path: morning.path, generated: false });
    // Moscow midnight is 21:00 UTC: 23:30 Moscow is already the next day's file.
    expect(catalogueFile(cacheDir, 5, 400, Date.parse('2031-03-04T20:59:00Z'))).not.toBe(catalogueFile(cacheDir, 5, 400, Date.parse('2031-03-04T21:00:00Z')));

    const today = catalogueFile(cacheDir, 5, 400);
    const otherSize = catalogueFile(cacheDir, 5, 401, farDay(1000, 8));
    writeFileSync(today, 'made by another process today');
    writeFileSync(otherSize, 'another size');
    const later = ensureCatalogue({ ...opts, nowMs: farDay(1005, 12) });
    expect(later.generated).toBe(true);
    const names = readdirSync(cacheDir).sort();
    expect(names).toEqual([later.path, today, otherSize].map((p) => p.slice(cacheDir.length + 1)).sort());
  });

  it('a fresh copy whose file was pruned meanwhile makes it again; a kept state reopens without any catalogue', () => {
    const cacheDir = tempDir();
    const work = join(tempDir(), 'state.db');
    const opts = { cacheDir, seed: 6, tenders: 300, workPath: work };
    const first = openWorld({ ...opts, fresh: false, nowMs: farDay(900, 10) });
    expect(first.generated).toBe(true);
    expect(first.caughtUp).toBeNull();
    first.db.close();
    for (const name of readdirSync(cacheDir)) rmSync(join(cacheDir, name));

    const reopened = openWorld({ ...opts, fresh: false, nowMs: farDay(903, 10) });
    expect(reopened.generated).toBe(false);
    expect(reopened.caughtUp?.entries).toBeGreaterThan(0);
    reopened.db.close();
    expect(readdirSync(cacheDir)).toEqual([]);

    const reset = openWorld({ ...opts, fresh: true, nowMs: farDay(903, 11) });
    expect(reset.generated).toBe(true);
    expect(reset.caughtUp).toBeNull();
    const accounts = reset.db.prepare('SELECT count(*) AS n FROM accounts').get() as { n: number };
    expect(accounts.n).toBe(2);
    reset.db.close();
  });
});
