/**
 * The API client against the real sandbox over HTTP. Every state of reference sections 3, 7 and 8 is provoked
 * through the control surface (`/__sandbox/faults`, `rate-limit`, `rebuild`, `balance`, `clock`) and the
 * client's behaviour is checked from the outside: what it returned or threw, what it waited, what it sent.
 */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { ApiClient, newIdempotencyKey } from '../../src-main/api/client';
import { ApiError, describeApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import type { ClientEvent } from '../../src-main/api/types';
import { REQUEST_ID, apiErrorOf, control, harness, type Harness } from './helpers';

const ALL_STATUS = ['active', 'completed', 'cancelled'] as const;
const QUERY_PATH = '/api/v2/tenders/query';

let sb: RunningSandbox;
let live = '';
let testToken = '';
/** Tender ids of the seed catalogue, in feed order. */
let tenderIds: number[] = [];
const open: Harness[] = [];

const ctl = (name: string, body: unknown = {}) => control(sb.origin, name, body);

async function sessions(): Promise<void> {
  const anon = new ApiClient({ baseUrl: sb.baseUrl, token: () => '' });
  live = (await anon.login('demo', 'demo', 'tests')).token;
  testToken = (await anon.login('demo-test', 'demo', 'tests')).token;
}

function h(token: string | (() => string), overrides: Parameters<typeof harness>[2] = {}): Harness {
  const x = harness(sb.baseUrl, token, overrides);
  open.push(x);
  return x;
}

/** A list of the given tenders, made with the client itself. */
async function listOf(client: ApiClient, ids: number[]): Promise<string> {
  const l = await client.createList({ name: `список ${newIdempotencyKey().slice(0, 8)}` }, newIdempotencyKey());
  if (ids.length) await client.addListItems(l.list_id, ids, newIdempotencyKey());
  return l.list_id;
}

async function rawQuery(token: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await request(sb.baseUrl + '/tenders/query', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.statusCode, json: (await r.body.json()) as Record<string, unknown> };
}

const of = <T extends ClientEvent['type']>(events: ClientEvent[], type: T) =>
  events.filter((e): e is Extract<ClientEvent, { type: T }> => e.type === type);

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 11, tenders: 2000 });
  await ctl('rate-limit', { per_minute: 1_000_000 });
  await sessions();
  const x = h(testToken);
  // Pages may be shorter than `limit` (the strict sandbox caps them): read on by cursor to 100 ids.
  let page = await x.client.queryTenders({ status: [...ALL_STATUS], limit: 100 });
  tenderIds = page.results.map((r) => r.object.id);
  // A partial feed may answer empty pages while it is collected: go on until ready and drained.
  for (let n = 0; tenderIds.length < 100 && n < 600 && !(page.state === 'ready' && page.results.length === 0); n++) {
    if (page.results.length === 0) await new Promise((r) => setTimeout(r, 50));
    page = await x.client.queryTenders({ cursor: page.nextCursor, limit: 100 - tenderIds.length });
    tenderIds.push(...page.results.map((r) => r.object.id));
  }
  expect(tenderIds.length).toBe(100);
});

afterAll(async () => {
  await Promise.all(open.map((x) => x.close()));
  await sb?.close();
});

beforeEach(async () => {
  await ctl('reset');
  await ctl('rate-limit', { per_minute: 1_000_000 });
  await sessions();
});

