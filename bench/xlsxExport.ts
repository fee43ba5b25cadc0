/**
 * Benchmark of the XLSX export (issue 16): a 100,000-member list written as XLSX (typed cells, the «Источник»
 * sheet) beside the CSV export of the same list with the same columns, in the same run, so the ratio says what
 * the typed workbook costs over the CSV on this machine. Peak resident memory is sampled during each: "flat"
 * means its growth over the start does not grow with the row count. Goal: XLSX of 100,000 rows under 5 s.
 *
 *   npx tsx bench/xlsxExport.ts [--rows 100000]
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultListColumns, exportListCsv } from '../src-main/export/listExport';
import { benchListCache, sampleRss } from './export';

export type XlsxExportFigures = {
  rows: number;
  rssStartMb: number;
  csv: { seconds: number; bytes: number; peakRssMb: number };
  xlsx: { seconds: number; bytes: number; peakRssMb: number };
};

export async function benchXlsxExport(rows = 100_000, log: (line: string) => void = console.log): Promise<XlsxExportFigures> {
  const { dir, cache, close } = benchListCache(rows, log);
  try {
    global.gc?.();
    const rssStartMb = process.memoryUsage().rss / 2 ** 20;
    const run = async (format: 'csv' | 'xlsx') => {
      global.gc?.();
      const file = join(dir, `list.${format}`);
      const rss = sampleRss();
      const t0 = performance.now();
      await exportListCsv(cache, 'lst_bench', defaultListColumns(), file, { format });
      const seconds = (performance.now() - t0) / 1000;
      return { seconds, bytes: statSync(file).size, peakRssMb: rss.stop() };
    };
    const csv = await run('csv');
    const xlsx = await run('xlsx');
    return { rows, rssStartMb, csv, xlsx };
  } finally {
    close();
  }
}

export function reportXlsxExport(f: XlsxExportFigures, log: (line: string) => void = console.log): void {
  log(`XLSX EXPORT of a ${f.rows.toLocaleString('en')}-row list (${defaultListColumns().length} columns, typed cells, a «Источник» sheet), beside the CSV of the same rows`);
  const line = (name: string, r: XlsxExportFigures['csv']): string =>
    `  ${name} ${r.seconds.toFixed(2)} s, ${(r.bytes / 2 ** 20).toFixed(1)} MB, peak RSS ${r.peakRssMb.toFixed(0)} MB = +${(r.peakRssMb - f.rssStartMb).toFixed(0)} MB over the start (${f.rssStartMb.toFixed(0)} MB)`;
  log(line('xlsx:', f.xlsx));
  log(line('csv: ', f.csv));
  log(`  ratio xlsx / csv: ${(f.xlsx.seconds / f.csv.seconds).toFixed(2)}x (goal: xlsx under 5 s)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  reportXlsxExport(await benchXlsxExport(Number(values.rows)));
}
