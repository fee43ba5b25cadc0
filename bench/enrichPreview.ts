/**
 * Benchmark of enrichment's plan (cache/enrichStore.ts `gaps`): what the preview, the start and the
 * job each read before opening a card. A cache of 100,000 tenders (the sandbox catalogue through the one
 * write path) of which half have page 1 of their card cached (a card the size of a sandbox card: the feed
 * object and 20 positions). The baseline, in the same run, is a plain SQL count of the tenders without a
 * cached page 1 (no card decoded): the least any plan can do. Figures: the first plan (every cached page 1
 * decoded once), the plan again (a page's facts are remembered per session), both as ratios to the baseline
 * (warm file; the baseline and the plan again are the median of three).
 *
 *   npx tsx bench/enrichPreview.ts [--tenders 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { positionsTotalOf } from '../src-main/cache/cardFacts';
import { cardStore } from '../src-main/cache/cardStore';
import { openCache } from '../src-main/cache/database';
import { enrichStore } from '../src-main/cache/enrichStore';
import { feedStore } from '../src-main/cache/feedStore';
import { feedPages, openCatalogue } from './cache';

export type EnrichPreviewFigures = { tenders: number; withCards: number; gaps: number; baselineMs: number; firstMs: number; againMs: number; parseMs: number; scanMs: number };

const positions = (id: number) =>
  Array.from({ length: 20 }, (_, i) => ({ lot_ordinal: 1, position_ordinal: i + 1, title: `Позиция ${i + 1} закупки ${id}`, quantity: 10, unit: 'шт', price: 1000 + i, amount: 10_000 + i, okpd2_code: '26.20.11', okpd2_name: 'Компьютеры портативные', ktru_code: null }));

export function benchEnrichPreview(tenders = 100_000, log: (line: string) => void = console.log): EnrichPreviewFigures {
  const cat = openCatalogue(tenders, 1, log);
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-enrich-bench-'));
  const cache = openCache(join(dir, 'cache.db'));
  try {
    let n = 0;
    const receivedAt = new Date().toISOString();
    const objects = new Map<number, Record<string, unknown>>();
    for (const items of feedPages(cat, 'tender', 100)) {
      feedStore(cache).saveFeedPage({ filterId: 'flt_bench', feed: 'tender', stream: 'created', cursor: `c${n++}`, requestId: null, receivedAt, items });
      for (const it of items) objects.set(it.id, it.object as Record<string, unknown>);
    }
    const held = cache.db.prepare<[], { id: number; version: number }>('SELECT id, version FROM tender ORDER BY id').all();
    const withCards = held.filter((_, i) => i % 2 === 0);
    for (const t of withCards) {
      const card = { ...objects.get(t.id), positions: positions(t.id), positions_total: 20 };
      cardStore(cache).saveCard({ kind: 'tender', id: t.id, version: t.version, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt, billed: false, card });
    }
    const count = cache.db
      .prepare<[], number>('SELECT count(*) FROM tender o WHERE NOT EXISTS (SELECT 1 FROM card c WHERE c.kind = 1 AND c.id = o.id AND c.version = o.version AND c.positions_page = 1 AND c.positions_limit = 20)')
      .pluck();
    const timed = <T>(f: () => T): [T, number] => {
      const t0 = performance.now();
      const v = f();
      return [v, performance.now() - t0];
    };
    // Warm: the file's pages in memory for every figure alike; each figure the median of three.
    count.get();
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
    const baselineMs = median([0, 1, 2].map(() => timed(() => count.get())[1]));
    const [first, firstMs] = timed(() => enrichStore(cache).gaps(['tender'], 20));
    const againMs = median([0, 1, 2].map(() => timed(() => enrichStore(cache).gaps(['tender'], 20))[1]));
    // What reading `positions_total` of every cached page 1 costs alone: parsed whole (the first plan before
    // cardFacts.ts) and scanned for (now), both after the same decoding.
    const cards = cardStore(cache);
    const totals = (read: (t: { id: number; version: number }) => unknown): number => withCards.reduce((n, t) => n + (read(t) === 20 ? 1 : 0), 0);
    const [parsed, parseMs] = timed(() => totals((t) => (cards.getCard('tender', t.id, t.version, 1, 20) as { positions_total?: unknown }).positions_total));
    const [scanned, scanMs] = timed(() => totals((t) => positionsTotalOf(cards.getCardBytes('tender', t.id, t.version, 1, 20)!)));
    if (parsed !== withCards.length || scanned !== parsed) throw new Error(`the scan read ${scanned} totals where the parse read ${parsed}`);
    return { tenders: held.length, withCards: withCards.length, gaps: first.length, baselineMs, firstMs, againMs, parseMs, scanMs };
  } finally {
    cache.close();
    cat.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportEnrichPreview(f: EnrichPreviewFigures, log: (line: string) => void = console.log): void {
  log(`enrichment plan over ${f.tenders.toLocaleString('en')} cached tenders, ${f.withCards.toLocaleString('en')} with page 1 of their card (baseline: a plain SQL count of the others)`);
  log(`  baseline count:        ${f.baselineMs.toFixed(0).padStart(6)} ms`);
  log(`  plan, first:           ${f.firstMs.toFixed(0).padStart(6)} ms = ${(f.firstMs / f.baselineMs).toFixed(1)} × baseline (${f.gaps.toLocaleString('en')} to open)`);
  log(`  plan, again (session): ${f.againMs.toFixed(0).padStart(6)} ms = ${(f.againMs / f.baselineMs).toFixed(1)} × baseline`);
  log(`  positions_total of every cached page 1: parsed ${f.parseMs.toFixed(0)} ms, scanned ${f.scanMs.toFixed(0)} ms (both decode each page)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '100000' } } });
  reportEnrichPreview(benchEnrichPreview(Number(values.tenders)));
}
