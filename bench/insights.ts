/**
 * Intelligence from the cache at scale, each figure beside a baseline measured in the same run.
 *
 *   npx tsx bench/insights.ts [--tenders 1000000] [--cards 0.02] [--samples 40] [--keep DIR]
 *
 * Data: the sandbox catalogue of that size (bench/cache.ts's generator), every tender and contract version in
 * feed pages of 100, and a card with its first 20 positions for a share of the tenders and contracts.
 *
 * Figures:
 * - ingest: versions/s of `saveFeedPage` into a cache as migrated (the insight upkeep in every page's
 *   transaction) against the same pages into a cache whose insight tables were dropped (the upkeep is then
 *   off: the write path as before 0012), page by page in turn so both meet the same machine load. Goal:
 *   within 10 % (ratio ≥ 0.90). Cards are stored in both, timed apart. The final move of the lazy party
 *   indexes' queue (migration 0013) is counted in the upkeep's time.
 * - answers over the full cache: p50/p95/max of the customer dossier, the supplier dossier and the price
 *   benchmark (src-main/insights' readers) over sampled INNs and codes plus the largest ones (goal: p95 under
 *   300 ms), and the red flags of 10,000-tender lists (goal: under 2 s); each beside a plain-SQL baseline over
 *   the same rows (one aggregate: count and sum), the floor any answer pays to read them.
 * The functions are exported for bench/run.ts; run directly, the file prints a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cardStore, type CardInput } from '../src-main/cache/cardStore';
import { openCache, type CacheDb } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { flushInsightQueue } from '../src-main/cache/insightStore';
import { listStore } from '../src-main/cache/listStore';
import { customerDossier, flagsFor, priceBenchmark, supplierDossier } from '../src-main/insights/index';
import { Renderer } from '../src-main/sandbox/service/render';
import { feedPages, openCatalogue, spread, type Catalogue, type Spread } from './cache';

const INSIGHT_TABLES = ['insight_tender', 'insight_contract_supplier', 'insight_contract_price', 'insight_position', 'insight_tender_by_customer', 'insight_customer', 'insight_pending'];

export interface IngestComparison {
  versions: number;
  pages: number;
  cards: number;
  /** Versions/s of saveFeedPage with the upkeep, and without it (baseline, same run). */
  withRate: number;
  withoutRate: number;
  ratio: number;
  /** The same ratio for the tender pages and the contract pages alone (the final queue move counted in neither). */
  tenderRatio: number;
  contractRatio: number;
  withCardMs: Spread;
  withoutCardMs: Spread;
}

interface Side {
  cache: CacheDb;
  ms: number;
  /** saveFeedPage time per feed kind. */
  kindMs: { tender: number; contract: number };
  cardTimes: number[];
}

/** Both caches filled page by page in turn; returns the comparison and leaves the upkept cache open. */
export function compareIngest(catalogue: Catalogue, dir: string, cardShare: number, log: (line: string) => void): { figures: IngestComparison; cache: CacheDb } {
  const open = (name: string, upkeep: boolean): Side => {
    const cache = openCache(join(dir, `${name}.db`));
    // Without the tables the writer builds no upkeep (insightUpkeep.ts), which is the write path before 0012.
    // (contract_party's added columns then stay null: a byte each in the record header.)
    if (!upkeep) {
      for (const table of INSIGHT_TABLES) cache.db.exec(`DROP TABLE ${table}`);
      cache.db.exec('DROP INDEX contract_party_resolved');
    }
    return { cache, ms: 0, kindMs: { tender: 0, contract: 0 }, cardTimes: [] };
  };
  const withUpkeep = open('with-upkeep', true);
  const without = open('without-upkeep', false);
  const renderer = new Renderer(catalogue.db, catalogue.seed);
  let pages = 0;
  let versions = 0;
  let cards = 0;
  const at0 = Date.UTC(2026, 10, 20, 6, 0, 0);
  for (const kind of ['tender', 'contract'] as const) {
    for (const items of feedPages(catalogue, kind)) {
      pages++;
      versions += items.length;
      const receivedAt = new Date(at0 + pages * 1000).toISOString();
      // Every 1 / cardShare-th first version gets a card (deterministic, the same in both caches).
      const carded = items.filter((it) => it.version === 1 && (it.id * 2654435761) % 1000 < cardShare * 1000);
      const cardInputs: CardInput[] = carded.map((it) => ({
        kind, id: it.id, version: 1, positionsPage: 1, positionsLimit: 20, requestId: `req_card_${kind}_${it.id}`, receivedAt, billed: false,
        card: kind === 'tender' ? renderer.tenderCard(it.id, 1, 1, 20) : renderer.contractCard(it.id, 1, 1, 20),
      }));
      cards += cardInputs.length;
      // Alternate which goes first, so neither always meets a warmer page cache.
      for (const side of pages % 2 === 0 ? [withUpkeep, without] : [without, withUpkeep]) {
        const t0 = performance.now();
        feedStore(side.cache).saveFeedPage({
          filterId: 'flt_bench000000000000000000', feed: kind, stream: 'created,updated', cursor: `cur_${kind}_${pages}`,
          requestId: `req_${pages.toString(16).padStart(20, '0')}`, receivedAt, items,
        });
        const ms = performance.now() - t0;
        side.ms += ms;
        side.kindMs[kind] += ms;
        for (const input of cardInputs) {
          const c0 = performance.now();
          cardStore(side.cache).saveCard(input);
          side.cardTimes.push(performance.now() - c0);
        }
      }
      if (pages % 2000 === 0) log(`  ${versions.toLocaleString('en')} versions into each cache`);
    }
  }
  // The lazy customer and supplier indexes (migration 0013): what is still queued is moved now and counted in
  // the upkeep's time, so no work is left out of the figure (the first reader would pay it).
  const f0 = performance.now();
  flushInsightQueue(withUpkeep.cache);
  withUpkeep.ms += performance.now() - f0;
  without.cache.close();
  const rate = (s: Side): number => Math.round(versions / (s.ms / 1000));
  const figures: IngestComparison = {
    versions,
    pages,
    cards,
    withRate: rate(withUpkeep),
    withoutRate: rate(without),
    ratio: rate(withUpkeep) / rate(without),
    tenderRatio: without.kindMs.tender / withUpkeep.kindMs.tender,
    contractRatio: without.kindMs.contract / withUpkeep.kindMs.contract,
    withCardMs: spread(withUpkeep.cardTimes),
    withoutCardMs: spread(without.cardTimes),
  };
  return { figures, cache: withUpkeep.cache };
}

