/**
 * What the index `tender_publish_order` (migration 0011) costs the writer: the same tender feed pages
 * stored into two caches, page by page in turn (so both see the same machine load), one as migrated and one
 * with that index dropped (the baseline: the schema before migration 0011). Figures: tender versions/s of
 * `saveFeedPage` for each and their ratio, and each file's size. Not part of `npm run bench` (a few minutes
 * at the default size); the saved-search view's first page it buys is measured by bench/rendererScale.ts.
 *
 *   npx tsx bench/publishIndexCost.ts [--tenders 200000]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCache, type CacheDb } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { feedPages, openCatalogue } from './cache';

const { values } = parseArgs({ options: { tenders: { type: 'string', default: '200000' } } });
const tenders = Number(values.tenders);
const dir = mkdtempSync(join(tmpdir(), 'tenderwb-index-cost-'));
const catalogue = openCatalogue(tenders);
try {
  const open = (name: string, dropIndex: boolean): { cache: CacheDb; save: ReturnType<typeof feedStore>['saveFeedPage']; ms: number; versions: number; file: string } => {
    const file = join(dir, `${name}.db`);
    const cache = openCache(file);
    if (dropIndex) cache.db.exec('DROP INDEX tender_publish_order');
    return { cache, save: feedStore(cache).saveFeedPage, ms: 0, versions: 0, file };
  };
  const withIndex = open('with-index', false);
  const baseline = open('without-index', true);
  let n = 0;
  for (const items of feedPages(catalogue, 'tender')) {
    // Alternate which goes first, so neither always meets a warmer page cache.
    const order = n++ % 2 === 0 ? [withIndex, baseline] : [baseline, withIndex];
    for (const side of order) {
      const t0 = performance.now();
      side.save({ filterId: 'flt_bench', feed: 'tender', stream: 'created', cursor: `cur_${n}`, requestId: null, receivedAt: new Date().toISOString(), items });
      side.ms += performance.now() - t0;
      side.versions += items.length;
    }
  }
  withIndex.cache.close();
  baseline.cache.close();
  const rate = (s: { ms: number; versions: number }): number => Math.round(s.versions / (s.ms / 1000));
  const mb = (f: string): string => (statSync(f).size / 2 ** 20).toFixed(0);
  console.log(`tender_publish_order's write cost: ${withIndex.versions.toLocaleString('en')} tender versions in ${n} pages into each cache`);
  console.log(`  with the index: ${rate(withIndex).toLocaleString('en')} versions/s, ${mb(withIndex.file)} MB`);
  console.log(`  without (baseline, same run): ${rate(baseline).toLocaleString('en')} versions/s, ${mb(baseline.file)} MB`);
  console.log(`  ratio: ${(rate(withIndex) / rate(baseline)).toFixed(3)} × the baseline's rate`);
} finally {
  catalogue.close();
  rmSync(dir, { recursive: true, force: true });
}
