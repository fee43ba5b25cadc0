/**
 * Cold start: from process start to the first rows of a saved search on a cache of `tenders`
 * tenders (default 1,000,000; every tender version of the sandbox catalogue stored by feed pages under one
 * saved search, as bench/cache.ts does), and the memory of that process at rest after it. Each start is a new
 * process (bench/coldStartChild.ts) run under tsx; the baseline, same run, is the same child started with
 * `--empty`: process start and loading the same code, with no cache opened, so the difference is the core's
 * own cold path. The file was just written, so the OS holds much of it in memory (a warm start, as on a second
 * launch of the day).
 *
 *   npx tsx bench/coldStart.ts [--tenders 1000000] [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { feedPages, openCatalogue } from './cache';

const here = dirname(fileURLToPath(import.meta.url));
const FILTER = 'flt_cold000000000000000000';

type ChildFigures = { loadedMs: number; openedMs: number; firstRowsMs: number; rows: number; count: number; rssMb: number; heapMb: number };
/** `runs`: the core's default order (receivedAt desc); `viewRuns`: publishDate desc, the saved-search view's first order. */
export type ColdStartFigures = { tenders: number; versions: number; runs: ChildFigures[]; viewRuns: ChildFigures[]; baselineMs: number[] };

function child(args: string[]): Record<string, number> {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'coldStartChild.ts'), ...args], { cwd: resolve(here, '..'), encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

export function benchColdStart(o: { tenders?: number; runs?: number; log?: (line: string) => void } = {}): ColdStartFigures {
  const tenders = o.tenders ?? 1_000_000;
  const log = o.log ?? console.log;
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-cold-bench-'));
  const file = join(dir, 'cache.db');
  const catalogue = openCatalogue(tenders, 1, log);
  try {
    const started = performance.now();
    const cache = openCache(file);
    const feeds = feedStore(cache);
    let versions = 0;
    let page = 0;
    for (const items of feedPages(catalogue, 'tender', 100)) {
      page++;
      feeds.saveFeedPage({ filterId: FILTER, feed: 'tender', stream: 'created,updated', cursor: `cur_${page}`, requestId: `req_cold_${page}`, receivedAt: new Date().toISOString(), items });
      versions += items.length;
    }
    cache.close();
    log(`cold start: cache of ${tenders.toLocaleString('en')} tenders (${versions.toLocaleString('en')} versions) written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const runs: ChildFigures[] = [];
    const viewRuns: ChildFigures[] = [];
    const baselineMs: number[] = [];
    for (let i = 0; i < (o.runs ?? 5); i++) {
      baselineMs.push(child(['--empty']).loadedMs!);
      runs.push(child(['--file', file, '--filter', FILTER]) as ChildFigures);
      viewRuns.push(child(['--file', file, '--filter', FILTER, '--sort', 'publishDate:desc']) as ChildFigures);
    }
    return { tenders, versions, runs, viewRuns, baselineMs };
  } finally {
    catalogue.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export function reportColdStart(f: ColdStartFigures, log: (line: string) => void = console.log): void {
  const first = med(f.runs.map((r) => r.firstRowsMs));
  const base = med(f.baselineMs);
  const r0 = f.runs[0]!;
  log(`cold start on a ${f.tenders.toLocaleString('en')}-tender cache (median of ${f.runs.length} new processes; baseline: the same process started with no cache opened)`);
  log(
    `  process start to the first rows of a saved search: ${first.toFixed(0)} ms (code loaded ${med(f.runs.map((r) => r.loadedMs)).toFixed(0)} ms, ` +
      `cache opened ${med(f.runs.map((r) => r.openedMs)).toFixed(0)} ms); baseline ${base.toFixed(0)} ms; the core's own cold path ${(first - base).toFixed(0)} ms ` +
      `(${r0.rows} rows of ${r0.count.toLocaleString('en')})`,
  );
  const v = f.viewRuns;
  log(
    `  the same in the saved-search view's first order (publishDate desc): ${med(v.map((r) => r.firstRowsMs)).toFixed(0)} ms ` +
      `(cache opened ${med(v.map((r) => r.openedMs)).toFixed(0)} ms, the first page ${med(v.map((r) => r.firstRowsMs - r.openedMs)).toFixed(0)} ms)`,
  );
  log(`  per run (loaded / opened / first rows, ms): ${f.runs.map((r) => `${r.loadedMs.toFixed(0)}/${r.openedMs.toFixed(0)}/${r.firstRowsMs.toFixed(0)}`).join(', ')}; baseline ${f.baselineMs.map((x) => x.toFixed(0)).join(', ')}`);
  log(`  memory at rest after it: rss ${med(f.runs.map((r) => r.rssMb)).toFixed(0)} MB, heap ${med(f.runs.map((r) => r.heapMb)).toFixed(0)} MB`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' } } });
  reportColdStart(benchColdStart({ tenders: Number(values.tenders), runs: Number(values.runs) }));
}
