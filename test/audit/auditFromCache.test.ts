/**
 * The audit without a long wait (the app's audit of a 36,000-row ledger waited past 120 s on a
 * rate-limited pull). A pull may be bounded to a number of pages; a complete pull is recorded, and an audit
 * with no pull (offline, or a bounded pull that did not reach the end) is judged against it from the cache,
 * as long as no charge was logged after that pull began.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { auditCache, pullForAudit } from '../../src-main/audit/auditCache';
import { chargeLog } from '../../src-main/cache/chargeLog';
import type { CacheDb } from '../../src-main/cache/database';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { tempCache, tender } from '../cache/helpers';

const IDS = [1, 2, 3, 4, 5, 6, 7];
const PAGE = 3;
let ledgerRequests = 0;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown;
    if (url.pathname.endsWith('/balance')) body = { balance: { tenders: 90, contracts: 10 } };
    else {
      ledgerRequests++;
      const after = Number(url.searchParams.get('starting_after') ?? 0);
      const rest = IDS.filter((id) => id > after);
      const data = rest.slice(0, PAGE).map((id) => ({ id, balance_type: 'tenders', amount: 1, object_id: 1000 + id, version: 1, request_id: 'req_feed1' }));
      body = { data, has_more: rest.length > PAGE, next_cursor: rest.length > PAGE ? data.at(-1)!.id : null };
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_x' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  ledgerRequests = 0;
});

const client = () => new ApiClient({ baseUrl, token: () => 'tenderwb_live_test', limiter: new RateLimiter({ perMinute: 10_000 }), sleep: async () => {} });
const at = '2026-08-01T10:00:00Z';

function deliveredAndCharged(): CacheDb {
  const cache = tempCache();
  versionStore(cache).record(
    { via: 'feed', requestId: 'req_feed1', receivedAt: at },
    IDS.map((id) => ({ kind: 'tender' as const, id: 1000 + id, version: 1, billed: true, event: 'created' as const, object: tender(1000 + id, 1) })),
  );
  chargeLog(cache).add({ requestId: 'req_feed1', via: 'feed', balanceType: 'tenders', filterId: 'flt_a', charged: IDS.length, stated: true, periodTotal: null, receivedAt: at });
  return cache;
}

describe('the audit from the cache', () => {
  it('a bounded pull reads no more pages than allowed, keeps them, and leaves the charges unjudged until a pull reaches the end', async () => {
    const cache = deliveredAndCharged();
    const c = client();
    const bounded = await auditCache(cache, () => pullForAudit(c, cache, undefined, 1));
    expect(ledgerRequests).toBe(1);
    expect(ledgerStore(cache).count()).toBe(PAGE);
    // Not the whole ledger: a charge not in it yet is not called missing.
    expect(bounded).toMatchObject({ rows: PAGE, matched: PAGE, ledgerPulled: false, missingByRequest: [], missingByBalance: [] });

    const next = await auditCache(cache, () => pullForAudit(c, cache, undefined, 1));
    expect(ledgerRequests).toBe(2);
    expect(next).toMatchObject({ rows: 2 * PAGE, ledgerPulled: false });

    const whole = await auditCache(cache, () => pullForAudit(c, cache));
    expect(whole).toMatchObject({ ok: true, rows: IDS.length, ledgerPulled: true });
  });

  it('a pull tells how many rows it has read after each stored page, so a long one can show its progress', async () => {
    const cache = deliveredAndCharged();
    const told: [number, number][] = [];
    await pullForAudit(client(), cache, undefined, undefined, (n) => told.push([n, ledgerStore(cache).count()]));
    // Each figure comes once its page is stored: 3, 6, then the last row.
    expect(told).toEqual([
      [PAGE, PAGE],
      [2 * PAGE, 2 * PAGE],
      [IDS.length, IDS.length],
    ]);
  });

  it('with no pull, the last complete pull judges every charge logged before it, without a request', async () => {
    const cache = deliveredAndCharged();
    await pullForAudit(client(), cache);
    const requests = ledgerRequests;
    const v = await auditCache(cache, null);
    expect(ledgerRequests).toBe(requests);
    expect(v).toMatchObject({ ok: true, rows: IDS.length, matched: IDS.length, ledgerPulled: true, missingByRequest: [] });

    // A charge logged after that pull may not be in the mirror yet: not judged, and not passed as pulled.
    chargeLog(cache).add({ requestId: 'req_card9', via: 'card', balanceType: 'tenders', filterId: null, charged: 1, stated: true, periodTotal: null, receivedAt: at });
    const later = await auditCache(cache, null);
    expect(later).toMatchObject({ ledgerPulled: false, missingByRequest: [], missingByBalance: [] });
    expect(later.seen.tenders).toBe(IDS.length + 1);
  });
});
