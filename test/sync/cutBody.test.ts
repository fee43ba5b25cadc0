/**
 * An unbounded body, in a sync: a page whose answer overflows the body cap (or never ends) fails the run
 * with a retryable error, nothing of it is stored and the cursor stays on the last whole page; a rerun against
 * a healthy server continues from there and ends with every item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { ApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { FeedSink, StoredPage } from '../../src-main/sync/ports';
import { flood, forward, startHostile, type HostileServer } from '../hostile/server';
import { ctl, login, start, type Sandbox } from '../sandbox/helpers';
import { makeHarness, port, sink } from './harness';

let sb: Sandbox;
let proxy: HostileServer;
let token: string;
/** While set, the next QUERY with a cursor is answered with a body that never ends. */
let hostile = false;

beforeAll(async () => {
  sb = await start();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  token = await login(sb, 'demo');
  proxy = await startHostile(async (req, res, body, stats) => {
    if (hostile && body.includes('"cursor"')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results":[');
      return flood(res, stats, Infinity);
    }
    const answer = await forward(sb.origin, req, body);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.text);
  });
});

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
});

describe('a page cut at the body cap', () => {
  it('is not stored, the cursor stays, and a rerun completes the feed', async () => {
    const h = makeHarness({ ...sb, baseUrl: `${proxy.origin}/api/v2` }, token);
    try {
      const client = new ApiClient({
        baseUrl: `${proxy.origin}/api/v2`,
        token: () => token,
        limiter: new RateLimiter({ perMinute: 1_000_000 }),
        sleep: async () => undefined,
        maxBodyBytes: 512 * 1024,
      });
      const first = await client.queryTenders({ keywords: ['поставка'], events: ['created'], limit: 3 });
      const real = sink(h);
      const saved: StoredPage[] = [];
      const watching: FeedSink = { ...real, getCursor: real.getCursor.bind(real), savePage: (p) => (saved.push(p), real.savePage(p)) };
      const req = { filterId: first.filterId, feeds: ['tender' as const], streams: ['created' as const], pageSize: 3 };

      hostile = true;
      const e = await syncSavedSearch(port({ ...h, client }), watching, req).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).code).toBe('response_too_large');
      expect((e as ApiError).retryable).toBe(true);
      // Only the first page (from filter_id) was whole; its cursor is the one stored.
      expect(saved).toHaveLength(1);
      expect(real.getCursor(first.filterId, 'tender', 'created')).toBe(saved[0]!.cursor);
      await proxy.abandoned(2);

      hostile = false;
      const out = await syncSavedSearch(port({ ...h, client }), watching, req);
      expect(out.stoppedBy).toBe('done');
      const ids = saved.flatMap((p) => p.items.map((i) => i.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(3);
    } finally {
      h.dispose();
    }
  });
});
