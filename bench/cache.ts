/**
 * Benchmark of the local cache (src-main/cache) at scale, with baselines measured in the same run.
 *
 *   npx tsx bench/cache.ts [--tenders 1000000] [--seed 1] [--dir DIR] [--naive] [--keep]
 *                          [--page-sizes 300000] [--cards 0.01] [--no-contracts]
 *
 * Data: the sandbox's demo catalogue of that size (generated once and cached by the sandbox), delivered in
 * discovery order as the API renders it (tender and contract summaries, every version), in feed pages of
 * 100 items; 1 % of the tenders also get a card with positions. Rendering is not timed.
 *
 * Figures:
 * - ingest: versions/s over the time spent inside `saveFeedPage` (everything: history, deliveries, pack,
 *   latest pointer, search index, cursor, in one transaction per page, and the upkeep after it), and per
 *   page: the write transaction itself (BEGIN..COMMIT, the write lock held) and, apart from it, the FTS
 *   merge step and the WAL checkpoint that run after it (src-main/cache/writeUpkeep.ts), each timed on its
 *   own. Baseline: the same JSON into a plain (id, version, json)
 *   table, page by page, in a second file with the same settings; optionally (--naive) a naive schema
 *   (JSON + extracted columns + 2 indexes + external-content FTS5 over title, description, customer).
 * - search: latency of `offlineSearch.search` (50 rows with their summaries) over a mix of queries built
 *   from the data (rare words, words in half the tenders, phrases, prefixes, structured filters, mixes),
 *   p50 / p95 / max per kind and overall; and of `count` (cap 1000).
 * - size: the cache file per 1,000,000 tenders with a breakdown by table, beside the baseline file.
 * - page size: 4 KB against 16 KB pages on the first `--page-sizes` versions (rate and bytes).
 *
 * The functions are exported for a bench runner; run directly, the file prints a report.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cardStore } from '../src-main/cache/cardStore';
import { DEFAULT_PAGE_SIZE, openCache, type CacheDb } from '../src-main/cache/database';
import { deliveryWriter } from '../src-main/cache/deliveryWriter';
import { feedStore, type FeedItem } from '../src-main/cache/feedStore';
import { flushExternalIdQueue } from '../src-main/cache/externalIdQueue';
import { flushInsightQueue } from '../src-main/cache/insightStore';
import { offlineSearch, type OfflineQuery } from '../src-main/cache/offlineSearch';
import { cacheStats } from '../src-main/cache/stats';
import { contractJson, Renderer, tenderJson } from '../src-main/sandbox/service/render';
import { defaultCacheDir, ensureCatalogue } from '../src-main/sandbox/store/world';

// ---------------------------------------------------------------------------------------------------------
// Data: the sandbox catalogue rendered as the API delivers it (the shapes of src-main/sandbox/service/render.ts,
// built from one streaming join instead of several lookups per object, by the sandbox's own renderer).

/* eslint-disable @typescript-eslint/no-explicit-any -- rows of a streaming join over the sandbox catalogue */
function renderTender(r: any): Record<string, unknown> {
  return tenderJson(
    r,
    { version: r.v_version, status: r.v_status, price: r.v_price, end_date: r.v_end_date, update_date: r.v_update_date },
    { name: r.o_name, inn: r.o_inn, kpp: r.o_kpp, ogrn: r.o_ogrn },
  );
}

function renderContract(r: any): Record<string, unknown> {
  return contractJson({
    contract: r,
    ver: { version: r.v_version, stage: r.v_stage, paid: r.v_paid, update_date: r.v_update_date },
    tender: { id: r.tender_id, etp_id: r.t_etp_id, purchase_type: r.t_purchase_type, title: r.t_title, region: r.t_region },
    customer: { name: r.c_name, inn: r.c_inn, kpp: r.c_kpp, ogrn: r.c_ogrn },
    supplier: { name: r.s_name, inn: r.s_inn, kpp: r.s_kpp, ogrn: r.s_ogrn, address: r.s_address },
  });
}

