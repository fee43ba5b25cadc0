/**
 * Helpers for the earlier generation's core tests: an in-process sandbox, a live demo token, a workbench
 * over a fresh cache with a recording client (every request the client sends is kept), and independent
 * reads of the server's side (the balance history and a filter's set) over plain HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { EarlierApiClient } from '../../src-main/api/earlier/client';
import { walkUnshownPages } from '../../src-main/api/earlier/pages';
import { RateLimiter, abortableSleep } from '../../src-main/api/rateLimiter';
import { EarlierWorkbench } from '../../src-main/earlier/index';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { recordingDispatcher, type Sent } from '../api/helpers';
import { ctl, fresh, get200, legacy, type Json } from '../sandbox-earlier/helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

export { ctl, fresh, get200, legacy, type Json };

const made: { cache: CacheDb; dir: string }[] = [];

/** A fresh cache file in its own directory; `closeCaches` (afterAll) closes and removes them all. */
export function newCache(): CacheDb {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-earlier-'));
  const cache = openCache(join(dir, 'cache.db'));
  made.push({ cache, dir });
  return cache;
}

export function closeCaches(): void {
  for (const { cache, dir } of made.splice(0)) {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const ALL = 1;
export const COMPUTERS = 2;
export const MOSCOW_44 = 3;
export const MEDICINE = 4;
export const ARCHIVE = 5;

export const startEarlier = (tenders: number): Promise<RunningSandbox> => startSandbox({ port: 0, seed: 7, tenders });

export type Bench = { wb: EarlierWorkbench; client: EarlierApiClient; cache: CacheDb; sent: Sent[]; close(): Promise<void> };

/** A workbench over `cache` (a fresh one by default) whose client records every request it sends. */
export function bench(sb: RunningSandbox, token: string, cache: CacheDb = newCache()): Bench {
  const rec = recordingDispatcher();
  const client = new EarlierApiClient({
    baseUrl: sb.earlierBaseUrl,
    token: () => token,
    limiter: new RateLimiter({ perMinute: 1_000_000 }),
    dispatcher: rec.dispatcher,
    backoff: { baseMs: 1, maxMs: 5 },
    sleep: (ms, signal) => abortableSleep(Math.min(ms, 5), signal),
  });
  return { wb: new EarlierWorkbench({ client, cache }), client, cache, sent: rec.sent, close: rec.close };
}

/** Requests of the sent log to a route (`/tenders?` for filter pages, `/balance` ...), by path prefix after the base. */
export const sentTo = (sent: Sent[], prefix: string): Sent[] => sent.filter((s) => s.path.replace(/^.*\/legacy\/api\/v2/, '').startsWith(prefix));

/**
 * Every transaction of the server's history. Its paging is not shown in document 2 (a strict sandbox
 * ignores it), so the pages are walked by the same rules as the client's (`walkUnshownPages`), which
 * stop on `total`, a repeated, empty or short page; the read must come out whole.
 */
export async function serverHistory(sb: RunningSandbox, token: string): Promise<Json[]> {
  const walk = await walkUnshownPages(
    async (page) => {
      const r = await get200(sb as never, page === null ? '/balance/history' : `/balance/history?page=${page}&page_size=100`, token);
      return { ...r, items: r.transactions as Json[] };
    },
    (t: Json) => t.id as number,
  );
  if (!walk.complete) throw new Error(`the server's history read ${walk.items.length} of ${walk.total} transactions`);
  return walk.items;
}

/** The tender debits of the server's history: tender id -> how many times it was charged. */
export async function serverCharges(sb: RunningSandbox, token: string): Promise<Map<number, number>> {
  const charges = new Map<number, number>();
  for (const t of await serverHistory(sb, token)) {
    if (t.transaction_type === 'debit' && t.entity_type === 'tender') charges.set(t.entity_id, (charges.get(t.entity_id) ?? 0) + 1);
  }
  return charges;
}

/**
 * A filter's whole set on the server, read over plain HTTP with the same token. Call it only when every
 * tender of the filter was received before (then it is free); it asserts so.
 */
export async function serverFilterSet(sb: RunningSandbox, token: string, filterId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const r = await get200(sb as never, `/tenders?filter_id=${filterId}&page=${page}&page_size=100`, token);
    if (r.new_tenders_count !== 0) throw new Error(`reading filter ${filterId} charged ${r.new_tenders_count}: the cache missed them`);
    ids.push(...r.items.map((i: Json) => i.id));
    if (r.items.length < 100) return ids;
  }
}

export async function serverBalance(sb: RunningSandbox, token: string): Promise<Json> {
  return get200(sb as never, '/balance', token);
}

/** Per tender id: how many deliveries of it the cache logged as billed, and how many deliveries in all. */
export function cacheCharges(cache: CacheDb): Map<number, { billed: number; deliveries: number; firstAt: string }> {
  const rows = cache.db
    .prepare(
      `SELECT d.id AS id, sum(d.billed) AS billed, count(*) AS deliveries, min(r.received_at) AS first_at
       FROM delivery d JOIN delivery_request r ON r.request_seq = d.request_seq WHERE d.kind = 1 GROUP BY d.id`,
    )
    .all() as { id: number; billed: number; deliveries: number; first_at: string }[];
  return new Map(rows.map((r) => [r.id, { billed: r.billed, deliveries: r.deliveries, firstAt: r.first_at }]));
}

/** The tenders the cache holds as members of an earlier filter (`efl_<id>`). */
export function cachedMembers(cache: CacheDb, filterId: number): number[] {
  return (cache.db.prepare("SELECT id FROM filter_member WHERE filter_id = ? AND kind = 1 ORDER BY id").pluck().all(`efl_${filterId}`) as number[]);
}

export const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);
