/**
 * The current-generation client against servers that never end, trickle, flood or never
 * answer. Each case fails with a clear, retryable error in a bounded number of attempts, and the server sees
 * the client hang up (the stream is aborted, not buffered). Deadlines are configured small; nothing here
 * asserts a wall-clock duration.
 *
 * A page nested far deeper than any legal answer is refused before it is parsed, once; a
 * page or a card dripped past the deadline fails at its first timeout, under 90 s with the default deadline (a
 * fake clock fires it), while a free, idempotent call is tried twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { ApiError } from '../../src-main/api/errors';
import { MAX_BODY_BYTES } from '../../src-main/api/transport';
import { toIpcError } from '../../src-main/workspace/errors';
import { fakeDeadlines, flood, startHostile, trickle, type HostileHandler, type HostileServer } from '../hostile/server';

const TOKEN = 'tenderwb_live_HostileCaseToken0123456789';
let server: HostileServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function clientOn(handler: HostileHandler, opts: Partial<ApiClientOptions> = {}): Promise<{ client: ApiClient; server: HostileServer }> {
  server = await startHostile(handler);
  const client = new ApiClient({ baseUrl: `${server.origin}/api/v2`, token: () => TOKEN, sleep: async () => undefined, ...opts });
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

describe('the client bounds what a hostile server can make it hold or wait for', () => {
  it('a body that never ends is cut at the cap, twice at most, with a retryable error in both languages', async () => {
    const cap = 256 * 1024;
    const { client, server: s } = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[');
        flood(res, stats, Infinity);
      },
      { maxBodyBytes: cap },
    );
    const e = await failure(client.balance());
    expect(e.code).toBe('response_too_large');
    expect(e.retryable).toBe(true);
    expect(e.userMessage).toMatch(/слишком большой ответ/);
    expect(toIpcError(e, 'en').message).toMatch(/answer too large/);
    expect(toIpcError(e, 'ru').message).toMatch(/слишком большой ответ/);
    // Two attempts (the overrun limit), each abandoned by the client while the server still had more to send.
    expect(s.stats.requests).toHaveLength(2);
    await s.abandoned(2);
    expect(s.stats.bytesWritten).toBeLessThan(64 * 1024 * 1024);
  });

  it('a trickle of one byte at a time ends at the whole-exchange deadline, not at the idle timeout', async () => {
    const { client, server: s } = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        trickle(res, stats, 20);
      },
      // The idle-body timeout alone would never fire: a byte comes every 20 ms.
      { timeouts: { headersMs: 10_000, bodyMs: 10_000, deadlineMs: 300 } },
    );
    const e = await failure(client.balance());
    expect(e.code).toBe('timeout');
    expect(e.retryable).toBe(true);
    expect(e.message).toMatch(/deadline/);
    expect(e.userMessage).toMatch(/не ответил вовремя/);
    expect(s.stats.requests).toHaveLength(2);
    await s.abandoned(2);
  });

  it('a 50 MB answer is refused at the default cap (16 MiB) and never read whole', async () => {
    const total = 50 * 1024 * 1024;
    const { client, server: s } = await clientOn((_req, res, _body, stats) => {
      // No Content-Length: the cap is found while reading, not from a header.
      res.writeHead(200, { 'content-type': 'application/json' });
      flood(res, stats, total);
    });
    const e = await failure(client.queryTenders({ filter_id: 'flt_1', limit: 100 }));
    expect(e.code).toBe('response_too_large');
    expect(MAX_BODY_BYTES).toBe(16 * 1024 * 1024);
    await s.abandoned(2);
    expect(s.stats.bytesWritten).toBeLessThan(2 * total);
  });

  it('a declared 50 MB answer is refused from its Content-Length before its body is read', async () => {
    const total = 50 * 1024 * 1024;
    const { client, server: s } = await clientOn((_req, res, _body, stats) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(total) });
      flood(res, stats, total);
    });
    const e = await failure(client.balance());
    expect(e.code).toBe('response_too_large');
    await s.abandoned(2);
    expect(s.stats.bytesWritten).toBeLessThan(total);
  });

  it('headers that never come end at the headers timeout, twice at most, retryable', async () => {
    const { client, server: s } = await clientOn(() => undefined, { timeouts: { headersMs: 200, bodyMs: 10_000, deadlineMs: 10_000 } });
    const e = await failure(client.balance());
    expect(e.code).toBe('timeout');
    expect(e.retryable).toBe(true);
    expect(s.stats.requests).toHaveLength(2);
    await s.abandoned(2);
  });

  it('a legal answer under the cap is read whole', async () => {
    const { client } = await clientOn(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ balance: { tenders: 5, contracts: 0 } }));
      },
      { maxBodyBytes: 1024 },
    );
    await expect(client.balance()).resolves.toBeTruthy();
  });

  it('a page nested deeper than any legal answer is refused before it is parsed, once, as an answer the app does not understand', async () => {
    const depth = 200_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const { client, server: s } = await clientOn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(deep.length) });
      res.end(deep);
    });
    const parse = vi.spyOn(JSON, 'parse');
    let e: ApiError;
    try {
      e = await failure(client.queryTenders({ filter_id: 'flt_1', limit: 100 }));
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length >= depth)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
    expect(e.code).toBe('bad_response');
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/nested deeper than 64 levels/);
    expect(toIpcError(e, 'ru').message).toMatch(/не понимает/);
    expect(s.stats.requests).toHaveLength(1);
  });

  it('a page or a card dripped past the default deadline fails once, under 90 s in all; a free idempotent read is tried twice', async () => {
    const clock = fakeDeadlines();
    const { client, server: s } = await clientOn(
      (_req, res, _body, stats) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        trickle(res, stats, 50);
      },
      // The default timeouts; only the deadline's timer is the test's (it fires when told).
      { deadlineTimer: clock.timer },
    );
    const page = client.queryTenders({ filter_id: 'flt_1', limit: 100 });
    const first = await clock.next(1);
    expect(first.ms).toBeLessThan(90_000);
    // The deadline passes while the server drips the answer.
    await s.received(1);
    first.fire();
    // Settled without starting a second exchange (a retry would wait on a second deadline).
    const settled = await Promise.race([page.then(() => 'answered', (err: unknown) => err), clock.next(2).then(() => 'retried')]);
    expect(settled).toBeInstanceOf(ApiError);
    const e = await failure(page);
    expect([e.code, e.retryable]).toEqual(['timeout', true]);
    expect(e.message).toMatch(/deadline/);
    expect(e.userMessage).toMatch(/не ответил вовремя/);
    // One exchange, no second deadline: the whole call took the one deadline.
    expect(s.stats.requests).toHaveLength(1);
    expect(clock.started).toHaveLength(1);

    const card = client.tenderCard(7);
    const second = await clock.next(2);
    await s.received(2);
    second.fire();
    expect((await failure(card)).code).toBe('timeout');
    expect(s.stats.requests).toHaveLength(2);

    const balance = client.balance();
    for (const n of [3, 4]) {
      const deadline = await clock.next(n);
      await s.received(n);
      deadline.fire();
    }
    expect((await failure(balance)).code).toBe('timeout');
    expect(s.stats.requests).toHaveLength(4);
    await s.abandoned(4);
  });
});
