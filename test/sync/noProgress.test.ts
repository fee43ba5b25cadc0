/**
 * Issue 13, finding 2: a server that keeps answering a non-empty page with the cursor it was sent makes a sync
 * loop forever. The engine stops at the first repeat of the same items under the same cursor, says which feed
 * (both languages) once the repeat is stored like any page; a legal server that keeps the cursor on an empty page is not
 * stopped. Against a hostile proxy in front of the real sandbox, with the real client and cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src-main/api/errors';
import { toIpcError } from '../../src-main/app/errors';
import { syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { FeedSink, QueryPage, QueryPort, StoredPage } from '../../src-main/sync/ports';
import { startHostile, stuckCursorProxy, type HostileServer } from '../hostile/server';
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
      // First page (from filter_id), the page under the stuck cursor, its repeat (stored: it may state a charge).
      expect(proxy.stats.requests.length - before).toBe(3);
      expect(saved).toHaveLength(3);
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
