/**
 * Collections read from a server that keeps to the reference's letter and no more: it
 * reads `starting_after` as an id taken from the collection, so `starting_after=0` (or any id it does not
 * have) answers an empty page; its pages are shorter than `limit`; `next_cursor` is an integer on some
 * pages, a numeric string on others and absent on the rest; the last page has no `has_more` at all. The
 * mirrors must fetch every row, and the audit over them must see the charges.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { auditCache, pullForAudit } from '../../src-main/audit/auditCache';
import { chargeLog } from '../../src-main/cache/chargeLog';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { listStore } from '../../src-main/cache/listStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { nextStart, integerCursor } from '../../src-main/sync/collection';
import { mirrorLedger, mirrorListMembers, mirrorLists } from '../../src-main/sync/mirrors';
import { tempCache, tender } from '../cache/helpers';

type Item = Record<string, unknown>;
type Collection = { items: Item[]; key: string; pageSize: number; cursor: (page: number, lastKey: unknown) => unknown; extra?: Item };

/** What the server holds per path; every request is logged with its query. */
let collections: Record<string, Collection>;
let requests: { path: string; query: Record<string, string> }[];
/** A server that never advances: answers the same page with the same cursor forever. */
let stuck = false;
let server: Server;
let baseUrl: string;

