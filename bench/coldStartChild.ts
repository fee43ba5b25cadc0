/**
 * The child of bench/coldStart.ts: a fresh process that opens a cache and reads the first page of a saved
 * search's results as the app's `search.results` does (viewQueries.filterTenders), then reports, on one JSON
 * line, the time since its own start (performance.now() counts from process start) and its memory at rest.
 * `--empty` stops after the same imports: the baseline of a process that starts and loads the code.
 */
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { viewQueries, type TenderSort } from '../src-main/cache/viewQueries';

const { values } = parseArgs({ options: { file: { type: 'string' }, filter: { type: 'string' }, sort: { type: 'string' }, empty: { type: 'boolean', default: false } } });
// `column:direction`, e.g. publishDate:desc (the saved-search view's own first order); none: the core's default.
const [column, direction] = values.sort?.split(':') ?? [];
const sort = column ? ({ column, direction } as TenderSort) : undefined;
const loadedMs = performance.now();
if (values.empty) {
  console.log(JSON.stringify({ loadedMs }));
} else {
  const cache = openCache(values.file!);
  const openedMs = performance.now();
  const page = viewQueries(cache).filterTenders(values.filter!, sort, 0, 50);
  const firstRowsMs = performance.now();
  // At rest: what the core keeps once the first rows are shown and the garbage of getting them is gone.
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  console.log(JSON.stringify({ loadedMs, openedMs, firstRowsMs, rows: page.rows.length, count: page.count, rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 }));
  cache.close();
}
