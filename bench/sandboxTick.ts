/**
 * Benchmark of the sandbox's tick (`POST /__sandbox/tick {"updated":N}`): ticks of 1,000, 10,000 and 100,000
 * updated tenders, each on a fresh working copy of the same catalogue. The baseline is the 1,000 tick of the
 * same run: a linear tick spends the same time per updated tender at every size (ratio ~1); the tick before
 * 2026-11-25 took 56 ms for 300 and 17-19 s for 3,000 (a ratio of ~30 per tenfold).
 *
 *   npx tsx bench/sandboxTick.ts [--tenders 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { applyTick } from '../src-main/sandbox/data/tick';
import { mskIso } from '../src-main/sandbox/data/rows';
import { defaultCacheDir, ensureCatalogue, openWorld } from '../src-main/sandbox/store/world';

export type TickFigures = { tenders: number; ticks: { updated: number; entries: number; ms: number }[] };

export function benchSandboxTick(tenders = 100_000, log: (line: string) => void = console.log): TickFigures {
  const started = performance.now();
  const catalogue = ensureCatalogue({ cacheDir: defaultCacheDir(), seed: 1, tenders });
  if (catalogue.generated) log(`sandbox catalogue of ${tenders} tenders generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-tick-bench-'));
  // The catalogue is of today, so the ticks happen now (a tick before the world's time would predate it).
  const tickAt = mskIso(Math.floor(Date.now() / 1000));
  const ticks: TickFigures['ticks'] = [];
  try {
    for (const updated of [1_000, 10_000, 100_000].filter((n) => n <= tenders)) {
      const db = openWorld({ cacheDir: defaultCacheDir(), seed: 1, tenders, workPath: join(dir, `work-${updated}.db`), fresh: true, nowMs: Date.now() }).db;
      // The first tick makes the indexes the pools read; that one-off cost is not the tick's.
      applyTick(db, 1, { created: 0, updated: 1 }, tickAt);
      const t0 = performance.now();
      const { entries } = applyTick(db, 1, { created: 0, updated }, tickAt);
      ticks.push({ updated, entries: entries.length, ms: performance.now() - t0 });
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { tenders, ticks };
}

export function reportSandboxTick(f: TickFigures, log: (line: string) => void = console.log): void {
  log(`sandbox tick on a ${f.tenders.toLocaleString('en')}-tender catalogue (per updated tender; baseline: the 1,000 tick of this run)`);
  const base = f.ticks[0];
  for (const t of f.ticks) {
    const per = t.ms / t.updated;
    const ratio = base ? per / (base.ms / base.updated) : 1;
    log(
      `  updated ${String(t.updated).padStart(7)}: ${t.ms.toFixed(0).padStart(6)} ms, ${t.entries} log entries, ` +
        `${(per * 1000).toFixed(1)} µs per tender = ${ratio.toFixed(2)} × the 1,000 tick`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '100000' } } });
  reportSandboxTick(benchSandboxTick(Number(values.tenders)));
}
