/**
 * A new cache file: made from the schema snapshot (what openCache does) beside the same file made by replaying
 * every migration (the baseline), in alternating rounds so a burst of load on this shared machine falls on both
 * alike. The median of each is reported, and their ratio. src-main/cache/migrations/freshSchema.ts says why.
 *
 *   npx tsx bench/freshCache.ts [--rounds 15]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';

export type FreshCacheFigures = { rounds: number; snapshotMs: number[]; migrationsMs: number[] };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function benchFreshCache(rounds = 15): FreshCacheFigures {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-bench-fresh-'));
  const figures: FreshCacheFigures = { rounds, snapshotMs: [], migrationsMs: [] };
  try {
    const time = (name: string, snapshot: boolean): number => {
      const started = performance.now();
      openCache(join(dir, `${name}.db`), snapshot ? {} : { snapshot: null }).close();
      return performance.now() - started;
    };
    time('warm-up', true);
    for (let round = 0; round < rounds; round++) {
      figures.snapshotMs.push(time(`s${round}`, true));
      figures.migrationsMs.push(time(`m${round}`, false));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

export function reportFreshCache(f: FreshCacheFigures): void {
  const snapshot = median(f.snapshotMs);
  const migrations = median(f.migrationsMs);
  console.log(`new cache file (median of ${f.rounds} rounds, open + close):`);
  console.log(`  from the schema snapshot  ${snapshot.toFixed(0)} ms`);
  console.log(`  replaying the migrations  ${migrations.toFixed(0)} ms (baseline)`);
  console.log(`  ratio                     ${(snapshot / migrations).toFixed(2)}× the baseline`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
  reportFreshCache(benchFreshCache(Number(values.rounds)));
}