function answer(req: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname.replace(/^\/api\/v2/, '');
  const query = Object.fromEntries(url.searchParams);
  requests.push({ path, query });
  if (path === '/balance') return { status: 200, body: { balance: { tenders: 90, contracts: 10 } } };
  const c = collections[path];
  if (!c) return { status: 404, body: { error: { code: 'not_found', message: path } } };
  const after = url.searchParams.get('starting_after');
  let from = 0;
  if (after !== null) {
    const at = c.items.findIndex((i) => String(i[c.key] ?? i) === after);
    // An id the collection does not have (0 among them): nothing comes after it.
    if (at < 0) return { status: 200, body: { ...c.extra, data: [], has_more: false } };
    from = at + 1;
  }
  if (stuck) from = 0;
  const data = c.items.slice(from, from + c.pageSize);
  const more = from + c.pageSize < c.items.length;
  const pageNo = Math.floor(from / c.pageSize);
  const last = data[data.length - 1];
  const body: Item = { ...c.extra, data: c.key ? data : data.map(Number) };
  if (more) body.has_more = true; // the last page says nothing about more
  const cursor = more || stuck ? c.cursor(pageNo, last && c.key ? last[c.key] : last) : undefined;
  if (cursor !== undefined) body.next_cursor = cursor;
  if (stuck) body.has_more = true;
  return { status: 200, body };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${String(requests.length).padStart(20, '0')}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const LEDGER_IDS = [3, 8, 9, 15, 16, 23, 42];
const ledgerRow = (id: number) => ({ id, balance_type: 'tenders', amount: 1, object_id: 1000 + id, version: 1, request_id: `req_feed${id < 16 ? 1 : 2}` });

beforeEach(() => {
  stuck = false;
  requests = [];
  collections = {
    '/balance/ledger': {
      items: LEDGER_IDS.map(ledgerRow),
      key: 'id',
      pageSize: 3,
      // Page 0: an integer cursor; page 1: none (continue after the last row); later: a numeric string.
      cursor: (page, last) => (page === 0 ? last : page === 1 ? undefined : String(last)),
    },
  };
});

const client = () => new ApiClient({ baseUrl, token: () => 'tenderwb_live_test', limiter: new RateLimiter({ perMinute: 10_000 }), sleep: async () => {} });
const ledgerRequests = () => requests.filter((r) => r.path === '/balance/ledger').map((r) => r.query);

describe('collections on a server that reads starting_after as an id of the collection', () => {
  it('the ledger: the first request carries no starting_after, every row arrives, later pulls continue after the newest row', async () => {
    const cache = tempCache();
    expect(await mirrorLedger(client(), cache)).toBe(LEDGER_IDS.length);
    expect([...ledgerStore(cache).rows()].map((r) => r.id)).toEqual(LEDGER_IDS);
    expect(ledgerRequests()).toEqual([{ limit: '100' }, { limit: '100', starting_after: '9' }, { limit: '100', starting_after: '23' }]);

    collections['/balance/ledger']!.items.push(ledgerRow(50), ledgerRow(51));
    requests = [];
    expect(await mirrorLedger(client(), cache)).toBe(2);
    expect(ledgerRequests()[0]).toEqual({ limit: '100', starting_after: '42' });
    expect(ledgerStore(cache).count()).toBe(LEDGER_IDS.length + 2);
  });

  it('a server whose cursor does not advance is read once per distinct cursor, not forever', async () => {
    stuck = true;
    collections['/balance/ledger']!.cursor = () => 3;
    const cache = tempCache();
    await mirrorLedger(client(), cache);
    expect(ledgerRequests()).toEqual([{ limit: '100' }, { limit: '100', starting_after: '3' }]);
    expect(ledgerStore(cache).count()).toBe(3);
  });

  it('the audit over that server sees the charges: matched rows, and none missing', async () => {
    const cache = tempCache();
    versionStore(cache).record(
      { via: 'feed', requestId: 'req_feed1', receivedAt: '2026-08-01T10:00:00Z' },
      LEDGER_IDS.map((id) => ({ kind: 'tender' as const, id: 1000 + id, version: 1, billed: true, event: 'created' as const, object: tender(1000 + id, 1) })),
    );
    const log = chargeLog(cache);
    const at = '2026-08-01T10:00:00Z';
    log.add({ requestId: 'req_feed1', via: 'feed', balanceType: 'tenders', filterId: 'flt_a', charged: 4, stated: true, periodTotal: 4, receivedAt: at });
    log.add({ requestId: 'req_feed2', via: 'feed', balanceType: 'tenders', filterId: 'flt_a', charged: 3, stated: true, periodTotal: 7, receivedAt: at });
    const c = client();
    const v = await auditCache(cache, () => pullForAudit(c, cache));
    expect(v).toMatchObject({ ok: true, vacuous: false, rows: 7, matched: 7, missingByRequest: [], missingByBalance: [], overLedger: [], ledgerPulled: true });
    // The balance came without usage_today: it is mirrored as 0 and does not fail the audit.
    expect(ledgerStore(cache).getBalance()).toMatchObject({ balance: { tenders: 90, contracts: 10 }, usageToday: { tenders: 0, contracts: 0 }, lastUpdated: null });

    // One more charge seen than the server lists: missing, per request and per balance.
    log.add({ requestId: 'req_feed3', via: 'card', balanceType: 'tenders', filterId: null, charged: 1, stated: true, periodTotal: null, receivedAt: at });
    const short = await auditCache(cache, () => pullForAudit(c, cache));
    expect(short.ok).toBe(false);
    expect(short.missingByRequest).toEqual([{ requestId: 'req_feed3', balanceType: 'tenders', via: 'card', said: 1, inLedger: 0, stated: true }]);
    expect(short.missingByBalance).toEqual([{ balanceType: 'tenders', seen: 8, inLedger: 7 }]);
  });

  it('GET /lists and a list detail: no starting_after first, then the cursor or the last id', async () => {
    collections['/lists'] = {
      items: ['lst_a', 'lst_b', 'lst_c', 'lst_d', 'lst_e'].map((id, i) => ({ list_id: id, name: `Список ${i}` })),
      key: 'list_id',
      pageSize: 2,
      cursor: (page, last) => (page === 0 ? last : undefined),
    };
    collections['/lists/lst_b'] = {
      items: [5, 7, 11, 12, 30, 31, 90] as unknown as Item[],
      key: '',
      pageSize: 3,
      cursor: (page, last) => (page === 0 ? undefined : Number(last)),
      extra: { list_id: 'lst_b', name: 'Список 1' },
    };
    const cache = tempCache();
    await mirrorLists(client(), cache);
    expect(listStore(cache).lists().map((l) => l.listId)).toEqual(['lst_a', 'lst_b', 'lst_c', 'lst_d', 'lst_e']);
    await mirrorListMembers(client(), cache, 'lst_b');
    expect(listStore(cache).items('lst_b').map((m) => m.tenderId)).toEqual([5, 7, 11, 12, 30, 31, 90]);
    expect(requests.map((r) => [r.path, r.query.starting_after])).toEqual([
      ['/lists', undefined],
      ['/lists', 'lst_b'],
      ['/lists', 'lst_d'],
      ['/lists/lst_b', undefined],
      ['/lists/lst_b', '11'],
      ['/lists/lst_b', '31'],
    ]);
  });
});

describe('nextStart', () => {
  const reading = { keyOf: (r: { id: number }) => r.id, cursorOf: integerCursor };
  it('stops on has_more not true, an empty page, or a start used before; prefers a usable cursor to the last id', () => {
    const none = new Set<string>();
    expect(nextStart({ data: [{ id: 1 }] }, reading, none)).toBeNull();
    expect(nextStart({ data: [{ id: 1 }], has_more: false, next_cursor: 9 }, reading, none)).toBeNull();
    expect(nextStart({ data: [], has_more: true, next_cursor: 9 }, reading, none)).toBeNull();
    expect(nextStart({ data: [{ id: 1 }, { id: 4 }], has_more: true, next_cursor: 9 }, reading, none)).toBe(9);
    expect(nextStart({ data: [{ id: 1 }, { id: 4 }], has_more: true, next_cursor: null }, reading, none)).toBe(4);
    expect(nextStart({ data: [{ id: 1 }, { id: 4 }], has_more: true, next_cursor: 'cur_opaque' }, reading, none)).toBe(4);
    expect(nextStart({ data: [{ id: 1 }, { id: 4 }], has_more: true, next_cursor: '9' }, reading, new Set(['9']))).toBeNull();
  });
});
