/**
 * Benchmark of the XLSX export: a list written as XLSX (typed cells, the «Источник» sheet) beside
 * the CSV export of the same list with the same columns, in the same run, so the ratio says what the typed
 * workbook costs over the CSV on this machine. Goal: XLSX of 100,000 rows under 5 s.
 * Memory: each export runs in a fresh process (xlsxExportChild.ts) that samples its resident memory; the same
 * exports at a quarter and at twice the timed size (50,000 and 200,000 rows by default) show whether the peak
 * grows with the rows ("flat": the larger's peak over its start not meaningfully above the smaller's). The V8
 * heap's and `external`'s peaks are printed beside it; what the RSS adds beyond them is native, mostly the
 * main connection's SQLite page cache (up to 64 MB, cache/database.ts), which a fresh process fills as it reads.
 *
 *   npx tsx bench/xlsxExport.ts [--rows 100000]
 */
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { listStore } from '../src-main/cache/listStore';
import { listMemberCount } from '../src-main/cache/listMemberVersions';
import { defaultListColumns } from '../src-main/export/listExport';
import { benchListCache } from './export';

const here = dirname(fileURLToPath(import.meta.url));

/** `heapMb`/`externalMb`: the peaks of the V8 heap and of `external` (buffers) over their start, beside the RSS's. */
export type ExportRun = { rows: number; seconds: number; bytes: number; rssStartMb: number; peakRssMb: number; heapMb: number; externalMb: number };
type Pair = { csv: ExportRun; xlsx: ExportRun };
/** `small`/`large`: the list export at two sizes; `writerSmall`/`writerLarge`: the writers alone, made-up rows. */
export type XlsxExportFigures = { rows: number; timed: Pair; small: Pair; large: Pair; writerSmall: Pair; writerLarge: Pair };

/** One export in a fresh process: of a list of the cache, or (`source` a number) of that many made-up rows. */
function child(source: { cache: string; list: string } | number, format: 'csv' | 'xlsx', out: string): ExportRun {
  const from = typeof source === 'number' ? ['--synthetic', String(source)] : ['--cache', source.cache, '--list', source.list];
  const args = ['--expose-gc', '--import', 'tsx', join(here, 'xlsxExportChild.ts'), ...from, '--format', format, '--out', out];
  const text = execFileSync(process.execPath, args, { cwd: resolve(here, '..'), encoding: 'utf8' });
  return JSON.parse(text.trim().split('\n').at(-1)!) as ExportRun;
}

export async function benchXlsxExport(rows = 100_000, log: (line: string) => void = console.log): Promise<XlsxExportFigures> {
  const pair = (source: { cache: string; list: string } | number, out: string): Pair => ({ csv: child(source, 'csv', `${out}.csv`), xlsx: child(source, 'xlsx', `${out}.xlsx`) });
  // Timed: a cache of exactly the list's tenders, as the export bench (bench/export.ts) and the figures before.
  const timedCache = benchListCache(rows, log);
  let timed: Pair;
  try {
    timed = pair({ cache: timedCache.cache.file, list: 'lst_bench' }, join(timedCache.dir, 'timed'));
  } finally {
    timedCache.close();
  }
  // Memory: one cache of twice the rows; the smaller list is its first quarter of members.
  const sizes = { small: Math.round(rows / 2), large: rows * 2 };
  const { dir, cache, close } = benchListCache(sizes.large, log);
  try {
    const lists = listStore(cache);
    lists.upsertList({ listId: 'lst_small', name: 'small', createdAt: new Date().toISOString() });
    lists.setItems('lst_small', lists.items('lst_bench').map((m) => m.tenderId).slice(0, sizes.small));
    if (listMemberCount(cache, 'lst_bench') !== sizes.large) throw new Error('the bench list is not the size asked');
    const small = pair({ cache: cache.file, list: 'lst_small' }, join(dir, 'small'));
    const large = pair({ cache: cache.file, list: 'lst_bench' }, join(dir, 'large'));
    return { rows, timed, small, large, writerSmall: pair(sizes.small, join(dir, 'writer-small')), writerLarge: pair(sizes.large, join(dir, 'writer-large')) };
  } finally {
    close();
  }
}

export function reportXlsxExport(f: XlsxExportFigures, log: (line: string) => void = console.log): void {
  log(`XLSX EXPORT of a list (${defaultListColumns().length} columns, typed cells, a «Источник» sheet) beside the CSV of the same rows, each in a fresh process`);
  const line = (name: string, r: ExportRun): string =>
    `  ${name} ${r.rows.toLocaleString('en')} rows ${r.seconds.toFixed(2)} s, ${(r.bytes / 2 ** 20).toFixed(1)} MB, peak RSS ${r.peakRssMb.toFixed(0)} MB = +${(r.peakRssMb - r.rssStartMb).toFixed(0)} MB over its start (${r.rssStartMb.toFixed(0)} MB)`;
  log(line('xlsx:', f.timed.xlsx));
  log(line('csv: ', f.timed.csv));
  log(`  ratio xlsx / csv: ${(f.timed.xlsx.seconds / f.timed.csv.seconds).toFixed(2)}x (goal: xlsx of 100,000 rows under 5 s)`);
  const growth = (r: ExportRun): number => r.peakRssMb - r.rssStartMb;
  const sizes = (title: string, small: Pair, large: Pair): void => {
    log(`  ${title}, peak RSS over the process start by size:`);
    for (const format of ['xlsx', 'csv'] as const) {
      const [s, l] = [small[format], large[format]];
      log(
        `    ${format}: ${s.rows.toLocaleString('en')} rows +${growth(s).toFixed(0)} MB (${s.seconds.toFixed(2)} s), ${l.rows.toLocaleString('en')} rows +${growth(l).toFixed(0)} MB (${l.seconds.toFixed(2)} s): ${(growth(l) - growth(s)).toFixed(0)} MB more for ${(l.rows / s.rows).toFixed(0)}x the rows; V8 heap +${s.heapMb.toFixed(0)} / +${l.heapMb.toFixed(0)} MB, external +${s.externalMb.toFixed(0)} / +${l.externalMb.toFixed(0)} MB`,
      );
    }
  };
  sizes('the list export (reading the cache and writing)', f.small, f.large);
  sizes('the writer alone (made-up rows of 11 columns, no cache)', f.writerSmall, f.writerLarge);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  reportXlsxExport(await benchXlsxExport(Number(values.rows)));
}
