/**
 * A feed that never advances, for the earlier generation: a server that ignores `page` answers the same tenders on
 * every page under a total that never ends, so numbered pages would be walked forever. The sync stops at the
 * first page that repeats the one before, naming the filter (both languages), with what it read stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarlierApiClient } from '../../src-main/api/earlier/client';
import { ApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { toIpcError } from '../../src-main/workspace/errors';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { syncEarlierFilter } from '../../src-main/sync/earlierSync';
import { ALL, closeCaches, fresh, newCache, startEarlier } from '../earlier-core/helpers';
import { pageIgnoringProxy, startHostile, type HostileServer } from '../hostile/server';

let sb: RunningSandbox;
let proxy: HostileServer;

beforeAll(async () => {
  sb = await startEarlier(600);
  proxy = await startHostile(pageIgnoringProxy(new URL(sb.earlierBaseUrl).origin));
});

afterAll(async () => {
  closeCaches();
  await proxy?.close();
  await sb?.close();
});

describe('earlier sync of a server that ignores the page number', () => {
  it('stops at the first repeated page, naming the filter', async () => {
    const { live } = await fresh(sb as never);
    const client = new EarlierApiClient({
      baseUrl: `${proxy.origin}${new URL(sb.earlierBaseUrl).pathname}`,
      token: () => live,
      limiter: new RateLimiter({ perMinute: 1_000_000 }),
      sleep: async () => undefined,
    });
    const cache = newCache();
    const e = await syncEarlierFilter(client, cache, { filterId: ALL, pageSize: 10 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    expect(err.code).toBe('no_progress');
    expect(err.userMessage).toMatch(new RegExp(`ту же страницу фильтра ${ALL} «.+».*синхронизация остановлена`));
    expect(toIpcError(err, 'en').message).toMatch(new RegExp(`same page of filter ${ALL} “.+”`));
    // The filter, page 1, page 2 (a repeat of page 1): bounded, not a walk to a total of a million.
    const pages = proxy.stats.requests.filter((r) => /\/tenders\?/.test(r.url));
    expect(pages).toHaveLength(2);
  });
});