const TENDER_SQL = `SELECT t.*, v.version AS v_version, v.status AS v_status, v.price AS v_price, v.end_date AS v_end_date,
    v.update_date AS v_update_date, o.name AS o_name, o.inn AS o_inn, o.kpp AS o_kpp, o.ogrn AS o_ogrn
  FROM discovery_log l JOIN tenders t ON t.id = l.object_id
  JOIN tender_versions v ON v.tender_id = l.object_id AND v.version = l.version
  JOIN organizations o ON o.id = t.customer_id
  WHERE l.kind = 'tender' ORDER BY l.seq LIMIT ?`;
const CONTRACT_SQL = `SELECT c.*, v.version AS v_version, v.stage AS v_stage, v.paid AS v_paid, v.update_date AS v_update_date,
    t.etp_id AS t_etp_id, t.purchase_type AS t_purchase_type, t.title AS t_title, t.region AS t_region,
    co.name AS c_name, co.inn AS c_inn, co.kpp AS c_kpp, co.ogrn AS c_ogrn,
    so.name AS s_name, so.inn AS s_inn, so.kpp AS s_kpp, so.ogrn AS s_ogrn, so.address AS s_address
  FROM discovery_log l JOIN contracts c ON c.id = l.object_id
  JOIN contract_versions v ON v.contract_id = l.object_id AND v.version = l.version
  JOIN tenders t ON t.id = c.tender_id JOIN organizations co ON co.id = t.customer_id JOIN organizations so ON so.id = c.supplier_id
  WHERE l.kind = 'contract' ORDER BY l.seq LIMIT ?`;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface Catalogue {
  db: Database.Database;
  seed: number;
  tenders: number;
  close(): void;
}

/** The sandbox catalogue of `tenders` tenders (generated and cached on first use, which takes minutes at 1M). */
export function openCatalogue(tenders: number, seed = 1, log: (line: string) => void = console.log): Catalogue {
  const started = performance.now();
  const { path, generated } = ensureCatalogue({ cacheDir: defaultCacheDir(), seed, tenders });
  if (generated) log(`catalogue generated in ${seconds(performance.now() - started)} s: ${path}`);
  const db = new Database(path, { readonly: true });
  db.pragma('cache_size = -65536');
  return { db, seed, tenders, close: () => db.close() };
}

