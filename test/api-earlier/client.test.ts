/**
 * The earlier-generation client against the sandbox at /legacy/api/v2: X-API-Token and page numbers,
 * is_new accounting (20 / 0 / 5), the daily limit (429, no hammering, reset at 00:00 Moscow time on the
 * simulated clock), favorites updates, the license, retries and lost answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { EarlierApiClient, DailyLimitError, type EarlierApiClientOptions, type EarlierClientEvent } from '../../src-main/api/earlier';
import { nextMoscowMidnightMs } from '../../src-main/api/earlier/limits';
import { type ApiError, userMessageFor } from '../../src-main/api/errors';
import { RateLimiter, abortableSleep } from '../../src-main/api/rateLimiter';
import { apiErrorOf, control, recordingDispatcher, type Sent } from '../api/helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const ALL = 1;
const ARCHIVE = 5;

let sb: RunningSandbox;
let token: string;
const ctl = (name: string, body: unknown = {}) => control(sb.origin, name, body);

async function login(): Promise<string> {
  const r = await request(`${sb.baseUrl}/auth/login?login=demo&password=demo&token_name=earlier`, { method: 'POST' });
  const body = (await r.body.json()) as { token: string };
  return body.token;
}

type Harness = { client: EarlierApiClient; sent: Sent[]; events: EarlierClientEvent[]; sleeps: number[]; close(): Promise<void> };

function harness(overrides: Partial<EarlierApiClientOptions> = {}): Harness {
  const rec = recordingDispatcher();
  const events: EarlierClientEvent[] = [];
  const sleeps: number[] = [];
  const client = new EarlierApiClient({
    baseUrl: sb.earlierBaseUrl,
    token: () => token,
    limiter: new RateLimiter({ perMinute: 1_000_000 }),
    dispatcher: rec.dispatcher,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      await abortableSleep(Math.min(ms, 5), signal);
    },
    onEvent: (e) => events.push(e),
    ...overrides,
  });
  return { client, sent: rec.sent, events, sleeps, close: rec.close };
}

const errorOf = async <E extends ApiError = ApiError>(p: Promise<unknown>): Promise<E> => (await apiErrorOf(p)) as E;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 7, tenders: 3000 });
});
afterAll(async () => { await sb?.close(); });
beforeEach(async () => {
  await ctl('reset');
  await ctl('rate-limit', { per_minute: 1_000_000 });
  token = await login();
});

describe('earlier client: the wire', () => {
  it('section 5/4: X-API-Token on every request (never Authorization), page numbers in the query', async () => {
    const h = harness();
    const filters = await h.client.filters();
    expect(filters.filters.length).toBeGreaterThan(0);
    await h.client.tenders(ALL, { page: 2, pageSize: 7 });
    await h.client.balance();
    await h.client.balanceHistory({ page: 1, pageSize: 5 });
    await h.client.favorites();
    await h.client.listTokens();
    for (const s of h.sent) {
      expect(s.headers['x-api-token']).toBe(token);
      expect(s.headers.authorization).toBeUndefined();
    }
    const list = h.sent.find((s) => s.path.startsWith('/legacy/api/v2/tenders?'))!;
    expect(new URLSearchParams(list.path.split('?')[1]).toString()).toBe('filter_id=1&page=2&page_size=7');
    await h.close();
  });

  it('every route of the reference has a method, and the answers pass the schemas', async () => {
    const h = harness();
    const { client } = h;
    // Section 4: the secret is shown once, the list has no secrets, a deleted token stops working.
    const made = await client.createToken('клиент');
    expect(made.problem).toBeNull();
    expect(made.secret).toMatch(/^tenderwb_live_/);
    expect(JSON.stringify(made.fields)).not.toContain(made.secret!);
    const listed = await client.listTokens();
    expect(listed.some((t) => t.id === made.id)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(made.secret!);
    expect((await client.deleteToken(made.id!)).deleted).toBe(true);
    const own = harness({ token: () => made.secret! });
    expect(await errorOf(own.client.balance())).toMatchObject({ status: 401, code: 'unauthorized' });
    await own.close();
    const page = await client.tenders(ALL, { pageSize: 3 });
    const id = page.items[0]!.id;
    const detail = await client.tender(id, { positionsPageSize: 5 });
    expect(detail.id).toBe(id);
    expect((await client.positions(id, { pageSize: 5 })).total).toBe(detail.positions_total);
    expect((await client.filter(ALL)).autosearch).toBe(true);
    expect((await client.addFavorite(page.items[0]!.etp_id)).is_favorite).toBe(true);
    expect((await client.favorites()).total).toBe(1);
    expect((await client.favoriteUpdates()).total).toBe(0);
    expect((await client.removeFavorite(page.items[0]!.etp_id)).is_favorite).toBe(false);
    const b = await client.balance();
    expect(b.limits.tenders.limit).toBe(1000);
    expect((await client.balanceHistory()).total).toBeGreaterThan(0);
    await h.close();
  });
});

describe('earlier client: is_new accounting', () => {
  it('1: 20 new tenders cost 20; the same 20 later cost 0; 5 newly appeared cost 5', async () => {
    const h = harness();
    const { client } = h;
    const start = (await client.balance()).balance.tenders;
    const first = await client.tenders(ALL, { pageSize: 20 });
    expect(first.newTendersCount).toBe(20);
    expect(first.items.filter((t) => t.is_new)).toHaveLength(20);
    expect(first.remainingBalance).toBe(start - 20);

    await ctl('clock', { advance_s: 3600 });
    const again = await client.tenders(ALL, { pageSize: 20 });
    expect(again.newTendersCount).toBe(0);
    expect(again.items.some((t) => t.is_new)).toBe(false);
    expect(again.remainingBalance).toBe(start - 20);

    await ctl('tick', { created: 5, updated: 0 });
    const later = await client.tenders(ALL, { pageSize: 20 });
    expect(later.newTendersCount).toBe(5);
    expect(later.items.filter((t) => t.is_new)).toHaveLength(5);
    expect(later.remainingBalance).toBe(start - 25);
    expect((await client.balance()).balance.tenders).toBe(start - 25);
    await h.close();
  });

  it('tenderPages walks page numbers 1..pages; an autosearch-off filter yields one empty page', async () => {
    const h = harness();
    const seen: number[] = [];
    for await (const p of h.client.tenderPages(2, 50)) seen.push(...p.items.map((t) => t.id));
    expect(new Set(seen).size).toBe(seen.length);
    const total = (await h.client.tenders(2, { pageSize: 1 })).total;
    expect(seen).toHaveLength(total);
    const archive = [];
    for await (const p of h.client.tenderPages(ARCHIVE)) archive.push(p);
    expect(archive).toHaveLength(1);
    expect(archive[0]!.items).toEqual([]);
    await h.close();
  });
});

describe('earlier client: daily limit', () => {
  it('7/8: an exhausted daily limit is a DailyLimitError naming the reset at 00:00 Moscow time; not retried; later calls are refused without a request', async () => {
    const h = harness();
    const { client } = h;
    for (let page = 1; page <= 10; page++) expect((await client.tenders(ALL, { page, pageSize: 100 })).newTendersCount).toBe(100);
    const sentBefore = h.sent.length;
    const e = await errorOf<DailyLimitError>(client.tenders(ALL, { page: 11, pageSize: 100 }));
    expect(e).toBeInstanceOf(DailyLimitError);
    expect(e).toMatchObject({ code: 'daily_limit_exceeded', status: 429, retryable: true, sent: true, entityType: 'tender', limit: 1000 });
    // Section 7 promises no error body: the limit is known by the status alone, whatever the server sends.
    expect(e.resetAt).toMatch(/T00:00:00\+03:00$/);
    expect(e.userMessage).toContain('00:00 по Москве');
    expect(e.userMessage).toContain('1000');
    expect(e.retryAfterMs).toBeGreaterThan(0);
    expect(h.sent.length).toBe(sentBefore + 1); // one request, no retries
    expect(h.sleeps).toEqual([]);

    // Until the reset the charging routes are refused locally; other routes still go out.
    const refused = await errorOf<DailyLimitError>(client.tenders(ALL, { page: 12, pageSize: 100 }));
    expect(refused).toMatchObject({ code: 'daily_limit_exceeded', sent: false, status: null, resetAt: e.resetAt });
    await errorOf(client.tender(5));
    await errorOf(client.favoriteUpdates());
    expect(h.sent.length).toBe(sentBefore + 1);
    expect(client.dailyLimitBlock()).toMatchObject({ resetAt: e.resetAt });
    expect(h.events.filter((x) => x.type === 'daily_limit').map((x) => (x as { sent: boolean }).sent)).toEqual([true, false, false, false]);
    const b = await client.balance();
    expect(b.limits.tenders.remaining).toBe(0);
    expect(client.dailyLimitBlock()).not.toBeNull();
    await h.close();
  });

  it('8: after 00:00 Moscow time (simulated clock) balance() shows the limit renewed, lifts the block, and reading continues', async () => {
    const h = harness();
    const { client } = h;
    for (let page = 1; page <= 10; page++) await client.tenders(ALL, { page, pageSize: 100 });
    const e = await errorOf<DailyLimitError>(client.tenders(ALL, { page: 11, pageSize: 100 }));
    await ctl('clock', { advance_s: Math.ceil(e.retryAfterMs! / 1000) + 5 });
    const b = await client.balance();
    expect(b.limits.tenders).toMatchObject({ current: 0, remaining: 1000 });
    expect(client.dailyLimitBlock()).toBeNull();
    const next = await client.tenders(ALL, { page: 11, pageSize: 100 });
    expect(next.newTendersCount).toBe(100);
    await h.close();
  });

  it('the block ends by itself when the local clock passes the reset; nextReset() is the next 00:00 Moscow time', async () => {
    let now = Date.now();
    const h = harness({ now: () => now });
    const { client } = h;
    expect(client.nextReset().atMs).toBe(nextMoscowMidnightMs(now));
    expect(client.nextReset().text).toMatch(/^\d{2}\.\d{2}\.\d{4} 00:00 МСК$/);
    for (let page = 1; page <= 10; page++) await client.tenders(ALL, { page, pageSize: 100 });
    const e = await errorOf<DailyLimitError>(client.tenders(ALL, { page: 11, pageSize: 100 }));
    now += e.retryAfterMs! + 1000;
    await ctl('clock', { advance_s: Math.ceil(e.retryAfterMs! / 1000) + 1 });
    expect(client.dailyLimitBlock()).toBeNull();
    expect((await client.tenders(ALL, { page: 11, pageSize: 100 })).newTendersCount).toBe(100);
    await h.close();
  });
});

describe('earlier client: favorites, license, failures', () => {
  it('2.6: favorites updates — favorites changed after being added; those never received are charged once (is_new), then free', async () => {
    const h = harness();
    const { client } = h;
    const received = [];
    for (let page = 1; page <= 6; page++) received.push(...(await client.tenders(ALL, { page, pageSize: 100 })).items);
    // Tenders never received in this generation: their etp_id read from the current generation's cards.
    const unreceived: { id: number; etp_id: string; active: boolean }[] = [];
    for (let id = 2101; id <= 2400; id++) {
      const r = await request(`${sb.baseUrl}/tenders/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const card = (await r.body.json()) as { etp_id: string; status: { id: number } };
      unreceived.push({ id, etp_id: card.etp_id, active: card.status.id === 1 });
    }
    const favorites = [...received.filter((t) => t.status?.id === 1), ...unreceived.filter((t) => t.active)];
    for (const t of favorites) expect((await client.addFavorite(t.etp_id)).success).toBe(true);
    expect((await client.addFavorite(favorites[0]!.etp_id)).success).toBe(false);
    expect((await client.favoriteUpdates()).total).toBe(0);

    await ctl('clock', { advance_s: 120 });
    await ctl('tick', { created: 0, updated: 1500 });
    const receivedIds = new Set(received.map((t) => t.id));
    const items = [];
    let charged = 0;
    for (let page = 1; ; page++) {
      const p = await client.favoriteUpdates({ page, pageSize: 100 });
      items.push(...p.items);
      charged += p.newTendersCount;
      if (page >= p.pages) break;
    }
    expect(items.some((t) => receivedIds.has(t.id))).toBe(true);
    expect(items.some((t) => !receivedIds.has(t.id))).toBe(true);
    const favoritedAt = await favoritedAtById(client);
    for (const t of items) {
      expect(favoritedAt.has(t.id), `favorite ${t.id}`).toBe(true);
      expect(Date.parse(t.update_date!)).toBeGreaterThan(Date.parse(favoritedAt.get(t.id)!));
      expect(t.is_new).toBe(!receivedIds.has(t.id));
    }
    expect(charged).toBe(items.filter((t) => !receivedIds.has(t.id)).length);
    const again = await client.favoriteUpdates({ pageSize: 100 });
    expect(again.newTendersCount).toBe(0);
    expect(again.total).toBe(items.length);
    await h.close();
  });

  it('1: an expired license is an ApiError license_expired (403) with a plain Russian sentence; balance still answers', async () => {
    const h = harness();
    await ctl('license', { login: 'demo', active: false });
    const e = await errorOf(h.client.tenders(ALL));
    expect(e).toMatchObject({ code: 'license_expired', status: 403, retryable: false });
    expect(e.userMessage).toContain('Лицензия');
    expect(e.message).not.toContain(token);
    expect((await h.client.balance()).license.active).toBe(false);
    await h.close();
  });

  it('5xx is retried with backoff; a cut answer is repeated free and the page says answerLost', async () => {
    const h = harness();
    await ctl('faults', { http500: 2 });
    const p = await h.client.tenders(ALL, { pageSize: 10 });
    expect(p.newTendersCount).toBe(10);
    expect(h.events.filter((x) => x.type === 'retry')).toHaveLength(2);
    expect(p.answerLost).toBe(false);
    const before = (await h.client.balance()).balance.tenders;
    await ctl('faults', { truncate: 1 });
    const cut = await h.client.tenders(ALL, { page: 2, pageSize: 10 });
    expect(cut.answerLost).toBe(true);
    expect(cut.newTendersCount).toBe(0); // charged by the lost answer, so the repeat is free...
    expect((await h.client.balance()).balance.tenders).toBe(before - 10); // ...and nothing was paid twice
    await h.close();
  });

  it('D-E-ERR-1: the codes of this generation have their own Russian sentence for the UI', () => {
    expect(userMessageFor('daily_limit_exceeded')).toContain('00:00 по Москве');
    expect(userMessageFor('license_expired')).toMatch(/^Лицензия/);
  });

  it('the token never appears in an error', async () => {
    const h = harness();
    token = 'tenderwb_live_' + 'Z'.repeat(32);
    const e = await errorOf(h.client.balance());
    expect(e.code).toBe('unauthorized');
    expect(JSON.stringify(e.toJSON())).not.toContain('Z'.repeat(32));
    await h.close();
  });
});

/** When each favorite was added, read once (all pages), for checks over many favorites. */
async function favoritedAtById(client: EarlierApiClient): Promise<Map<number, string>> {
  const at = new Map<number, string>();
  for (let page = 1; ; page++) {
    const p = await client.favorites({ page, pageSize: 100 });
    for (const f of p.tenders) at.set(f.id, f.favorited_at);
    if (p.tenders.length < 100) return at;
  }
}
