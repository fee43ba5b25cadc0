/**
 * Benchmark of CSV export of a list (the `tenderwb export list` path): 100,000 members read from the cache
 * and streamed to an Excel-ready file, beside a baseline measured in the same run — the same members' JSON
 * read the same way and written raw (the floor: reading the cache and writing bytes, no parsing or CSV). Memory is sampled
 * during both; "flat" means the peak stays near the start whatever the row count.
 *
 *   npx tsx bench/export.ts [--rows 100000]
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openCache, type CacheDb } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { listStore } from '../src-main/cache/listStore';
import { listMemberVersions } from '../src-main/cache/listMemberVersions';
import { defaultListColumns, exportListCsv } from '../src-main/export/listExport';
import { feedPages, openCatalogue } from './cache';

export type ExportFigures = {
  rows: number;
  csvSeconds: number;
  csvBytes: number;
  baselineSeconds: number;
  baselineBytes: number;
  rssStartMb: number;
  csvPeakRssMb: number;
  baselinePeakRssMb: number;
};

/** The peak resident memory, in MB, from now to `stop()` (sampled every 20 ms). */
export function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) / 2 ** 20;
    },
  };
}

/** A cache in a new folder under the system's temp holding `rows` tenders, all members of the list `lst_bench`. */
export function benchListCache(rows: number, log: (line: string) => void): { dir: string; cache: CacheDb; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-export-bench-'));
  const cache = openCache(join(dir, 'cache.db'));
  const catalogue = openCatalogue(rows, 1, log);
  const close = (): void => {
    catalogue.close();
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const feeds = feedStore(cache);
    const ids: number[] = [];
    for (const items of feedPages(catalogue, 'tender', 100)) {
      feeds.saveFeedPage({ filterId: 'flt_bench', feed: 'tender', stream: 'created', cursor: 'cur_bench', requestId: null, receivedAt: new Date().toISOString(), items });
      for (const it of items) if (it.version === 1) ids.push(it.id);
    }
    const lists = listStore(cache);
    lists.upsertList({ listId: 'lst_bench', name: 'bench', createdAt: new Date().toISOString() });
    lists.setItems('lst_bench', ids.slice(0, rows));
    return { dir, cache, close };
  } catch (error) {
    close();
    throw error;
  }
}

export async function benchExport(rows = 100_000, log: (line: string) => void = console.log): Promise<ExportFigures> {
  const { dir, cache, close } = benchListCache(rows, log);
  try {
    global.gc?.();
    const rssStartMb = process.memoryUsage().rss / 2 ** 20;

    // Baseline: the same members' JSON, read the same way and written raw.
    const baselineFile = join(dir, 'baseline.jsonl');
    let rss = sampleRss();
    let t0 = performance.now();
    const out = createWriteStream(baselineFile);
    for (const m of listMemberVersions(cache, 'lst_bench')) {
      if (!out.write((m.json ?? '{}') + '\n')) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const baselineSeconds = (performance.now() - t0) / 1000;
    const baselinePeakRssMb = rss.stop();

    global.gc?.();
    const csvFile = join(dir, 'list.csv');
    rss = sampleRss();
    t0 = performance.now();
    const result = await exportListCsv(cache, 'lst_bench', defaultListColumns(), csvFile);
    const csvSeconds = (performance.now() - t0) / 1000;
    const csvPeakRssMb = rss.stop();
    return {
      rows: result.rows,
      csvSeconds,
      csvBytes: statSync(csvFile).size,
      baselineSeconds,
      baselineBytes: statSync(baselineFile).size,
      rssStartMb,
      csvPeakRssMb,
      baselinePeakRssMb,
    };
  } finally {
    close();
  }
}

export function reportExport(f: ExportFigures, log: (line: string) => void = console.log): void {
  log(`CSV EXPORT of a ${f.rows.toLocaleString('en')}-row list (${defaultListColumns().length} columns, BOM, ';', decimal comma)`);
  const over = (peak: number): string => `peak RSS ${peak.toFixed(0)} MB = +${(peak - f.rssStartMb).toFixed(0)} MB over the start (${f.rssStartMb.toFixed(0)} MB)`;
  log(`  export:   ${f.csvSeconds.toFixed(2)} s, ${(f.csvBytes / 2 ** 20).toFixed(1)} MB, ${over(f.csvPeakRssMb)}`);
  log(`  baseline: ${f.baselineSeconds.toFixed(2)} s raw JSON lines of the same rows, ${(f.baselineBytes / 2 ** 20).toFixed(1)} MB, ${over(f.baselinePeakRssMb)}`);
  log(`  ratio export / baseline: ${(f.csvSeconds / f.baselineSeconds).toFixed(2)}x`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  reportExport(await benchExport(Number(values.rows)));
}