export interface AnswerFigures {
  name: string;
  n: number;
  ms: Spread;
  baselineMs: Spread;
  /** The largest case: its size (rows read) and time. */
  largest: { label: string; rows: number; ms: number };
}

function timed<T>(run: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = run();
  return { ms: performance.now() - t0, value };
}

function measure<K>(name: string, keys: readonly K[], answer: (key: K) => unknown, baseline: (key: K) => number, label: (key: K) => string): AnswerFigures {
  const times: number[] = [];
  const baseTimes: number[] = [];
  let largest = { label: '', rows: -1, ms: 0 };
  for (const key of keys) {
    const a = timed(() => answer(key));
    const b = timed(() => baseline(key));
    times.push(a.ms);
    baseTimes.push(b.ms);
    if (b.value > largest.rows) largest = { label: label(key), rows: b.value, ms: a.ms };
  }
  return { name, n: keys.length, ms: spread(times), baselineMs: spread(baseTimes), largest };
}

/** Sampled keys of a column (evenly over the table's rowids) plus the `top` most frequent ones. */
function sampleKeys(cache: CacheDb, table: string, column: string, samples: number, top: number): string[] {
  const { db } = cache;
  const count = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const step = Math.max(1, Math.floor(count / samples));
  const sampled = db
    .prepare(`SELECT ${column} FROM (SELECT ${column}, row_number() OVER () AS n FROM ${table} WHERE ${column} IS NOT NULL) WHERE n % ? = 0 LIMIT ?`)
    .pluck()
    .all(step, samples) as string[];
  const biggest = db
    .prepare(`SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL GROUP BY ${column} ORDER BY count(*) DESC LIMIT ?`)
    .pluck()
    .all(top) as string[];
  return [...new Set([...sampled, ...biggest])];
}

export interface AnswersReport {
  tenders: number;
  contracts: number;
  positions: number;
  answers: AnswerFigures[];
}

