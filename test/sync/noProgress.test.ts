/**
 * A server that keeps answering a non-empty page with the cursor it was sent makes a sync
 * loop forever. So does one whose cursor alternates A/B over the same page (703 requests,
 * 70,001 delivery rows for 101 tenders), or that gives a fresh cursor on every page of items already given,
 * or that delivers more than the total it states. The engine judges progress by the object versions delivered,
 * not by the cursor: it stops with `no_progress` (naming the feed in both languages) after `STALE_PAGES` pages
 * in a row with nothing new, or once a round brings more objects than the stated total and its margin; every
 * page before is stored (what was paid is kept), so a run stores a bounded number of repeats. What a legal
 * server repeats is not stopped: the cursor kept on an empty page, a 409 rebuild starting the feed again.
 * Against hostile servers (a proxy in front of the real sandbox, or a scripted feed), with the real client
 * and cache.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheStats } from '../../src-main/cache/stats';
import { versionStore } from '../../src-main/cache/versionStore';
import { FORGIVEN_REBUILDS, STALE_PAGES, UPDATES_PER_OBJECT } from '../../src-main/sync/noProgress';
import { ApiError } from '../../src-main/api/errors';
import { toIpcError } from '../../src-main/workspace/errors';
import { syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { FeedSink, QueryPage, QueryPort, StoredPage } from '../../src-main/sync/ports';
import { sendJson, startHostile, stuckCursorProxy, type HostileServer } from '../hostile/server';
import { ctl, login, start, type Sandbox } from '../sandbox/helpers';
import { makeHarness, port, sink } from './harness';

let sb: Sandbox;
let proxy: HostileServer;
let token: string;

beforeAll(async () => {
  sb = await start();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  token = await login(sb, 'demo');
  proxy = await startHostile(stuckCursorProxy(sb.origin));
});

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

describe('a feed whose cursor does not advance', () => {
  it('stops at the first repeated page, naming the feed', async () => {
    const h = makeHarness({ ...sb, baseUrl: `${proxy.origin}/api/v2` }, token);
    try {
      const first = await h.client.queryTenders({ keywords: ['поставка'], events: ['created'], limit: 1 });
      const saved: StoredPage[] = [];
      const realSink = sink(h);
      const watching: FeedSink = { ...realSink, getCursor: realSink.getCursor.bind(realSink), savePage: (p) => (saved.push(p), realSink.savePage(p)) };
      const before = proxy.stats.requests.length;
      const e = await syncSavedSearch(port(h), watching, { filterId: first.filterId, feeds: ['tender'], streams: ['created'], pageSize: 5 }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ApiError);
      const err = e as ApiError;
      expect(err.code).toBe('no_progress');
      expect(err.retryable).toBe(false);
      expect(err.userMessage).toMatch(/ту же страницу ленты «закупки, новые».*синхронизация остановлена/);
      expect(toIpcError(err, 'en').message).toMatch(/same page of the feed “tenders, new”.*the sync stopped/);
      // First page (from filter_id), the page under the stuck cursor, its repeats (stored: they may state a charge).
      expect(proxy.stats.requests.length - before).toBe(2 + STALE_PAGES);
      expect(saved).toHaveLength(2 + STALE_PAGES);
    } finally {
      h.dispose();
    }
  });
});

describe('a legal server that keeps the cursor on an empty page', () => {
  it('is not taken for a stuck feed: the stream ends as drained', async () => {
    let n = 0;
    const page = (items: number): QueryPage => ({
      filterId: 'flt_x',
      state: 'ready',
      results: Array.from({ length: items }, (_, i) => ({ event: 'created' as const, version: 1, billed: true, object: { id: 1 + i } })),
      nextCursor: 'c1',
      total: null,
      charges: { created: items, updated: 0, free: 0, periodTotal: null, balanceExhausted: false, stated: true },
      requestId: `req_${n}`,
      cursorExpired: false,
    });
    // Items then the same cursor with nothing: "always replace the stored one, also when results is empty".
    const scripted: QueryPort = { query: async () => page(n++ === 0 ? 2 : 0) };
    const cursors = new Map<string, string>();
    const memory: FeedSink = { getCursor: () => cursors.get('c') ?? null, savePage: (p) => void cursors.set('c', p.cursor) };
    const out = await syncSavedSearch(scripted, memory, { filterId: 'flt_x', feeds: ['tender'], streams: ['created'] });
    expect(out.stoppedBy).toBe('done');
    expect(out.items).toBe(2);
  });
});

/** A scripted QUERY page of the reference's shape: tenders `ids` (version 1), `next` its cursor. */
function envelope(ids: readonly number[], next: string, o: { total?: number | null; billed?: boolean; n?: number } = {}): Record<string, unknown> {
  const billed = o.billed ?? false;
  return {
    filter_id: 'flt_hostile',
    state: 'ready',
    results: ids.map((id) => ({ event: 'created', version: 1, billed, tender: { id, etp_id: `etp-${id}`, name: `Закупка ${id}` } })),
    next_cursor: next,
    ...(o.total === undefined ? {} : { total: o.total }),
    billed: { created: billed ? ids.length : 0, updated: 0, free: billed ? 0 : ids.length, period_total: 0, balance_exhausted: false },
    request_id: `req_${o.n ?? 0}`,
  };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Past this many QUERYs a scripted server refuses (`test_guard`): a test without the fix fails instead of looping. */
const GUARD = 60;

describe('a feed that never ends, whatever its cursors say', () => {
  let feed: HostileServer | null = null;
  afterEach(async () => {
    await feed?.close();
    feed = null;
  });

  /** The engine over the real client and a real cache against a scripted feed; `answer(n, cursor)` is the n-th page (1-based). */
  async function syncAgainst(answer: (n: number, cursor: string | undefined) => Record<string, unknown>) {
    let n = 0;
    feed = await startHostile((_req: IncomingMessage, res: ServerResponse, body: string) => {
      n += 1;
      if (n > GUARD) return sendJson(res, 400, { error: { code: 'test_guard', message: 'the test stopped a run that did not stop' } });
      sendJson(res, 200, answer(n, (JSON.parse(body) as { cursor?: string }).cursor));
    });
    const h = makeHarness({ ...sb, baseUrl: `${feed.origin}/api/v2` }, token);
    const e = await syncSavedSearch(port(h), sink(h), { filterId: 'flt_hostile', feeds: ['tender'], streams: ['created'] }).then(
      () => null,
      (err: unknown) => err,
    );
    return { h, e: e as ApiError | null, requests: () => n };
  }

  it('a cursor alternating A/B over the same page stops with no_progress after a bounded number of pages, keeping what was paid', async () => {
    // 101 tenders; the first page delivers (and charges) 100, then A and B answer that same page for ever.
    const { h, e, requests } = await syncAgainst((n, cursor) =>
      envelope(range(1, 100), cursor === 'cur_A' ? 'cur_B' : 'cur_A', { total: 101, billed: n === 1, n }),
    );
    try {
      expect(e).toBeInstanceOf(ApiError);
      expect(e!.code).toBe('no_progress');
      expect(e!.userMessage).toMatch(/ту же страницу ленты «закупки, новые».*синхронизация остановлена/);
      expect(requests()).toBe(1 + STALE_PAGES);
      // What was paid is kept: the 100 versions, their charged deliveries, the cursor of the last page stored.
      expect([...versionStore(h.cache).allVersions()]).toHaveLength(100);
      const stats = cacheStats(h.cache);
      expect(stats.deliveries.billed).toBe(100);
      // The repeats a run stores are bounded (70,001 delivery rows for 101 tenders).
      expect(stats.deliveries.total).toBe(100 * (1 + STALE_PAGES));
      expect(sink(h).getCursor('flt_hostile', 'tender', 'created')).toMatch(/^cur_[AB]$/);
    } finally {
      h.dispose();
    }
  });

  it('a fresh cursor on every page over items already given stops with no_progress', async () => {
    // Page 2 brings one new tender (101); from then on every page is one of the first two again, each under a new cursor.
    const { h, e, requests } = await syncAgainst((n) => envelope(n % 2 === 1 ? range(1, 100) : range(2, 101), `cur_${n}`, { total: null, billed: n <= 2, n }));
    try {
      expect(e?.code).toBe('no_progress');
      expect(requests()).toBe(2 + STALE_PAGES);
      expect([...versionStore(h.cache).allVersions()]).toHaveLength(101);
    } finally {
      h.dispose();
    }
  });

  it('pages of new tenders beyond the stated total (and its margin) stop with no_progress, naming the total', async () => {
    // Says 150 and never ends: every page 100 tenders never seen. The bound is 150 + max(15, 2 pages) = 350 objects.
    const { h, e, requests } = await syncAgainst((n) => envelope(range(100 * (n - 1) + 1, 100 * n), `cur_${n}`, { total: 150, n }));
    try {
      expect(e?.code).toBe('no_progress');
      expect(e!.userMessage).toMatch(/больше объектов, чем, по его же словам, в ней есть \(150\).*синхронизация остановлена/);
      expect(toIpcError(e, 'en').message).toMatch(/more of the feed “tenders, new” than the 150 it says it holds/);
      expect(requests()).toBe(4);
      expect([...versionStore(h.cache).allVersions()]).toHaveLength(400);
    } finally {
      h.dispose();
    }
  });
});

describe('what a legal server may repeat is forgiven only so far', () => {
  const scriptedPage = (ids: number[], o: { expired?: boolean; version?: number; event?: 'created' | 'updated'; total?: number | null } = {}): QueryPage => ({
    filterId: 'flt_x',
    state: 'ready',
    results: ids.map((id) => ({ event: o.event ?? ('created' as const), version: o.version ?? 1, billed: false, object: { id } })),
    nextCursor: `c${Math.random()}`,
    total: o.total ?? null,
    charges: { created: 0, updated: 0, free: ids.length, periodTotal: null, balanceExhausted: false, stated: true },
    requestId: null,
    cursorExpired: o.expired ?? false,
  });
  const memory = (): FeedSink => {
    const cursors = new Map<string, string>();
    return { getCursor: () => cursors.get('c') ?? null, savePage: (p) => void cursors.set('c', p.cursor) };
  };

  it('a server answering every page as a 409 rebuild of the same items is stopped once the forgiven rebuilds are spent', async () => {
    let n = 0;
    const storm: QueryPort = { query: async () => (n++ < GUARD ? scriptedPage(range(1, 5), { expired: true }) : Promise.reject(new Error('not stopped'))) };
    const e = await syncSavedSearch(storm, memory(), { filterId: 'flt_x', feeds: ['tender'], streams: ['created'], pageSize: 5 }).then(
      () => null,
      (err: unknown) => err as ApiError,
    );
    expect(e?.code).toBe('no_progress');
    expect(n).toBe(FORGIVEN_REBUILDS + STALE_PAGES);
  });

  it('the updated stream may bring several versions of an object, not new versions for ever: bounded by the total too', async () => {
    // Ten objects, each page a new version of all ten: new id+versions every page, never more objects than stated.
    let n = 0;
    const versions: QueryPort = { query: async () => (n++ < 10 * GUARD ? scriptedPage(range(1, 10), { version: n, event: 'updated', total: 10 }) : Promise.reject(new Error('not stopped'))) };
    const e = await syncSavedSearch(versions, memory(), { filterId: 'flt_x', feeds: ['tender'], streams: ['updated'], pageSize: 10 }).then(
      () => null,
      (err: unknown) => err as ApiError,
    );
    expect(e?.code).toBe('no_progress');
    // (10 + a margin of two pages) objects × UPDATES_PER_OBJECT versions each, then the page that passed it.
    expect(n).toBe(((10 + 20) * UPDATES_PER_OBJECT) / 10 + 1);
  });
});

describe('what a legal server repeats is not taken for no progress', () => {
  it('a partial snapshot stating a total it has outgrown is read to the end: only a ready page’s total bounds the run', async () => {
    let n = 0;
    const growing: QueryPort = {
      query: async () => {
        n += 1;
        const ids = n <= 6 ? range(100 * (n - 1) + 1, 100 * n) : [];
        return {
          filterId: 'flt_x',
          state: n <= 6 ? ('partial' as const) : ('ready' as const),
          results: ids.map((id) => ({ event: 'created' as const, version: 1, billed: false, object: { id } })),
          nextCursor: `c${n}`,
          total: n <= 6 ? 10 : 600,
          charges: { created: 0, updated: 0, free: ids.length, periodTotal: null, balanceExhausted: false, stated: true },
          requestId: null,
          cursorExpired: false,
        };
      },
    };
    const cursors = new Map<string, string>();
    const memory: FeedSink = { getCursor: () => cursors.get('c') ?? null, savePage: (p) => void cursors.set('c', p.cursor) };
    const out = await syncSavedSearch(growing, memory, { filterId: 'flt_x', feeds: ['tender'], streams: ['created'] });
    expect(out.stoppedBy).toBe('done');
    expect(out.items).toBe(600);
  });

  it('a 409 rebuild that starts the feed again, repeating every page the run had, is read to the end', async () => {
    const pages: QueryPage[] = [];
    const page = (ids: number[], o: { expired?: boolean; last?: boolean } = {}): QueryPage => ({
      filterId: 'flt_x',
      state: 'ready',
      results: ids.map((id) => ({ event: 'created' as const, version: 1, billed: !o.expired, object: { id } })),
      nextCursor: `c${pages.length + 1}`,
      total: 25,
      charges: { created: o.expired ? 0 : ids.length, updated: 0, free: o.expired ? ids.length : 0, periodTotal: null, balanceExhausted: false, stated: true },
      requestId: null,
      cursorExpired: o.expired ?? false,
    });
    // Four pages, then the feed is rebuilt: the 409 slice and the pages after it give those 20 tenders again, then 5 more.
    pages.push(page(range(1, 5)), page(range(6, 10)), page(range(11, 15)), page(range(16, 20)));
    pages.push(page(range(1, 5), { expired: true }), page(range(6, 10)), page(range(11, 15)), page(range(16, 20)), page(range(21, 25)), page([]));
    let n = 0;
    const scripted: QueryPort = { query: async () => pages[Math.min(n++, pages.length - 1)]! };
    const cursors = new Map<string, string>();
    const memory: FeedSink = { getCursor: () => cursors.get('c') ?? null, savePage: (p) => void cursors.set('c', p.cursor) };
    const out = await syncSavedSearch(scripted, memory, { filterId: 'flt_x', feeds: ['tender'], streams: ['created'], pageSize: 5 });
    expect(out.stoppedBy).toBe('done');
    expect(out.items).toBe(45);
    expect(n).toBe(pages.length);
  });
});
