/**
 * The earlier client against a server written from document 2 alone, which decides otherwise where the
 * document says "not shown": scripted answers over real HTTP (a local server per test). The client must
 * understand errors by status whatever the body, find the daily-limit reset without Retry-After, read token
 * answers of any plausible shape, walk lists whose paging is not shown without ever looping, and read
 * timestamps by their offset.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyLimitError, EarlierApiClient, type EarlierApiClientOptions } from '../../src-main/api/earlier';
import { moscowIso, nextMoscowMidnightMs, timestampMs } from '../../src-main/api/earlier/limits';
import { walkUnshownPages } from '../../src-main/api/earlier/pages';
import { type ApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { earlierVersion } from '../../src-main/cache/earlier/delivered';
import { earlierAccountStore } from '../../src-main/cache/earlier/accountStore';
import { mirrorEarlierHistory } from '../../src-main/sync/earlierMirrors';
import { apiErrorOf } from '../api/helpers';
import { closeCaches, newCache } from '../earlier-core/helpers';

const SECRET = 'tenderwb_live_' + 'S'.repeat(32);
/** The secret of a token the server issues: another token than the one the request carried (a body never echoes that one). */
const ISSUED = 'tenderwb_live_' + 'N'.repeat(32);
type Handler = (req: IncomingMessage, url: URL) => { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

let server: Server | null = null;
let base = '';
const asked: string[] = [];

/** A client of the scripted server; no waiting between its two attempts. */
const clientOf = (extra: Partial<EarlierApiClientOptions> = {}): EarlierApiClient =>
  new EarlierApiClient({ baseUrl: base, token: () => SECRET, limiter: new RateLimiter({ perMinute: 1_000_000 }), maxAttempts: 2, sleep: async () => {}, ...extra });

async function serve(handler: Handler): Promise<EarlierApiClient> {
  asked.length = 0;
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.pathname.replace(/^\/api\/v2/, '') + url.search);
    req.resume();
    req.on('end', () => {
      const a = handler(req, url);
      const text = a.raw ?? (a.body === undefined ? '' : JSON.stringify(a.body));
      res.writeHead(a.status, { 'content-type': a.raw !== undefined ? 'text/html' : 'application/json', ...(a.headers ?? {}) });
      res.end(text);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return clientOf();
}

afterEach(async () => {
  const s = server;
  server = null;
  if (s) await new Promise((r) => s.close(r));
  closeCaches();
});

const errorOf = async <E extends ApiError = ApiError>(p: Promise<unknown>): Promise<E> => (await apiErrorOf(p)) as E;

describe('errors by HTTP status, whatever the body (section 7: body and codes not shown)', () => {
  it('no body, an HTML page, {"detail"} or a detail list: the status gives the code and a Russian sentence; the token never shows', async () => {
    const answers: Record<string, ReturnType<Handler>> = {
      '/balance': { status: 401 },
      '/favorites': { status: 402, raw: `<html><body>Payment required for ${SECRET}</body></html>` },
      '/filters/1': { status: 403, body: { detail: 'License expired' } },
      '/filters/2': { status: 404, body: 'not here' },
      '/tenders/1/positions': { status: 422, body: { detail: [{ loc: ['query', 'page'], msg: 'must be >= 1' }] } },
      '/filters/3': { status: 409, body: { code: 'filter_locked', message: 'locked' } },
    };
    const client = await serve((_req, url) => answers[url.pathname.replace(/^\/api\/v2/, '')] ?? { status: 500 });
    const cases: [Promise<unknown>, number, string, RegExp][] = [
      [client.balance(), 401, 'unauthorized', /токен API/],
      [client.favorites(), 402, 'balance_exhausted', /Баланс/],
      [client.filter(1), 403, 'license_expired', /^Лицензия/],
      [client.filter(2), 404, 'not_found', /не найден/],
      [client.positions(1), 422, 'unprocessable_entity', /параметры/],
      [client.filter(3), 409, 'filter_locked', /filter_locked/],
    ];
    for (const [p, status, code, sentence] of cases) {
      const e = await errorOf(p);
      expect(e).toMatchObject({ status, code, retryable: false });
      expect(e.userMessage).toMatch(sentence);
      expect(JSON.stringify(e.toJSON())).not.toContain('S'.repeat(32));
    }
    expect((await errorOf(client.positions(1))).message).toContain('must be >= 1');
    expect((await errorOf(client.filter(1))).message).toContain('License expired');
  });

  it('a 5xx with any body is retried, then reported as internal_error', async () => {
    const client = await serve(() => ({ status: 503, raw: 'Service Unavailable' }));
    expect(await errorOf(client.balance())).toMatchObject({ status: 503, code: 'internal_error', retryable: true });
    expect(asked).toHaveLength(2);
  });

  it('section 7: a 429 without Retry-After and without a code is the daily limit, reset at the next 00:00 Moscow time; then charging routes are not sent', async () => {
    const now = Date.parse('2026-11-25T20:30:00Z'); // 23:30 in Moscow
    await serve(() => ({ status: 429, body: { detail: 'Daily limit exceeded' } }));
    const client = clientOf({ now: () => now });
    const e = await errorOf<DailyLimitError>(client.tenders(1));
    expect(e).toBeInstanceOf(DailyLimitError);
    expect(e).toMatchObject({ code: 'daily_limit_exceeded', status: 429, sent: true, resetAt: '2026-11-26T00:00:00+03:00' });
    expect(e.resetAtMs).toBe(nextMoscowMidnightMs(now));
    expect(e.retryAfterMs).toBe(30 * 60_000);
    expect(e.userMessage).toContain('00:00 по Москве');
    expect(await errorOf(client.favoriteUpdates())).toMatchObject({ sent: false });
    expect(asked).toHaveLength(1);
  });
});

describe('token routes (fields not shown)', () => {
  it('finds the secret and the id under other names or a wrapper, keeps unknown fields, never the secret in them; DELETE 204 or 200 both succeed', async () => {
    let n = 0;
    const client = await serve((req, url) => {
      if (req.method === 'POST') return n++ === 0 ? { status: 201, body: { data: { key_id: 'k-5', value: ISSUED, scopes: ['read'] } } } : { status: 200, body: { api_token: ISSUED, token_id: 6 } };
      if (req.method === 'GET') return { status: 200, body: { items: [{ uuid: 'k-5', title: 'ci', issued_at: '2026-11-25T10:00:00+03:00', last4: 'SSSS' }], count: 1 } };
      return url.pathname.endsWith('k-5') ? { status: 204 } : { status: 200, body: { ok: true } };
    });
    const a = await client.createToken('ci');
    expect(a).toMatchObject({ secret: ISSUED, id: 'k-5', problem: null });
    expect(a.fields).toMatchObject({ data: { key_id: 'k-5', scopes: ['read'] } });
    expect(JSON.stringify(a.fields)).not.toContain(ISSUED);
    expect(await client.createToken()).toMatchObject({ secret: ISSUED, id: 6 });
    expect(await client.listTokens()).toEqual([{ id: 'k-5', name: 'ci', created: '2026-11-25T10:00:00+03:00', fields: expect.objectContaining({ last4: 'SSSS' }) }]);
    expect(await client.deleteToken('k-5')).toEqual({ deleted: true, fields: {} });
    expect(await client.deleteToken(6)).toEqual({ deleted: true, fields: { ok: true } });
  });

  it('an answer with no recognisable secret: no throw, the id kept, a clear Russian sentence that quotes nothing of the answer', async () => {
    const client = await serve(() => ({ status: 200, body: { id: 9, name: 'x', preview: 'tenderwb_live_abcd…wxyz' } }));
    const made = await client.createToken('x');
    expect(made.secret).toBeNull();
    expect(made.id).toBe(9);
    expect(made.problem).toMatch(/не найден сам секрет токена/);
    expect(made.problem).toContain('9');
    expect(made.problem).not.toContain('abcd');
  });
});

describe('lists whose paging is not shown (GET /filters, GET /balance/history)', () => {
  const filters = (ids: number[]) => ids.map((id) => ({ id, name: `f${id}`, autosearch: true, rules: { x: 1 } }));

  it('a server that ignores paging: one request, whole, unknown fields kept', async () => {
    const client = await serve(() => ({ status: 200, body: { filters: filters([1, 2, 3]), total: 3, vendor: 'x' } }));
    const list = await client.filters();
    expect(list).toMatchObject({ total: 3, complete: true });
    expect(list.filters.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(list.filters[0]).toMatchObject({ rules: { x: 1 } });
    expect(asked).toHaveLength(1);
  });

  it('a server with its own page size of 2 that honours page but sends no page fields: walked to total', async () => {
    const all = [1, 2, 3, 4, 5];
    const client = await serve((_r, url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { status: 200, body: { filters: filters(all.slice((page - 1) * 2, page * 2)), total: all.length } };
    });
    const list = await client.filters();
    expect(list.filters.map((f) => f.id)).toEqual(all);
    expect(list.complete).toBe(true);
    expect(asked).toHaveLength(3);
  });

  it('a server that ignores page but answers only part: stops at the repeated page and says the list is not whole', async () => {
    const client = await serve(() => ({ status: 200, body: { filters: filters([1, 2]), total: 5 } }));
    const list = await client.filters();
    expect(list).toMatchObject({ total: 5, complete: false });
    expect(list.filters).toHaveLength(2);
    expect(asked).toHaveLength(2);
  });

  it('a server that refuses paging parameters (422): asked once more without them', async () => {
    const client = await serve((_r, url) => (url.search ? { status: 422, body: { detail: 'unknown parameter page' } } : { status: 200, body: { filters: filters([7]), total: 1 } }));
    expect(await client.filters()).toMatchObject({ total: 1, complete: true, filters: [{ id: 7 }] });
    expect(asked).toEqual(['/filters?page=1&page_size=100', '/filters']);
  });

  it('an empty or short page ends the walk, and a server answering new items forever is cut at maxPages', async () => {
    let calls = 0;
    const endless = await walkUnshownPages(async (page) => ({ items: [{ id: (page ?? 0) * 10 + ++calls }], total: 1_000_000 }), (x) => x.id, { maxPages: 7 });
    expect(endless).toMatchObject({ requests: 7, complete: false });
    const empty = await walkUnshownPages(async (page) => ({ items: page === 1 ? [{ id: 1 }] : [], total: 3 }), (x) => x.id);
    expect(empty).toMatchObject({ requests: 2, complete: false });
    const short = await walkUnshownPages(async (page) => ({ items: page === 1 ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }], total: 10 }), (x) => x.id);
    expect(short).toMatchObject({ requests: 2, complete: false, items: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    const byPages = await walkUnshownPages(async (page) => ({ items: [{ id: page ?? 0 }], total: 10, pages: 2 }), (x) => x.id);
    expect(byPages.requests).toBe(2);
  });

  it('history oldest first: the mirror does not stop at what it holds (the order is not shown) and reads it whole', async () => {
    const tx = (id: number) => ({ id, amount: -1, transaction_type: 'debit', balance_type: 'tenders', created_at: '2026-11-25T10:00:00+03:00' });
    let total = 3;
    const client = await serve(() => ({ status: 200, body: { transactions: Array.from({ length: total }, (_, i) => tx(i + 1)), total } }));
    const cache = newCache();
    expect(await mirrorEarlierHistory(client, cache)).toBe(3);
    expect(earlierAccountStore(cache).completeThroughId()).toBe(3);
    total = 5;
    expect(await mirrorEarlierHistory(client, cache)).toBe(2);
    expect(earlierAccountStore(cache).transactionCount()).toBe(5);
  });
});

describe('timestamps "may carry a time zone offset" (2.1)', () => {
  it('the same instant in Z, +03:00, +0300 or without an offset (Moscow time) is one instant and one cache version', () => {
    const forms = ['2026-11-25T07:00:05Z', '2026-11-25T10:00:05+03:00', '2026-11-25T10:00:05+0300', '2026-11-25T10:00:05', '2026-11-25 10:00:05.250+03'];
    const ms = forms.map(timestampMs);
    expect(new Set(ms.map((x) => Math.floor(x! / 1000))).size).toBe(1);
    expect(new Set(forms.map((f) => earlierVersion({ update_date: f }))).size).toBe(1);
    expect(earlierVersion({ update_date: '2026-11-25T10:00:06+03:00' })).toBeGreaterThan(earlierVersion({ update_date: '2026-11-25T07:00:05Z' }));
    expect(timestampMs('2026-11-25T10:00:05-05:00')).toBe(Date.parse('2026-11-25T15:00:05Z'));
    expect(timestampMs('not a date')).toBeNull();
    expect(moscowIso(Date.parse('2026-11-25T21:00:00Z'))).toBe('2026-11-26T00:00:00+03:00');
  });
});