/** Feed pages of `pageSize` items of one kind in discovery order (every version), at most `limit` items. */
export function* feedPages(cat: Catalogue, kind: 'tender' | 'contract', pageSize = 100, limit = -1): Generator<FeedItem[]> {
  const rows = cat.db.prepare(kind === 'tender' ? TENDER_SQL : CONTRACT_SQL).iterate(limit);
  let page: FeedItem[] = [];
  for (const row of rows) {
    const object = kind === 'tender' ? renderTender(row) : renderContract(row);
    const version = object.version as number;
    page.push({ kind, id: object.id as number, version, billed: true, event: version === 1 ? 'created' : 'updated', object });
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

// ---------------------------------------------------------------------------------------------------------
// Small statistics

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const MB = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How many took more than 100 ms (the issue's bound for a write transaction). */
  over100: number;
}

export function spread(values: readonly number[]): Spread {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number): number => (v.length === 0 ? 0 : v[Math.min(v.length - 1, Math.ceil(q * v.length) - 1)]!);
  return { n: v.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: v.length ? v[v.length - 1]! : 0, over100: v.filter((x) => x > 100).length };
}

const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Baselines

interface Baseline {
  name: string;
  file: string;
  db: Database.Database;
  ms: number;
  items: number;
  maxPageMs: number;
  pageTimes: number[];
  write(items: readonly FeedItem[]): void;
}

function openBaselineDb(file: string, pageSize: number): Database.Database {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = new Database(file);
  db.pragma(`page_size = ${pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  return db;
}

function track(b: Omit<Baseline, 'write' | 'ms' | 'items' | 'maxPageMs' | 'pageTimes'>, write: (items: readonly FeedItem[]) => void): Baseline {
  const baseline: Baseline = {
    ...b,
    ms: 0,
    items: 0,
    maxPageMs: 0,
    pageTimes: [],
    write(items) {
      const t0 = performance.now();
      write(items);
      const took = performance.now() - t0;
      baseline.ms += took;
      baseline.items += items.length;
      baseline.maxPageMs = Math.max(baseline.maxPageMs, took);
      baseline.pageTimes.push(took);
    },
  };
  return baseline;
}

/** The same JSON into a plain (id, version, json) table, one transaction per page. */
export function rawBaseline(file: string, pageSize: number): Baseline {
  const db = openBaselineDb(file, pageSize);
  db.exec('CREATE TABLE raw_version (id INTEGER NOT NULL, version INTEGER NOT NULL, json TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO raw_version (id, version, json) VALUES (?, ?, ?)');
  const page = db.transaction((items: readonly FeedItem[]) => {
    for (const it of items) insert.run(it.id, it.version, JSON.stringify(it.object));
  });
  return track({ name: 'raw (id, version, json)', file, db }, (items) => page(items));
}

/** A naive cache: JSON, extracted columns, 2 indexes, external-content FTS5 over title, description, customer. */
export function naiveBaseline(file: string, pageSize: number): Baseline {
  const db = openBaselineDb(file, pageSize);
  db.exec(`
    CREATE TABLE version (rid INTEGER PRIMARY KEY, kind TEXT, id INTEGER, version INTEGER, json TEXT, title TEXT, description TEXT,
      customer TEXT, price REAL, region INTEGER, publish_date TEXT, UNIQUE (kind, id, version));
    CREATE INDEX version_region ON version (region);
    CREATE INDEX version_price ON version (price);
    CREATE VIRTUAL TABLE version_fts USING fts5 (title, description, customer, content = 'version', content_rowid = 'rid');`);
  const insert = db.prepare(
    `INSERT INTO version (kind, id, version, json, title, description, customer, price, region, publish_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const fts = db.prepare('INSERT INTO version_fts (rowid, title, description, customer) VALUES (?, ?, ?, ?)');
  const page = db.transaction((items: readonly FeedItem[]) => {
    for (const it of items) {
      const o = it.object as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const title = o.name ?? null;
      const description = o.description ?? null;
      const customer = o.organization?.name ?? o.customer?.name ?? null;
      const r = insert.run(it.kind, it.id, it.version, JSON.stringify(o), title, description, customer, o.price ?? null, o.region?.id ?? null, o.publish_date ?? null);
      if (r.changes && it.kind === 'tender') fts.run(r.lastInsertRowid, title, description, customer);
    }
  });
  return track({ name: 'naive (JSON + columns + 2 indexes + FTS)', file, db }, (items) => page(items));
}

// ---------------------------------------------------------------------------------------------------------
// Ingest

export interface IngestFigures {
  file: string;
  pageSize: number;
  tenderVersions: number;
  contractVersions: number;
  pages: number;
  /** Versions per second over the time spent in saveFeedPage. */
  rate: number;
  tenderRate: number;
  contractRate: number;
  /** The final move of what the pages queued for the lazy indexes (counted in `rate`). */
  queuedMs: number;
  /** Per-page saveFeedPage time: the transaction and the upkeep after it. */
  pageMs: Spread;
  /** Per page: the write transaction alone (BEGIN IMMEDIATE..COMMIT, the write lock held). */
  transactionMs: Spread;
  /** After a page's or card's transaction, outside it: FTS merge steps (each its own short transaction). */
  mergeMs: Spread;
  /** After a transaction, outside it: PASSIVE WAL checkpoints the writer waits for (no lock held). */
  checkpointMs: Spread;
  /** Checkpoints on their own thread while the writer goes on (walCheckpointer.ts). */
  threadCheckpointMs: Spread;
  cards: number;
  cardMs: Spread;
  /** Per card: its write transaction alone. */
  cardTransactionMs: Spread;
  wallSeconds: number;
  baselines: { name: string; rate: number; maxPageMs: number; pageMs: Spread; bytes: number }[];
}

export interface IngestOptions {
  catalogue: Catalogue;
  file: string;
  /** Default: the cache's DEFAULT_PAGE_SIZE. */
  pageSize?: 4096 | 16384;
  /** Only the first N tender versions (default: all). */
  limit?: number;
  contracts?: boolean;
  /** Share of tenders that also get a card with positions (default 0.01). */
  cards?: number;
  naive?: boolean;
  raw?: boolean;
  log?: (line: string) => void;
}

const fileBytes = (file: string): number => {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(file + suffix).size;
    } catch {
      // absent
    }
  }
  return total;
};

export function benchIngest(o: IngestOptions): IngestFigures {
  const log = o.log ?? console.log;
  const pageSize = o.pageSize ?? DEFAULT_PAGE_SIZE;
  for (const suffix of ['', '-wal', '-shm']) rmSync(o.file + suffix, { force: true });
  const cache = openCache(o.file, { pageSize });
  const feeds = feedStore(cache);
  const cards = cardStore(cache);
  const baselines: Baseline[] = [];
  if (o.raw !== false) baselines.push(rawBaseline(`${o.file}.raw-baseline.db`, pageSize));
  if (o.naive) baselines.push(naiveBaseline(`${o.file}.naive-baseline.db`, pageSize));
  const renderer = new Renderer(o.catalogue.db, o.catalogue.seed);
  const cardShare = o.cards ?? 0.01;
  const rnd = mulberry32(7);

  const pageTimes: number[] = [];
  const cardTimes: number[] = [];
  // Each step after a page or card is reported by the writer itself (writeUpkeep.ts).
  const steps = { transaction: [] as number[], cardTransaction: [] as number[], merge: [] as number[], checkpoint: [] as number[], 'thread-checkpoint': [] as number[] };
  let inCard = false;
  deliveryWriter(cache).upkeep.observe((step, took) => {
    if (step === 'transaction') (inCard ? steps.cardTransaction : steps.transaction).push(took);
    else steps[step].push(took);
  });
  const spent = { tender: 0, contract: 0 };
  const counted = { tender: 0, contract: 0 };
  let pageNo = 0;
  const started = performance.now();
  const at0 = Date.UTC(2026, 10, 20, 6, 0, 0);

  const feed = (kind: 'tender' | 'contract', limit: number): void => {
    for (const items of feedPages(o.catalogue, kind, 100, limit)) {
      pageNo++;
      for (const b of baselines) b.write(items);
      const t0 = performance.now();
      feeds.saveFeedPage({
        filterId: 'flt_bench000000000000000000',
        feed: kind,
        stream: 'created,updated',
        cursor: `cur_bench_${kind}_${pageNo}`,
        requestId: `req_${pageNo.toString(16).padStart(20, '0')}`,
        receivedAt: new Date(at0 + pageNo * 1000).toISOString(),
        items,
      });
      const took = performance.now() - t0;
      pageTimes.push(took);
      spent[kind] += took;
      counted[kind] += items.length;

      if (kind === 'tender' && cardShare > 0) {
        for (const it of items) {
          if (it.version !== 1 || rnd() >= cardShare) continue;
          const card = renderer.tenderCard(it.id, it.version, 1, 20);
          const c0 = performance.now();
          inCard = true;
          cards.saveCard({
            kind: 'tender', id: it.id, version: it.version, positionsPage: 1, positionsLimit: 20,
            requestId: `req_card_${it.id}`, receivedAt: new Date(at0 + pageNo * 1000).toISOString(), billed: false, card,
          });
          cardTimes.push(performance.now() - c0);
          inCard = false;
        }
      }
      if (pageNo % 1000 === 0) {
        const done = counted.tender + counted.contract;
        log(`  ${done.toLocaleString('en')} versions, ${Math.round(done / ((spent.tender + spent.contract) / 1000)).toLocaleString('en')}/s in saveFeedPage, ${seconds(performance.now() - started)} s`);
      }
    }
  };

  feed('tender', o.limit ?? -1);
  if (o.contracts !== false) feed('contract', o.limit === undefined ? -1 : Math.round(o.limit / 2));
  // What the pages only queued (the lazy party and external-id indexes) moved into its indexes, counted in the
  // ingest: a sync leaves it to idle maintenance, but it is the pages' work all the same.
  const q0 = performance.now();
  flushInsightQueue(cache);
  flushExternalIdQueue(cache.db);
  const queuedMs = performance.now() - q0;

  cache.db.pragma('wal_checkpoint(TRUNCATE)');
  const figures: IngestFigures = {
    file: o.file,
    pageSize,
    tenderVersions: counted.tender,
    contractVersions: counted.contract,
    pages: pageNo,
    rate: Math.round((counted.tender + counted.contract) / ((spent.tender + spent.contract + queuedMs) / 1000)),
    queuedMs,
    tenderRate: Math.round(counted.tender / (spent.tender / 1000)),
    contractRate: counted.contract ? Math.round(counted.contract / (spent.contract / 1000)) : 0,
    pageMs: spread(pageTimes),
    transactionMs: spread(steps.transaction),
    mergeMs: spread(steps.merge),
    checkpointMs: spread(steps.checkpoint),
    threadCheckpointMs: spread(steps['thread-checkpoint']),
    cards: cardTimes.length,
    cardMs: spread(cardTimes),
    cardTransactionMs: spread(steps.cardTransaction),
    wallSeconds: (performance.now() - started) / 1000,
    baselines: baselines.map((b) => {
      b.db.pragma('wal_checkpoint(TRUNCATE)');
      b.db.close();
      const bytes = fileBytes(b.file);
      return { name: b.name, rate: Math.round(b.items / (b.ms / 1000)), maxPageMs: b.maxPageMs, pageMs: spread(b.pageTimes), bytes };
    }),
  };
  cache.close();
  return figures;
}

// ---------------------------------------------------------------------------------------------------------
// Size

export interface SizeFigures {
  bytes: number;
  tenders: number;
  versions: number;
  bytesPerTender: number;
  perMillionTenders: number;
  tables: { name: string; bytes: number }[];
}

export function benchSize(file: string): SizeFigures {
  const cache = openCache(file);
  try {
    const stats = cacheStats(cache);
    const rows = cache.db
      .prepare<[], { name: string; bytes: number }>(
        `SELECT coalesce(m.tbl_name, d.name) AS name, sum(d.pgsize) AS bytes FROM dbstat d LEFT JOIN sqlite_schema m ON m.name = d.name
         GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all();
    const tables = new Map<string, number>();
    for (const r of rows) {
      const name = r.name.startsWith('tender_fts') ? 'tender_fts (all shadow tables)' : r.name;
      tables.set(name, (tables.get(name) ?? 0) + r.bytes);
    }
    const bytes = stats.disk.totalBytes;
    const tenders = stats.objects.tender;
    return {
      bytes,
      tenders,
      versions: stats.versions.tender + stats.versions.contract,
      bytesPerTender: bytes / Math.max(1, tenders),
      perMillionTenders: (bytes / Math.max(1, tenders)) * 1e6,
      tables: [...tables].map(([name, b]) => ({ name, bytes: b })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    cache.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Search

export interface QueryCase {
  kind: string;
  query: OfflineQuery;
}

/** A deterministic mix of queries built from what the cache holds. */
export function searchMix(cache: CacheDb, perKind = 20, seed = 11): QueryCase[] {
  const { db } = cache;
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const tenders = (db.prepare('SELECT count(*) FROM tender').pluck().get() as number) || 1;
  const vocab = db
    .prepare<[], { term: string; doc: number }>("SELECT term, doc FROM tender_fts_vocab WHERE term GLOB '[а-я]*' AND length(term) >= 4")
    .all();
  const share = (lo: number, hi: number) => vocab.filter((v) => v.doc >= lo * tenders && v.doc <= hi * tenders).map((v) => v.term);
  const rare = vocab.filter((v) => v.doc >= 5 && v.doc <= Math.max(10, tenders * 0.001)).map((v) => v.term);
  const common = share(0.25, 0.65);
  const middle = share(0.005, 0.2);
  const maxSeq = db.prepare('SELECT max(seq) FROM tender').pluck().get() as number;
  const titleAt = db.prepare<[number], string>('SELECT name FROM tender WHERE seq >= ? AND name IS NOT NULL LIMIT 1').pluck();
  const phrase = (): string => {
    for (;;) {
      const words = (titleAt.get(1 + Math.floor(rnd() * maxSeq)) ?? '').toLowerCase().match(/[а-яё]{4,}/g) ?? [];
      if (words.length >= 2) {
        const i = Math.floor(rnd() * (words.length - 1));
        return `"${words[i]} ${words[i + 1]}"`;
      }
    }
  };
  const regions = db.prepare<[], number>('SELECT DISTINCT region FROM tender WHERE region IS NOT NULL').pluck().all();
  const okpd2 = db
    .prepare<[], string>("SELECT substr(term, 3) FROM tender_fts_vocab WHERE term >= 'ʘo' AND term < 'ʘp' AND length(term) BETWEEN 4 AND 7")
    .pluck()
    .all();
  const bounds = db.prepare<[], { lo: number; hi: number }>('SELECT min(publish_at) AS lo, max(publish_at) AS hi FROM tender').get()!;
  const day = (sec: number): string => new Date((sec + 3 * 3600) * 1000).toISOString().slice(0, 10);
  const someDay = (): number => bounds.lo + Math.floor(rnd() * (bounds.hi - bounds.lo));
  const priceRange = (): { from: number; to: number } => {
    const from = 10 ** (4 + rnd() * 4);
    return { from: Math.round(from), to: Math.round(from * (2 + rnd() * 8)) };
  };
  const prefixes = [...new Set([...common, ...middle].filter((t) => t.length >= 6).map((t) => t.slice(0, 5 + Math.floor(rnd() * 3))))];

  const kinds: Record<string, () => OfflineQuery> = {
    'rare word': () => ({ text: pick(rare) }),
    'common word (25-65 %)': () => ({ text: pick(common) }),
    'two words (common + middle)': () => ({ text: `${pick(common)} ${pick(middle)}` }),
    phrase: () => ({ text: phrase() }),
    prefix: () => ({ text: `${pick(prefixes)}*` }),
    'постав*': () => ({ text: 'постав*' }),
    'minus / OR': () => (rnd() < 0.5 ? { text: `${pick(common)} -${pick(middle)}` } : { text: `${pick(middle)} OR ${pick(rare)}` }),
    'filters only': () => {
      const d = someDay();
      const variants: OfflineQuery[] = [
        { regions: [pick(regions)] },
        { regions: [pick(regions)], price: priceRange() },
        { okpd2: [pick(okpd2)] },
        { status: ['completed'], law: ['223-FZ'] },
        { publishDate: { from: day(d), to: day(d + 6 * 86_400) } },
        { endDate: { from: day(d), to: day(d) } },
        { price: priceRange() },
      ];
      return pick(variants);
    },
    'words + filters': () => {
      const d = someDay();
      const variants: OfflineQuery[] = [
        { text: pick(common), regions: [pick(regions)], price: priceRange() },
        { text: pick(rare), status: ['active'] },
        { text: phrase(), okpd2: [pick(okpd2).slice(0, 2)] },
        { text: `${pick(prefixes)}*`, publishDate: { from: day(d), to: day(d + 30 * 86_400) } },
        { text: pick(common), law: ['44-FZ'], status: ['completed'] },
        { text: pick(middle), regions: [pick(regions), pick(regions)] },
      ];
      return pick(variants);
    },
  };
  const cases: QueryCase[] = [];
  for (const [kind, make] of Object.entries(kinds)) {
    for (let i = 0; i < perKind; i++) cases.push({ kind, query: make() });
  }
  // Interleave kinds so that no kind runs on caches warmed by its own previous query.
  return cases.map((c) => ({ c, k: rnd() })).sort((a, b) => a.k - b.k).map(({ c }) => c);
}

export interface SearchFigures {
  overall: Spread;
  byKind: { kind: string; spread: Spread; examples: string[] }[];
  count: Spread;
  relevance: Spread;
  slowest: { kind: string; query: string; ms: number }[];
}

export function benchSearch(file: string, perKind = 20): SearchFigures {
  const cache = openCache(file);
  try {
    const search = offlineSearch(cache);
    const cases = searchMix(cache, perKind);
    // Warm-up on unrelated queries: the page cache of a cache in use, not a cold disk.
    for (const q of ['работ', 'услуг', 'поставка товаров']) search.search({ text: q });
    // A change to the connection before each query drops the prefix expansions kept in memory, so every
    // prefix is looked up in the index again (the case right after a sync wrote something).
    cache.db.exec('CREATE TEMP TABLE bench_touch (x)');
    const touch = cache.db.prepare('INSERT INTO temp.bench_touch VALUES (1)');
    const timed: { kind: string; query: OfflineQuery; ms: number; rows: number }[] = [];
    for (const c of cases) {
      touch.run();
      const t0 = performance.now();
      const page = search.search(c.query, { limit: 50 });
      timed.push({ kind: c.kind, query: c.query, ms: performance.now() - t0, rows: page.rows.length });
    }
    const countTimes: number[] = [];
    const rankTimes: number[] = [];
    for (const c of cases) {
      touch.run();
      let t0 = performance.now();
      search.count(c.query, 1000);
      countTimes.push(performance.now() - t0);
      if (c.query.text) {
        touch.run();
        t0 = performance.now();
        search.search(c.query, { order: 'relevance', limit: 50, rankCap: 1000 });
        rankTimes.push(performance.now() - t0);
      }
    }
    const kinds = [...new Set(cases.map((c) => c.kind))];
    return {
      overall: spread(timed.map((t) => t.ms)),
      byKind: kinds.map((kind) => {
        const mine = timed.filter((t) => t.kind === kind);
        return {
          kind,
          spread: spread(mine.map((t) => t.ms)),
          examples: mine.slice(0, 3).map((t) => `${JSON.stringify(t.query)} -> ${t.rows} rows`),
        };
      }),
      count: spread(countTimes),
      relevance: spread(rankTimes),
      slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5).map((t) => ({ kind: t.kind, query: JSON.stringify(t.query), ms: t.ms })),
    };
  } finally {
    cache.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Page size: 4 KB against 16 KB on the same versions

export interface PageSizeFigures {
  items: number;
  results: { pageSize: number; rate: number; maxPageMs: number; bytes: number }[];
}

export function comparePageSizes(catalogue: Catalogue, dir: string, items: number, log: (line: string) => void = console.log): PageSizeFigures {
  const results: PageSizeFigures['results'] = [];
  for (const pageSize of [4096, 16_384] as const) {
    const file = join(dir, `pages-${pageSize}.db`);
    const f = benchIngest({ catalogue, file, pageSize, limit: items, contracts: false, cards: 0.01, raw: false, log: () => {} });
    results.push({ pageSize, rate: f.rate, maxPageMs: f.pageMs.max, bytes: fileBytes(file) });
    log(`  ${pageSize / 1024} KB pages: ${f.rate.toLocaleString('en')} versions/s, ${MB(fileBytes(file))} for ${items.toLocaleString('en')} versions`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  return { items, results };
}

// ---------------------------------------------------------------------------------------------------------

export interface CacheBenchOptions {
  tenders?: number;
  seed?: number;
  dir?: string;
  naive?: boolean;
  contracts?: boolean;
  cards?: number;
  /** Versions for the 4 KB / 16 KB comparison (0 skips it). */
  pageSizeItems?: number;
  queriesPerKind?: number;
  keep?: boolean;
  log?: (line: string) => void;
}

export interface CacheBenchReport {
  ingest: IngestFigures;
  size: SizeFigures;
  search: SearchFigures;
  pageSizes: PageSizeFigures | null;
}

export function runCacheBench(o: CacheBenchOptions = {}): CacheBenchReport {
  const log = o.log ?? console.log;
  const tenders = o.tenders ?? 1_000_000;
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'tenderwb-cache-bench-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cache.db');
  const catalogue = openCatalogue(tenders, o.seed ?? 1, log);
  try {
    log(`cache bench: ${tenders.toLocaleString('en')} tenders (sandbox catalogue seed ${catalogue.seed}), files in ${dir}`);
    const ingest = benchIngest({ catalogue, file, contracts: o.contracts, cards: o.cards, naive: o.naive, log });
    log('');
    log(`INGEST (pages of 100, one transaction each; rendering not timed)`);
    log(`  cache (everything)        ${ingest.rate.toLocaleString('en').padStart(7)} versions/s   [tenders ${ingest.tenderRate.toLocaleString('en')}/s, contracts ${ingest.contractRate.toLocaleString('en')}/s]`);
    for (const b of ingest.baselines) {
      log(`  baseline: ${b.name.padEnd(15)} ${b.rate.toLocaleString('en').padStart(7)} versions/s   (same pages, same settings)`);
    }
    log(`  versions: ${ingest.tenderVersions.toLocaleString('en')} tender + ${ingest.contractVersions.toLocaleString('en')} contract in ${ingest.pages.toLocaleString('en')} pages; ${ingest.cards.toLocaleString('en')} cards`);
    const line = (x: Spread): string => `p50 ${ms(x.p50)}, p99 ${ms(x.p99)}, max ${ms(x.max)}, ${x.over100} over 100 ms`;
    log(`  write transaction per page (lock held): ${line(ingest.transactionMs)}`);
    for (const b of ingest.baselines) log(`    baseline ${b.name}, page transaction: ${line(b.pageMs)}   (same machine, same moments: its spikes are the machine's)`);
    log(`  after it, outside it: FTS merge step ${line(ingest.mergeMs)} (${ingest.mergeMs.n.toLocaleString('en')} steps, each its own transaction)`);
    log(`                        WAL checkpoint waited for ${line(ingest.checkpointMs)} (${ingest.checkpointMs.n.toLocaleString('en')}: inline before the thread starts, and the catch-ups that let the WAL start over; no lock held)`);
    log(`                        WAL checkpoint on its thread ${line(ingest.threadCheckpointMs)} (${ingest.threadCheckpointMs.n.toLocaleString('en')}, the writer not waiting)`);
    log(`  saveFeedPage whole call: ${line(ingest.pageMs)}; the queued index entries moved at the end (in the rate): ${ms(ingest.queuedMs)}`);
    log(`  saveCard: p50 ${ms(ingest.cardMs.p50)}, max ${ms(ingest.cardMs.max)} (transaction max ${ms(ingest.cardTransactionMs.max)}); wall ${ingest.wallSeconds.toFixed(0)} s including rendering and baselines`);

    const size = benchSize(file);
    log('');
    log(`SIZE ON DISK`);
    log(`  cache: ${MB(size.bytes)} for ${size.tenders.toLocaleString('en')} tenders (${size.versions.toLocaleString('en')} versions) = ${(size.perMillionTenders / 2 ** 30).toFixed(2)} GB per 1,000,000 tenders`);
    for (const b of ingest.baselines) log(`  baseline: ${b.name}: ${MB(b.bytes)} (${((b.bytes / size.tenders) * 1e6 / 2 ** 30).toFixed(2)} GB per 1,000,000 tenders)`);
    log(`  by table: ${size.tables.slice(0, 10).map((t) => `${t.name} ${MB(t.bytes)}`).join(', ')}`);

    let pageSizes: PageSizeFigures | null = null;
    if ((o.pageSizeItems ?? 300_000) > 0) {
      log('');
      log(`PAGE SIZE (first ${(o.pageSizeItems ?? 300_000).toLocaleString('en')} tender versions, same data)`);
      pageSizes = comparePageSizes(catalogue, dir, o.pageSizeItems ?? 300_000, log);
    }

    const search = benchSearch(file, o.queriesPerKind ?? 20);
    log('');
    log(`OFFLINE SEARCH over ${size.tenders.toLocaleString('en')} tenders (50 rows with summaries, newest first)`);
    for (const k of search.byKind) {
      log(`  ${k.kind.padEnd(28)} p50 ${ms(k.spread.p50).padStart(9)}  p95 ${ms(k.spread.p95).padStart(9)}  max ${ms(k.spread.max).padStart(9)}   e.g. ${k.examples[0]}`);
    }
    log(`  ${'ALL'.padEnd(28)} p50 ${ms(search.overall.p50).padStart(9)}  p95 ${ms(search.overall.p95).padStart(9)}  max ${ms(search.overall.max).padStart(9)}   (${search.overall.n} queries)`);
    log(`  count (cap 1000): p50 ${ms(search.count.p50)}, p95 ${ms(search.count.p95)}, max ${ms(search.count.max)}`);
    log(`  relevance (bm25 over newest 1000): p50 ${ms(search.relevance.p50)}, p95 ${ms(search.relevance.p95)}, max ${ms(search.relevance.max)}`);
    log(`  slowest: ${search.slowest.map((s) => `${ms(s.ms)} ${s.query}`).join(' | ')}`);
    return { ingest, size, search, pageSizes };
  } finally {
    catalogue.close();
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      tenders: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      dir: { type: 'string' },
      naive: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'no-contracts': { type: 'boolean', default: false },
      cards: { type: 'string', default: '0.01' },
      'page-sizes': { type: 'string', default: '300000' },
      queries: { type: 'string', default: '20' },
    },
  });
  runCacheBench({
    tenders: Number(values.tenders),
    seed: Number(values.seed),
    dir: values.dir,
    naive: values.naive,
    keep: values.keep,
    contracts: !values['no-contracts'],
    cards: Number(values.cards),
    pageSizeItems: Number(values['page-sizes']),
    queriesPerKind: Number(values.queries),
  });
}