describe('ApiClient against the sandbox', () => {
  it('section 4: all 17 routes answer through the schemas (Bearer on every call but login)', async () => {
    const x = h(live);
    const c = x.client;
    const created = await c.createToken('ci', newIdempotencyKey());
    expect(created.token).toMatch(/^tenderwb_live_/);
    const tokens = await c.listTokens();
    expect(tokens.tokens.map((t) => t.id)).toContain(created.id);
    expect((await c.revokeToken(created.id, newIdempotencyKey())).success).toBe(true);

    const listId = await listOf(c, tenderIds.slice(0, 3));
    const tenders = await c.queryTenders({ list_id: listId, limit: 2 });
    expect(tenders.results.map((r) => r.object.id)).toEqual(tenderIds.slice(0, 2));
    const contracts = await c.queryContracts({ price: { from: 0 }, limit: 3 });
    expect(contracts.results.length).toBeGreaterThan(0);
    // freshness "may be absent or null" (2.3): our default sandbox always sends it, the strict one never.
    if (sb.strict) expect(contracts.freshness ?? null).toBeNull();
    else expect(contracts.freshness?.last_polled_at).toBeTruthy();
    const contract = contracts.results[0]!.object;
    expect((await c.contractCard(contract.id, { positionsLimit: 2 })).card.id).toBe(contract.id);
    // The registry number is not among the contract fields the reference names: used only when sent.
    if (contract.reestr_number !== undefined) expect((await c.contractCard(String(contract.reestr_number), { idType: 'reestr' })).card.id).toBe(contract.id);
    const { card } = await c.tenderCard(tenderIds[0]!, { positionsPage: 1, positionsLimit: 5 });
    expect(card.id).toBe(tenderIds[0]);
    expect(card.positions!.length).toBeLessThanOrEqual(5);

    expect((await c.lists({ limit: 10 })).data.map((l) => l.list_id)).toContain(listId);
    expect((await c.list(listId, { limit: 2 })).data).toEqual([...tenderIds.slice(0, 3)].sort((a, b) => a - b).slice(0, 2));
    // Removing items and deleting a filter have no response body in the reference: judged by their effect.
    await c.removeListItems(listId, [tenderIds[0]!], newIdempotencyKey());
    expect((await c.list(listId)).data).not.toContain(tenderIds[0]);
    const filters = await c.filters({ limit: 20 });
    expect(filters.data.map((f) => f.filter_id)).toContain(tenders.filterId);
    await c.deleteFilter(tenders.filterId, newIdempotencyKey());
    expect((await c.filters({ limit: 20 })).data.map((f) => f.filter_id)).not.toContain(tenders.filterId);
    const balance = await c.balance();
    expect(balance.balance.tenders).toBe(10_000 - 2); // two feed items; the card of a delivered version is free
    const ledger = await c.ledger({ limit: 100 });
    expect(ledger.data.length).toBeGreaterThan(0);
    expect(ledger.data.every((row) => REQUEST_ID.test(row.request_id ?? ''))).toBe(true);

    const routes = new Set(x.sent.map((s) => `${s.method} ${s.path.split('?')[0]}`));
    expect(routes.size).toBeGreaterThanOrEqual(15);
    for (const s of x.sent) expect(s.headers.authorization).toBe(`Bearer ${live}`);
  });

  it('unknown fields are kept: tender objects and cards carry every field the service sent', async () => {
    const c = h(live).client;
    const listId = await listOf(c, tenderIds.slice(0, 2));
    const page = await c.queryTenders({ list_id: listId, limit: 1 });
    const tender = page.results[0]!.object;
    expect(tender.etp_id).toEqual(expect.any(String));
    expect(tender.name).toEqual(expect.any(String));
    expect(tender.organization).toBeTruthy();
    // The request id comes from the body when the server puts it there, else from X-Request-Id.
    expect(page.requestId).toMatch(REQUEST_ID);
    if (page.raw.request_id !== undefined) expect(page.raw.request_id).toBe(page.requestId);
    const { card, requestId } = await c.tenderCard(tender.id);
    expect(requestId).toMatch(REQUEST_ID);
    expect(card.lots).toBeTruthy();
    expect(card.documents).toBeTruthy();
  });

  it('3 preparing: waits retry_after and repeats the byte-identical body until 200; filter_id equals a direct request', async () => {
    await ctl('faults', { preparing: 3 });
    const x = h(live);
    const body = { keywords: ['поставка', 'Оборудование'], status: [...ALL_STATUS], limit: 5 };
    const page = await x.client.queryTenders(body);
    expect(page.state === 'ready' || page.state === 'partial').toBe(true);
    expect(page.results.length).toBeGreaterThan(0);

    const sent = x.sentTo('POST', QUERY_PATH);
    expect(sent.length).toBeGreaterThanOrEqual(4); // three forced 202 plus the answer
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    expect(sent[0]!.body).toBe(JSON.stringify(body));
    const preparing = of(x.events, 'preparing');
    expect(preparing.length).toBe(sent.length - 1);
    for (const p of preparing) {
      expect(p.retryAfterMs).toBe(1000);
      expect(p.filterId).toBe(page.filterId);
      expect(p.requestId).toMatch(REQUEST_ID);
    }
    expect(of(x.events, 'retry')).toHaveLength(0);
    expect((await ctl('state')).faults).toMatchObject({ preparing: 0 });

    // The same set written differently (key order, case, duplicates) is the same filter (D-Q-1).
    const direct = await rawQuery(live, { limit: 1, status: ['cancelled', 'completed', 'active'], keywords: ['оборудование', 'поставка', 'поставка'] });
    expect(direct.status).toBe(200);
    expect(direct.json.filter_id).toBe(page.filterId);
  });

  it('3 preparing: the total wait is capped; past the cap the error is a clear timeout with the request_id', async () => {
    await ctl('faults', { preparing: 10 });
    const x = h(live, { maxPreparingWaitMs: 2500 });
    const listId = await listOf(x.client, tenderIds.slice(0, 2));
    const e = await apiErrorOf(x.client.queryTenders({ list_id: listId }));
    expect(e.code).toBe('timeout');
    expect(e.status).toBe(202);
    expect(e.retryable).toBe(true);
    expect(e.requestId).toMatch(REQUEST_ID);
    expect(e.message).toMatch(/still preparing/);
    expect(e.userMessage).toMatch(/готовит выборку/);
    expect(of(x.events, 'preparing')).toHaveLength(2);
    expect(x.sentTo('POST', QUERY_PATH)).toHaveLength(3);
  });

  it('3 row 6 / D-Q-11: 409 cursor_expired after a rebuild is returned as a page (cursorExpired) with a fresh slice, free', async () => {
    const c = h(live).client;
    const listId = await listOf(c, tenderIds.slice(0, 5));
    const first = await c.queryTenders({ list_id: listId, limit: 3 });
    expect(first.charges.created).toBe(3);
    await ctl('rebuild', { filter_id: first.filterId });

    const slice = await c.queryTenders({ cursor: first.nextCursor, limit: 3 });
    expect(slice.cursorExpired).toBe(true);
    expect(slice.requestId).toMatch(REQUEST_ID);
    expect(slice.results.map((r) => r.object.id)).toEqual(tenderIds.slice(0, 3));
    expect(slice.results.every((r) => r.billed === false)).toBe(true);
    expect(slice.nextCursor).not.toBe(first.nextCursor);

    const rest = await c.queryTenders({ cursor: slice.nextCursor, limit: 3 });
    expect(rest.cursorExpired).toBe(false);
    expect(rest.results.map((r) => r.object.id)).toEqual(tenderIds.slice(3, 5));
    expect(rest.charges.created).toBe(2);
  });

  it('7 402: a page that can deliver nothing throws balance_exhausted, not retryable, with the request_id', async () => {
    const x = h(live);
    const listId = await listOf(x.client, tenderIds.slice(0, 3));
    await ctl('balance', { login: 'demo', tenders: 0 });
    const e = await apiErrorOf(x.client.queryTenders({ list_id: listId }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('balance_exhausted');
    expect(e.status).toBe(402);
    expect(e.retryable).toBe(false);
    expect(e.requestId).toMatch(REQUEST_ID);
    expect(e.userMessage).toBe('Баланс тендеров исчерпан: пополните его, и синхронизация продолжится с того же места без повторной оплаты.');
    expect(x.sentTo('POST', QUERY_PATH)).toHaveLength(1);
    expect(describeApiError(e)).toContain(e.requestId!);
  });

  it('2.6 rule 7: a cut page is a page (balance_exhausted), then 402, then after top-up the rest without loss or duplicates', async () => {
    const c = h(live).client;
    const listId = await listOf(c, tenderIds.slice(0, 10));
    await ctl('balance', { login: 'demo', tenders: 4 });
    const cut = await c.queryTenders({ list_id: listId, limit: 10 });
    expect(cut.charges.balanceExhausted).toBe(true);
    expect(cut.charges.created).toBe(4);
    expect(cut.results.map((r) => r.object.id)).toEqual(tenderIds.slice(0, 4));
    expect((await apiErrorOf(c.queryTenders({ cursor: cut.nextCursor, limit: 10 }))).code).toBe('balance_exhausted');
    await ctl('balance', { login: 'demo', tenders: 100 });
    const rest = await c.queryTenders({ cursor: cut.nextCursor, limit: 10 });
    expect(rest.charges.balanceExhausted).toBe(false);
    expect(rest.results.map((r) => r.object.id)).toEqual(tenderIds.slice(4, 10));
  });

  it('5xx: 500×3 then success, with bounded full-jitter backoff', async () => {
    await ctl('faults', { http500: 3 });
    const x = h(live, { random: () => 0.999, backoff: { baseMs: 100, maxMs: 250 } });
    const b = await x.client.balance();
    expect(b.balance.tenders).toBe(10_000);
    const retries = of(x.events, 'retry');
    expect(retries.map((r) => r.reason)).toEqual(['http_500', 'http_500', 'http_500']);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(retries.map((r) => r.delayMs)).toEqual([99, 199, 249]);
    expect(retries.every((r) => REQUEST_ID.test(r.requestId ?? ''))).toBe(true);
    expect(x.sentTo('GET', '/api/v2/balance')).toHaveLength(4);
  });

  it('5xx: after maxAttempts the error is retryable and carries the last request_id', async () => {
    await ctl('faults', { http500: 10 });
    const x = h(live, { maxAttempts: 4 });
    const e = await apiErrorOf(x.client.balance());
    expect(e.code).toBe('internal_error');
    expect(e.status).toBe(500);
    expect(e.retryable).toBe(true);
    expect(e.requestId).toMatch(REQUEST_ID);
    const earlier = of(x.events, 'retry').map((r) => r.requestId);
    expect(earlier).toHaveLength(3);
    expect(new Set([...earlier, e.requestId]).size).toBe(4); // the last one, not an earlier one
    expect(x.sentTo('GET', '/api/v2/balance')).toHaveLength(4);
  });

  it('connection reset×3 then success; a QUERY retried after resets is charged once', async () => {
    const x = h(live);
    const listId = await listOf(x.client, tenderIds.slice(0, 5));
    await ctl('faults', { reset: 3 });
    const page = await x.client.queryTenders({ list_id: listId, limit: 5 });
    expect(page.results.map((r) => r.object.id)).toEqual(tenderIds.slice(0, 5));
    expect(page.charges.created).toBe(5);
    expect(of(x.events, 'retry').map((r) => r.reason)).toEqual(['network', 'network', 'network']);
    expect((await x.client.balance()).balance.tenders).toBe(10_000 - 5);
  });

  it('connection reset beyond maxAttempts: ApiError network, retryable, keeping the last request_id seen before', async () => {
    await ctl('faults', { http500: 1 });
    // After the first failure (a 500 with a request_id) every further attempt is dropped.
    const x = h(live, { maxAttempts: 3, onSleep: async (_ms, n) => void (n === 1 && (await ctl('faults', { reset: 10 }))) });
    const e = await apiErrorOf(x.client.balance());
    expect(e.code).toBe('network');
    expect(e.status).toBeNull();
    expect(e.retryable).toBe(true);
    const first = of(x.events, 'retry')[0]!;
    expect(first.reason).toBe('http_500');
    expect(e.requestId).toBe(first.requestId);
    expect(e.userMessage).toMatch(/Нет связи/);
  });

  it('a server that cannot be reached at all gives up after 2 attempts, not the full backoff', async () => {
    // A port nobody listens on: the request never reaches a server, so nothing can have been charged.
    const closed = await startSandbox({ port: 0, seed: 11, tenders: 2000 });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const x = harness(baseUrl, live, {});
    open.push(x);
    const e = await apiErrorOf(x.client.balance());
    expect(e.code).toBe('network');
    expect(e.retryable).toBe(true);
    expect(of(x.events, 'retry').map((r) => r.reason)).toEqual(['unreachable']);
    expect(e.userMessage).toMatch(/Нет связи/);
  });

  it('truncate: a charged page cut in transit is retried; the retry is free (billed false) and nothing is lost', async () => {
    const x = h(live);
    const listId = await listOf(x.client, tenderIds.slice(0, 10));
    await ctl('faults', { truncate: 1 });
    const page = await x.client.queryTenders({ list_id: listId, limit: 4 });
    expect(page.results.map((r) => r.object.id)).toEqual(tenderIds.slice(0, 4));
    expect(page.results.every((r) => r.billed === false)).toBe(true);
    expect(page.charges).toMatchObject({ created: 0, free: 4 });
    expect(of(x.events, 'retry').map((r) => r.reason)).toEqual(['truncated']);
    expect(new Set(x.sentTo('POST', QUERY_PATH).map((s) => s.body)).size).toBe(1);
    expect((await x.client.balance()).balance.tenders).toBe(10_000 - 4);
    const next = await x.client.queryTenders({ cursor: page.nextCursor, limit: 10 });
    expect(next.results.map((r) => r.object.id)).toEqual(tenderIds.slice(4, 10));
    expect(next.charges.created).toBe(6);
  });

  it('timeouts: a slow answer within headersTimeout is awaited; one beyond it is retried as timeout', async () => {
    await ctl('faults', { delay_ms: 150 });
    const slow = h(live, { timeouts: { headersMs: 1500 } });
    expect((await slow.client.balance()).balance.tenders).toBe(10_000);
    expect(slow.events).toHaveLength(0);

    // undici checks its timeouts on a coarse clock (about a second here), so the delays exceed that.
    await ctl('faults', { delay_ms: 2500 });
    const x = h(live, { timeouts: { headersMs: 250 }, onSleep: async (_ms, n) => void (n === 1 && (await ctl('faults', { delay_ms: 0 }))) });
    expect((await x.client.balance()).balance.tenders).toBe(10_000);
    expect(of(x.events, 'retry').map((r) => r.reason)).toEqual(['timeout']);

    await ctl('faults', { delay_ms: 2500 });
    const y = h(live, { timeouts: { headersMs: 250 }, maxAttempts: 2 });
    const e = await apiErrorOf(y.client.balance());
    expect(e.code).toBe('timeout');
    expect(e.retryable).toBe(true);
    await ctl('faults', { delay_ms: 0 });
  });

  it('D-Q-13: a QUERY with wait gets wait + 30 s for its headers, beyond the ordinary timeout', async () => {
    const x = h(live, { timeouts: { headersMs: 300 } });
    const listId = await listOf(x.client, tenderIds.slice(0, 2));
    const all = await x.client.queryTenders({ list_id: listId });
    const t0 = Date.now();
    const empty = await x.client.queryTenders({ cursor: all.nextCursor, wait: 1 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(empty.results).toHaveLength(0);
    expect(x.events).toHaveLength(0);
  });

  it('AbortSignal cancels a QUERY: while the service holds it (wait), while waiting out preparing, and before it starts', async () => {
    const x = h(live);
    const listId = await listOf(x.client, tenderIds.slice(0, 2));
    const all = await x.client.queryTenders({ list_id: listId });

    const held = new AbortController();
    setTimeout(() => held.abort(), 150);
    const e1 = await apiErrorOf(x.client.queryTenders({ cursor: all.nextCursor, wait: 3 }, { signal: held.signal }));
    // Cancelled, not answered: a held read that ran its 3 s would have come back empty without an error.
    expect(e1.code).toBe('cancelled');
    expect(e1.retryable).toBe(false);

    await ctl('faults', { preparing: 5 });
    const realSleep = h(live, { realSleepMs: 60_000 });
    const prep = new AbortController();
    setTimeout(() => prep.abort(), 300);
    const e2 = await apiErrorOf(realSleep.client.queryTenders({ cursor: all.nextCursor }, { signal: prep.signal }));
    expect(e2.code).toBe('cancelled');
    expect(e2.requestId).toMatch(REQUEST_ID); // the 202 it was waiting out (a one-minute sleep: only the abort ends it)
    await ctl('faults', { preparing: 0 });

    const before = x.sent.length;
    const e3 = await apiErrorOf(x.client.queryTenders({ cursor: all.nextCursor }, { signal: AbortSignal.abort() }));
    expect(e3.code).toBe('cancelled');
    expect(x.sent.length).toBe(before);
  });

  it('8 / 429: with the server at 3/min and the limiter set higher, the client waits Retry-After and succeeds', async () => {
    await ctl('rate-limit', { per_minute: 3 });
    let offsetMs = 0;
    const limiter = new RateLimiter({ perMinute: 1000, now: () => Date.now() + offsetMs });
    // The client's waits move both clocks instead of passing real time (the sandbox limiter uses its clock).
    const x = h(live, {
      limiter,
      onSleep: async (ms) => {
        offsetMs += ms;
        await ctl('clock', { advance_s: Math.ceil(ms / 1000) });
      },
    });
    for (let i = 0; i < 4; i++) expect((await x.client.balance()).balance.tenders).toBe(10_000);
    const limited = of(x.events, 'rate_limited');
    expect(limited).toHaveLength(1);
    expect(limited[0]!.retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(limited[0]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(limited[0]!.requestId).toMatch(REQUEST_ID);
    expect(of(x.events, 'retry')).toHaveLength(0); // a 429 is not a failed attempt
    expect(x.sentTo('GET', '/api/v2/balance')).toHaveLength(5);
  });

  it('8 / 429: beyond the generous cap of waits, 429s count as attempts and end in a retryable rate_limit_exceeded', async () => {
    await ctl('rate-limit', { per_minute: 1 });
    let offsetMs = 0;
    const limiter = new RateLimiter({ perMinute: 1000, now: () => Date.now() + offsetMs });
    // Waits pass on the limiter's clock only: the sandbox keeps answering 429.
    const x = h(live, { limiter, maxRateLimitWaits: 2, maxAttempts: 2, onSleep: (ms) => void (offsetMs += ms) });
    await x.client.balance();
    const e = await apiErrorOf(x.client.balance());
    expect(e.code).toBe('rate_limit_exceeded');
    expect(e.status).toBe(429);
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBeGreaterThan(0);
    expect(e.requestId).toMatch(REQUEST_ID);
    expect(e.userMessage).toMatch(/подождите \d+ с/);
    expect(of(x.events, 'rate_limited')).toHaveLength(3);
  });

  it('8: a limiter at the service rate keeps a burst under N/min, so the client never sees 429', async () => {
    await ctl('rate-limit', { per_minute: 5 });
    let offsetMs = 0;
    const limiter = new RateLimiter({
      perMinute: 5,
      now: () => Date.now() + offsetMs,
      sleep: async (ms) => {
        offsetMs += ms;
        await ctl('clock', { advance_s: Math.ceil(ms / 1000) + 1 });
      },
    });
    const x = h(live, { limiter });
    for (let i = 0; i < 12; i++) await x.client.balance();
    expect(of(x.events, 'rate_limited')).toHaveLength(0);
    expect(x.sentTo('GET', '/api/v2/balance')).toHaveLength(12);
    expect(offsetMs).toBeGreaterThanOrEqual(2 * 60_000 - 5000);
  });

  it('D-IDEM-1: createList under truncate and under reset creates exactly one list each; retries reuse the key and the bytes', async () => {
    const x = h(live);
    for (const fault of ['truncate', 'reset', 'http500'] as const) {
      await ctl('faults', { [fault]: 1 });
      const key = newIdempotencyKey();
      const made = await x.client.createList({ name: `после ${fault}`, description: 'проверка', metadata: { fault } }, key);
      expect(made.list_id).toMatch(/^lst_/);
      const attempts = x.sentTo('POST', '/api/v2/lists').filter((s) => s.headers['idempotency-key'] === key);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]!.body).toBe(attempts[1]!.body);
    }
    const lists = await x.client.lists({ limit: 100 });
    for (const fault of ['truncate', 'reset', 'http500']) {
      expect(lists.data.filter((l) => l.name === `после ${fault}`)).toHaveLength(1);
    }
    expect(lists.data).toHaveLength(3);
  });

  it('section 4: mutations refuse to run without an Idempotency-Key (nothing is sent)', async () => {
    const x = h(live);
    await expect(x.client.createList({ name: 'x' }, '')).rejects.toThrow(TypeError);
    await expect(x.client.addListItems('lst_1', [1], '  ')).rejects.toThrow(/Idempotency-Key/);
    await expect(x.client.deleteFilter('flt_x', undefined as unknown as string)).rejects.toThrow(TypeError);
    expect(x.sent).toHaveLength(0);
  });

  it('section 7: every error carries the service code, status and request_id; none of them is retried', async () => {
    const c = h(live);
    const listId = await listOf(c.client, tenderIds.slice(0, 1));
    const cases: [Promise<unknown>, number, string][] = [
      [c.client.tenderCard(999_999_999), 404, 'not_found'],
      [c.client.tenderCard(tenderIds[0]!, { positionsLimit: 101 }), 422, 'unprocessable_entity'],
      [c.client.queryTenders({ list_id: listId, keywords: ['x'] }), 400, 'validation_error'],
      [c.client.queryTenders({ cursor: 'cur_abc.def' }), 400, 'invalid_cursor'],
      [c.client.revokeToken(999_999, newIdempotencyKey()), 404, 'not_found'],
      [h('tenderwb_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').client.balance(), 401, 'unauthorized'],
    ];
    for (const [p, status, code] of cases) {
      const e = await apiErrorOf(p);
      expect([e.status, e.code]).toEqual([status, code]);
      expect(e.requestId).toMatch(REQUEST_ID);
      expect(e.retryable).toBe(false);
      expect(e.userMessage.length).toBeGreaterThan(10);
    }
    const unprocessable = await apiErrorOf(c.client.tenderCard(tenderIds[0]!, { positionsLimit: 101 }));
    expect(unprocessable.details).toEqual([expect.objectContaining({ path: 'positions_limit' })]);
    expect(of(c.events, 'retry')).toHaveLength(0);
  });

  it('section 5: the token never appears in an error, an event or a message, whatever fails', async () => {
    const badToken = 'tenderwb_live_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    const collected: unknown[] = [];
    const x = h(live, { maxAttempts: 2 });
    const bad = h(badToken);
    const listId = await listOf(x.client, tenderIds.slice(0, 2));
    const failing: (() => Promise<unknown>)[] = [
      () => bad.client.balance(),
      async () => {
        await ctl('faults', { http500: 5 });
        return x.client.balance();
      },
      async () => {
        await ctl('faults', { http500: 0, reset: 5 });
        return x.client.queryTenders({ list_id: listId });
      },
      async () => {
        await ctl('faults', { reset: 0 });
        await ctl('balance', { login: 'demo', tenders: 0 });
        return x.client.queryTenders({ list_id: listId });
      },
      () => x.client.queryTenders({ list_id: listId }, { signal: AbortSignal.abort() }),
      () => new ApiClient({ baseUrl: sb.baseUrl, token: () => live, maxAttempts: 1 }).tenderCard(-1),
      () => x.client.login('demo', 'wrong-password-123', 'n'),
    ];
    for (const f of failing) {
      const e = await apiErrorOf(f());
      collected.push(e.message, e.userMessage, e.stack, JSON.stringify(e), describeApiError(e), String(e));
    }
    collected.push(JSON.stringify(x.events), JSON.stringify(bad.events));
    const text = collected.join('\n');
    expect(text).not.toContain(live);
    expect(text).not.toContain(badToken);
    expect(text).not.toContain(live.slice('tenderwb_live_'.length));
    expect(text).not.toContain('wrong-password-123');
    // ...while the token was really sent, as Bearer.
    expect(bad.sent[0]!.headers.authorization).toBe(`Bearer ${badToken}`);
  });
});
