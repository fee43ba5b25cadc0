/**
 * Answers the sandbox never gives, from a scripted local server: bodies that fail the schemas, bodies that
 * are not JSON, errors without a JSON body, a newer service with extra fields. The client must turn each
 * into a page or an ApiError that keeps the request_id (from the body or the X-Request-Id header).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import type { ClientEvent } from '../../src-main/api/types';
import { apiErrorOf } from './helpers';

type Scripted = { status: number; body: string; headers?: Record<string, string> };
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let baseUrl = '';
let script: Scripted[] = [];
let seen: Seen[] = [];
const TOKEN = 'tenderwb_live_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Scripted => ({ status, body: JSON.stringify(body), headers });
const envelope = (extra: Record<string, unknown> = {}) => ({
  filter_id: 'flt_aaaaaaaaaaaaaaaaaaaaaaaa',
  state: 'ready',
  applied: { events: ['created'] },
  results: [{ event: 'created', version: 1, billed: true, tender: { id: 5, version: 1, etp_id: 'E5' } }],
  next_cursor: 'cur_a.b',
  billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false },
  expires_at: '2026-11-22T10:15:00+03:00',
  ...extra,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = script.shift() ?? json(500, { error: { code: 'internal_error', message: 'script exhausted' } });
      res.writeHead(next.status, { 'content-type': 'application/json', 'x-request-id': `req_${String(seen.length).padStart(20, '0')}`, ...next.headers });
      res.end(next.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  seen = [];
});

function client(events: ClientEvent[] = [], extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
  return new ApiClient({
    baseUrl,
    token: async () => TOKEN,
    limiter: new RateLimiter({ perMinute: 10_000 }),
    sleep: async () => {},
    onEvent: (e) => events.push(e),
    ...extra,
  });
}

describe('ApiClient with answers the sandbox never gives', () => {
  it('a newer service: unknown fields in the envelope, items and objects reach the caller untouched', async () => {
    script = [json(200, envelope({ ranking: 'v2', results: [{ event: 'created', version: 1, billed: true, score: 0.9, tender: { id: 5, version: 1, okpd2_v3: ['x'] } }] }))];
    const page = await client().queryTenders({ ids: [5] });
    expect(page.raw.ranking).toBe('v2');
    expect(page.raw.results[0]!.score).toBe(0.9);
    expect(page.results[0]!.object.okpd2_v3).toEqual(['x']);
    expect(page.total).toBeUndefined();
    expect(page.requestId).toBe('req_00000000000000000001'); // no request_id in the body: the header's
    expect(seen[0]!.url).toBe('/api/v2/tenders/query'); // the trailing slash of baseUrl is not doubled
  });

  it('a 200 that fails the schema is bad_response, not retried, with the request_id of the header', async () => {
    script = [json(200, envelope({ results: [{ event: 'created', version: 1, billed: true, tender: { id: 'five', version: 1 } }] }))];
    const e = await apiErrorOf(client().queryTenders({ ids: [5] }));
    expect(e.code).toBe('bad_response');
    expect(e.retryable).toBe(false);
    expect(e.requestId).toBe('req_00000000000000000001');
    expect(e.message).toContain('results[0]: the tender has no integer id');
    expect(seen).toHaveLength(1);
  });

  it('a 200 whose body is not JSON is retried; when it stays broken the error is retryable bad_response', async () => {
    const events: ClientEvent[] = [];
    script = [{ status: 200, body: '{"filter_id":' }, json(200, envelope())];
    expect((await client(events).queryTenders({ ids: [5] })).filterId).toBe('flt_aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(events.map((e) => e.type === 'retry' && e.reason)).toEqual(['bad_json']);

    script = [{ status: 200, body: 'garbage' }, { status: 200, body: '' }];
    const e = await apiErrorOf(client([], { maxAttempts: 2 }).balance());
    expect(e.code).toBe('bad_response');
    expect(e.retryable).toBe(true);
    expect(e.requestId).toMatch(/^req_/);
  });

  it('a 503 from a proxy (HTML, Retry-After) is retried no sooner than Retry-After', async () => {
    const events: ClientEvent[] = [];
    script = [{ status: 503, body: '<html>busy</html>', headers: { 'content-type': 'text/html', 'retry-after': '2' } }, json(200, { success: true, message: 'ok' })];
    await client(events).revokeToken(3, 'key-1');
    const retry = events[0]!;
    expect(retry.type === 'retry' && [retry.reason, retry.delayMs >= 2000]).toEqual(['http_503', true]);
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect(seen[0]!.method).toBe('DELETE');
  });

  it('4xx without a JSON body gets a code from its status and keeps the header request_id', async () => {
    script = [{ status: 401, body: 'Unauthorized', headers: { 'content-type': 'text/plain' } }];
    const e = await apiErrorOf(client().balance());
    expect([e.code, e.status, e.requestId]).toEqual(['unauthorized', 401, 'req_00000000000000000001']);
  });

  it('a 409 that is not cursor_expired is an error (api_key_limit_reached), even on a QUERY route it would be', async () => {
    script = [json(409, { error: { code: 'api_key_limit_reached', message: 'm', request_id: 'req_body' } })];
    const e = await apiErrorOf(client().createToken('t', 'k'));
    expect([e.code, e.status, e.requestId, e.retryable]).toEqual(['api_key_limit_reached', 409, 'req_body', false]);
  });

  it('a 202 outside QUERY is not understood: bad_response', async () => {
    script = [json(202, { state: 'preparing', retry_after: 1 })];
    expect((await apiErrorOf(client().balance())).code).toBe('bad_response');
  });

  it('429 without Retry-After waits a whole minute; with one, its seconds', async () => {
    const waits: number[] = [];
    script = [json(429, { error: { code: 'rate_limit_exceeded', message: 'm' } }), json(429, { error: { code: 'rate_limit_exceeded', message: 'm' } }, { 'retry-after': '7' }), json(200, { balance: { tenders: 1, contracts: 1 }, usage_today: { tenders: 0, contracts: 0 }, last_updated: 'x' })];
    let offset = 0;
    const limiter = new RateLimiter({ perMinute: 100, now: () => Date.now() + offset });
    const c = client([], { limiter, sleep: async (ms) => void (waits.push(ms), (offset += ms)) });
    expect((await c.balance()).balance.tenders).toBe(1);
    expect(waits).toEqual([60_000, 7000]);
  });

  it('a 429 asking for longer than maxRateLimitWaitMs (token issuing: up to an hour) is thrown at once, retryable', async () => {
    const waits: number[] = [];
    script = [json(429, { error: { code: 'rate_limit_exceeded', message: 'm', request_id: 'req_429' } }, { 'retry-after': '3600' })];
    const e = await apiErrorOf(client([], { sleep: async (ms) => void waits.push(ms) }).createToken('t', 'k'));
    expect([e.code, e.status, e.retryable, e.retryAfterMs, e.requestId]).toEqual(['rate_limit_exceeded', 429, true, 3_600_000, 'req_429']);
    expect(e.userMessage).toMatch(/подождите 60 мин/);
    expect(waits).toEqual([]);
  });

  it('login sends no Authorization, passes its parameters in the query, and keeps the password out of errors', async () => {
    script = [json(200, { id: 0, name: 'cli', token: 'tenderwb_live_secret', created_at: 'x' }), json(401, { error: { code: 'unauthorized', message: 'Wrong login or password s3cr3t-pass.' } })];
    const c = client();
    expect((await c.login('demo', 'p@ss word', 'cli')).id).toBe(0);
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.url).toBe('/api/v2/auth/login?login=demo&password=p%40ss+word&token_name=cli');
    const e = await apiErrorOf(c.login('demo', 's3cr3t-pass', 'cli'));
    expect(e.message).not.toContain('s3cr3t-pass');
    expect(e.code).toBe('unauthorized');
  });

  it('QUERY bodies are sent as the caller wrote them and cards get their query parameters', async () => {
    script = [json(200, envelope()), json(200, { id: 5, version: 1, positions: [], positions_total: 0 })];
    const c = client();
    await c.queryTenders({ list_id: 'lst_1', limit: 10, events: ['created', 'updated'] });
    await c.tenderCard('E-5/1', { idType: 'external', positionsPage: 2, positionsLimit: 50 });
    expect(seen[0]!.body).toBe('{"list_id":"lst_1","limit":10,"events":["created","updated"]}');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(seen[1]!.url).toBe('/api/v2/tenders/E-5%2F1?id_type=external&positions_page=2&positions_limit=50');
    expect(seen.every((s) => s.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });
});
