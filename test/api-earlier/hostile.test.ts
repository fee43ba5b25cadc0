/**
 * An unbounded body and an echoed token, for the earlier generation's client: a body that never ends, a trickle, a flood
 * and headers that never come fail with a retryable error in a bounded number of attempts (the server sees
 * the client hang up); a server that echoes the token (`X-API-Token`, any format) in its words gets it back
 * nowhere; written with `\u` escapes in a page's or a tender's names and keys, it is cut from the
 * parsed values; a page nested deeper than any legal answer is refused once, unparsed, and a page dripped past
 * the deadline fails at its first timeout, under 90 s with the default deadline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EarlierApiClient, type EarlierApiClientOptions } from '../../src-main/api/earlier/client';
import { ApiError, describeApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { toIpcError } from '../../src-main/workspace/errors';
import { fakeDeadlines, flood, sendEscaped, sendJson, startHostile, tokenOf, trickle, type HostileHandler, type HostileServer } from '../hostile/server';

/** The earlier generation states no token format (document 2): this one matches none of the current one's patterns. */
const TOKEN = 'LegacyKey9f8e7d6c5b4a39281706';
let server: HostileServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function clientOn(handler: HostileHandler, opts: Partial<EarlierApiClientOptions> = {}): Promise<{ client: EarlierApiClient; server: HostileServer }> {
  server = await startHostile(handler);
  const client = new EarlierApiClient({
    baseUrl: `${server.origin}/api/v2`,
    token: () => TOKEN,
    limiter: new RateLimiter({ perMinute: 1_000_000 }),
    sleep: async () => undefined,
    ...opts,
  });
  return { client, server };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('earlier client against hostile servers', () => {
  it('a body that never ends is cut at the cap, twice at most', async () => {
    const { client, server: s } = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        flood(res, stats, Infinity);
      },
      { maxBodyBytes: 128 * 1024 },
    );
    const e = await failure(client.tenders(2));
    expect(e.code).toBe('response_too_large');
    expect(e.retryable).toBe(true);
    expect(toIpcError(e, 'en').message).toMatch(/answer too large/);
    expect(s.stats.requests).toHaveLength(2);
    await s.abandoned(2);
  });

  it('a 50 MB answer is cut at the default cap and never read whole', async () => {
    const total = 50 * 1024 * 1024;
    const { client, server: s } = await clientOn((_req, res, _body, stats) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      flood(res, stats, total);
    });
    const e = await failure(client.balance());
    expect(e.code).toBe('response_too_large');
    await s.abandoned(2);
    expect(s.stats.bytesWritten).toBeLessThan(2 * total);
  });

  it('a trickle ends at the whole-exchange deadline, a charging page at its first; headers that never come at the headers timeout', async () => {
    const trickling = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        trickle(res, stats, 20);
      },
      { timeouts: { headersMs: 10_000, bodyMs: 10_000, deadlineMs: 300 } },
    );
    const slow = await failure(trickling.client.tenders(2));
    expect([slow.code, slow.retryable]).toEqual(['timeout', true]);
    expect(slow.message).toMatch(/deadline/);
    // A page charges: it is not asked for again after a timeout.
    await trickling.server.abandoned(1);
    expect(trickling.server.stats.requests).toHaveLength(1);
    await trickling.server.close();

    const silent = await clientOn(() => undefined, { timeouts: { headersMs: 200, bodyMs: 10_000, deadlineMs: 10_000 } });
    const none = await failure(silent.client.balance());
    expect([none.code, none.retryable]).toEqual(['timeout', true]);
    expect(silent.server.stats.requests).toHaveLength(2);
  });

  it('a page cut at the cap, then read whole, says its first answer was lost (it may have charged what it shows as not new)', async () => {
    let n = 0;
    const { client } = await clientOn(
      (_req, res, _body, stats) => {
        if (n++ === 0) {
          // No X-Request-Id (document 2 promises none): only the cut tells that the request was executed.
          res.writeHead(200, { 'content-type': 'application/json' });
          return flood(res, stats, Infinity);
        }
        sendJson(res, 200, { total: 1, page: 1, page_size: 100, pages: 1, new_tenders_count: 0, remaining_balance: 10, items: [{ id: 1, etp_id: 'e1', is_new: false }] });
      },
      { maxBodyBytes: 64 * 1024 },
    );
    const page = await client.tenders(2);
    expect(page.answerLost).toBe(true);
    expect(page.items).toHaveLength(1);
  });

  it('a token echoed in the message, code, request id, details and field names is shown nowhere', async () => {
    const { client } = await clientOn((req, res) => {
      const t = tokenOf(req);
      sendJson(res, 400, { error: { code: `bad_${t}`, message: `your token ${t} is wrong`, request_id: `req-${t}`, details: [{ field: `f_${t}`, message: `m ${t}` }] } }, { 'x-request-id': `hdr-${t}` });
    });
    const e = await failure(client.tenders(2));
    const shown = [describeApiError(e), JSON.stringify(e.toJSON()), JSON.stringify(e.details), e.message, e.code, String(e.requestId), JSON.stringify(toIpcError(e, 'ru')), JSON.stringify(toIpcError(e, 'en'))];
    for (const text of shown) expect(text).not.toContain(TOKEN);
    // The server's words are still there, the token cut out of them.
    expect(e.requestId).toBe('req-***');
    expect(describeApiError(e)).toContain('bad_***');
  });

  it('a token written with \\u escapes in a page’s and a tender’s names, descriptions and keys is cut from the parsed values', async () => {
    const tender = (t: string): Record<string, unknown> => ({ id: 5, etp_id: 'e5', name: `Поставка ${t}`, description: [`о ${t}`], [`k_${t}`]: t, is_new: true });
    const { client } = await clientOn((req, res) => {
      const t = tokenOf(req);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/tenders')) {
        return sendEscaped(res, 200, { total: 1, page: 1, page_size: 100, pages: 1, new_tenders_count: 1, remaining_balance: 9, items: [tender(t)] }, t);
      }
      sendEscaped(res, 200, { ...tender(t), lots: [], positions: [], positions_total: 0, positions_page: 1, positions_page_size: 100, positions_pages: 0, documents: [] }, t);
    });
    const page = await client.tenders(2);
    expect(JSON.stringify(page)).not.toContain(TOKEN);
    expect(page.items[0]).toMatchObject({ name: 'Поставка ***', description: ['о ***'], 'k_***': '***' });
    const detail = await client.tender(5);
    expect(JSON.stringify(detail)).not.toContain(TOKEN);
    expect(detail.name).toBe('Поставка ***');
  });

  it('a page nested deeper than any legal answer is refused once, as an answer the app does not understand', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const { client, server: s } = await clientOn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(deep.length) });
      res.end(deep);
    });
    const e = await failure(client.tenders(2));
    expect([e.code, e.retryable]).toEqual(['bad_response', false]);
    expect(e.message).toMatch(/nested deeper than 64 levels/);
    expect(s.stats.requests).toHaveLength(1);
  });

  it('a page or a tender dripped past the default deadline fails once, under 90 s in all; the free balance is tried twice', async () => {
    const clock = fakeDeadlines();
    const { client, server: s } = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        trickle(res, stats, 50);
      },
      { deadlineTimer: clock.timer },
    );
    const fire = async (n: number): Promise<number> => {
      const deadline = await clock.next(n);
      await s.received(n);
      deadline.fire();
      return deadline.ms;
    };
    const page = client.tenders(2);
    expect(await fire(1)).toBeLessThan(90_000);
    const settled = await Promise.race([page.then(() => 'answered', (err: unknown) => err), clock.next(2).then(() => 'retried')]);
    expect(settled).toBeInstanceOf(ApiError);
    expect([(await failure(page)).code, s.stats.requests.length]).toEqual(['timeout', 1]);

    const tender = client.tender(5);
    await fire(2);
    expect([(await failure(tender)).code, s.stats.requests.length]).toEqual(['timeout', 2]);

    const balance = client.balance();
    await fire(3);
    await fire(4);
    expect([(await failure(balance)).code, s.stats.requests.length]).toEqual(['timeout', 4]);
  });
});