export function benchAnswers(cache: CacheDb, samples: number): AnswersReport {
  const { db } = cache;
  const count = (table: string): number => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const customers = sampleKeys(cache, 'tender', 'customer_inn', samples, 5);
  const suppliers = sampleKeys(cache, 'insight_contract_supplier', 'supplier_inn', samples, 5);
  // Codes at three depths: whole codes, their groups (`26.20`) and classes (`26`), the widest the analyst types.
  const wholeCodes = sampleKeys(cache, 'insight_position', 'okpd2', samples, 3);
  const codes = [...new Set([...wholeCodes, ...wholeCodes.map((c) => c.slice(0, 5)), ...wholeCodes.slice(0, 5).map((c) => c.slice(0, 2))])];

  const customerFloor = db.prepare<[string, string], number>(
    `SELECT (SELECT count(*) + total(t.price) * 0 FROM insight_tender_by_customer c JOIN tender t ON t.id = c.tender_id
                WHERE c.customer_ref = (SELECT ref FROM insight_customer WHERE inn = ?))
       + (SELECT count(*) + total(price) * 0 FROM contract_party WHERE customer_inn = ?)`,
  ).pluck();
  const supplierFloor = db.prepare<[string], number>(
    `SELECT count(*) + total(c.price) * 0 FROM insight_contract_supplier s JOIN contract_party c ON c.id = s.contract_id WHERE s.supplier_inn = ?`,
  ).pluck();
  const priceFloor = db.prepare<[string, string, string, string], number>(
    `SELECT count(*) + total(unit_price) * 0 FROM insight_position WHERE (okpd2 >= ? AND okpd2 < ?) OR (ktru >= ? AND ktru < ?)`,
  ).pluck();
  const listFloor = db.prepare<[string, string], number>(
    `SELECT count(*) + total(t.price) * 0
       + (SELECT count(*) + total(c.price) * 0 FROM contract k JOIN contract_party c ON c.id = k.id WHERE k.tender_id IN (SELECT tender_id FROM list_item WHERE list_id = ?))
     FROM list_item l JOIN insight_tender i ON i.id = l.tender_id JOIN tender t ON t.id = i.id WHERE l.list_id = ?`,
  ).pluck();

  // Lists of 10,000 tenders spread over the whole cache (every k-th tender from a different start).
  const tenderIds = db.prepare('SELECT id FROM insight_tender ORDER BY id').pluck().all() as number[];
  const lists: string[] = [];
  const stride = Math.max(1, Math.floor(tenderIds.length / 10_000));
  for (let start = 0; start < Math.min(stride, 5); start++) {
    const listId = `lst_bench_${start}`;
    listStore(cache).upsertList({ listId, name: `bench ${start}`, createdAt: new Date().toISOString() });
    listStore(cache).setItems(listId, tenderIds.filter((_, i) => i % stride === start).slice(0, 10_000));
    lists.push(listId);
  }

  const end = (prefix: string): string => prefix + '\u{10FFFF}';
  return {
    tenders: count('insight_tender'),
    contracts: count('contract_party'),
    positions: count('insight_position'),
    answers: [
      measure('customer dossier', customers, (inn) => customerDossier(cache, inn), (inn) => customerFloor.get(inn, inn)!, (inn) => `INN ${inn}`),
      measure('supplier dossier', suppliers, (inn) => supplierDossier(cache, inn), (inn) => supplierFloor.get(inn)!, (inn) => `INN ${inn}`),
      measure('price benchmark', codes, (code) => priceBenchmark(cache, { code }), (code) => priceFloor.get(code, end(code), code, end(code))!, (code) => `code ${code}`),
      measure('red flags of a 10,000-tender list', lists, (listId) => flagsFor(cache, { kind: 'list', listId }), (listId) => listFloor.get(listId, listId)!, (listId) => listId),
    ],
  };
}

const fmt = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

export function reportIngest(ingest: IngestComparison): void {
  console.log('Intelligence from the cache (bench/insights.ts)');
  console.log(`  ingest of ${ingest.versions.toLocaleString('en')} versions in ${ingest.pages.toLocaleString('en')} pages (+ ${ingest.cards.toLocaleString('en')} cards), page by page into both caches:`);
  console.log(`    with the insight upkeep: ${ingest.withRate.toLocaleString('en')} versions/s; without it (baseline, same run): ${ingest.withoutRate.toLocaleString('en')}/s`);
  console.log(`    ratio ${ingest.ratio.toFixed(3)} (goal ≥ 0.90): tender pages ${ingest.tenderRatio.toFixed(3)}, contract pages ${ingest.contractRatio.toFixed(3)}; card p50 ${fmt(ingest.withCardMs.p50)} / ${fmt(ingest.withoutCardMs.p50)}, p95 ${fmt(ingest.withCardMs.p95)} / ${fmt(ingest.withoutCardMs.p95)}`);
}

export function reportAnswers(answers: AnswersReport): void {
  console.log(`  answers over ${answers.tenders.toLocaleString('en')} tenders, ${answers.contracts.toLocaleString('en')} contracts, ${answers.positions.toLocaleString('en')} positions:`);
  for (const a of answers.answers) {
    console.log(
      `    ${a.name} (${a.n}): p50 ${fmt(a.ms.p50)}, p95 ${fmt(a.ms.p95)}, max ${fmt(a.ms.max)}; baseline (one SQL aggregate over the same rows) p50 ${fmt(a.baselineMs.p50)}, p95 ${fmt(a.baselineMs.p95)}; largest: ${a.largest.label}, ${a.largest.rows.toLocaleString('en')} rows, ${fmt(a.largest.ms)}`,
    );
  }
}

export interface InsightsBenchOptions {
  tenders?: number;
  cards?: number;
  samples?: number;
  /** Keep the caches in this directory (default: a temporary one, removed). */
  keep?: string;
  log?: (line: string) => void;
}

export function runInsightsBench(o: InsightsBenchOptions = {}): { ingest: IngestComparison; answers: AnswersReport } {
  const log = o.log ?? console.log;
  const catalogue = openCatalogue(o.tenders ?? 1_000_000, 1, log);
  const dir = o.keep ?? mkdtempSync(join(tmpdir(), 'tenderwb-insights-bench-'));
  try {
    const { figures, cache } = compareIngest(catalogue, dir, o.cards ?? 0.02, log);
    try {
      reportIngest(figures);
      const answers = benchAnswers(cache, o.samples ?? 40);
      reportAnswers(answers);
      return { ingest: figures, answers };
    } finally {
      cache.close();
    }
  } finally {
    catalogue.close();
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { tenders: { type: 'string', default: '1000000' }, cards: { type: 'string', default: '0.02' }, samples: { type: 'string', default: '40' }, keep: { type: 'string' } },
  });
  runInsightsBench({ tenders: Number(values.tenders), cards: Number(values.cards), samples: Number(values.samples), keep: values.keep });
}
