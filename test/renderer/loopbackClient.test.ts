/**
 * Browser mode's contract client (src-renderer/bridge/loopbackClient.ts) over a fake fetch: the secret taken
 * from the fragment once and cleaned from the address, sent in a header on every call, never elsewhere; the
 * Russian error without it; the event stream shared by subscriptions and reopened when it drops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoopbackClient } from '../../src-renderer/bridge/loopbackClient';

/** vi.waitFor gives up after 1 s by default: too short on a loaded machine (a wait on a condition, not a bound). */
const SETTLED = { timeout: 20_000 };

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A streamed response the test pushes lines into. */
function streamResponse(): { response: Response; push(line: string): void; end(): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    push: (line) => controller.enqueue(encoder.encode(line)),
    end: () => controller.close(),
  };
}

const SECRET = 'S'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the secret', () => {
  it('is read from the fragment once, removed from the address bar, and sent only as a header', async () => {
    const replaceState = vi.fn();
    vi.stubGlobal('window', {
      location: { hash: `#k=${SECRET}`, pathname: '/', search: '' },
      history: { state: null, replaceState },
    });
    const calls: Call[] = [];
    const fetchFake = (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(jsonResponse(200, { ok: true, value: { version: '1' } }));
    };
    const client = createLoopbackClient({ fetch: fetchFake as typeof fetch });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    const answer = await client.invoke('profiles.list', {});
    expect(answer).toEqual({ ok: true, value: { version: '1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/bridge/invoke/profiles.list');
    expect(calls[0]!.url).not.toContain(SECRET);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('omit');
    expect((calls[0]!.init.headers as Record<string, string>)['X-Tenderwb-Secret']).toBe(SECRET);
    expect(calls[0]!.init.body).toBe('{}');
  });

  it('keeps other fragment parts', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('window', { location: { hash: `#view=lists&k=${SECRET}`, pathname: '/', search: '?x=1' }, history: { state: 1, replaceState } });
    createLoopbackClient({ fetch: (() => Promise.reject(new Error('unused'))) as typeof fetch });
    expect(replaceState).toHaveBeenCalledWith(1, '', '/?x=1#view=lists');
  });

  it('missing: every call answers a Russian explanation and nothing is sent', async () => {
    vi.stubGlobal('window', { location: { hash: '', pathname: '/', search: '' }, history: { state: null, replaceState: vi.fn() } });
    const fetchFake = vi.fn();
    const client = createLoopbackClient({ fetch: fetchFake as unknown as typeof fetch });
    const answer = await client.invoke('app.info', {});
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('unauthorized');
      expect(answer.error.message).toContain('npm run web');
      expect(answer.error.message).toMatch(/Откройте ссылку/);
    }
    client.on('app.status', () => undefined);
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('refused by the server (a restarted `npm run web`): says so and stops calling', async () => {
    const fetchFake = vi.fn(() => Promise.resolve(jsonResponse(401, { ok: false, error: { code: 'unauthorized', message: 'x' } })));
    const client = createLoopbackClient({ secret: SECRET, fetch: fetchFake as unknown as typeof fetch });
    const first = await client.invoke('app.info', {});
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.error.message).toContain('npm run web');
    await client.invoke('app.info', {});
    expect(fetchFake).toHaveBeenCalledTimes(1);
  });
});

describe('calls', () => {
  it('passes the server envelope through, errors included', async () => {
    const error = { ok: false, error: { code: 'invalid_input', message: 'name: too short', fields: ['name'] } };
    const client = createLoopbackClient({ secret: SECRET, fetch: (() => Promise.resolve(jsonResponse(200, error))) as typeof fetch });
    expect(await client.invoke('lists.create', { name: '' })).toEqual(error);
  });

  it('a network failure is offline, a non-envelope answer is internal', async () => {
    const down = createLoopbackClient({ secret: SECRET, fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    const a = await down.invoke('app.info', {});
    expect(!a.ok && a.error.code).toBe('offline');
    const odd = createLoopbackClient({ secret: SECRET, fetch: (() => Promise.resolve(new Response('<html>', { status: 502 }))) as typeof fetch });
    const b = await odd.invoke('app.info', {});
    expect(!b.ok && b.error.code).toBe('internal');
  });
});

describe('events', () => {
  it('one stream for every subscription; lines become events; unknown events are ignored', async () => {
    const streams: ReturnType<typeof streamResponse>[] = [];
    const fetchFake = vi.fn((url: string) => {
      expect(url).toBe('/bridge/events');
      const s = streamResponse();
      streams.push(s);
      return Promise.resolve(s.response);
    });
    const client = createLoopbackClient({ secret: SECRET, fetch: fetchFake as unknown as typeof fetch, reconnectMinMs: 10 });
    const status: unknown[] = [];
    const feed: unknown[] = [];
    const offStatus = client.on('app.status', (p) => status.push(p));
    client.on('feed.updated', (p) => feed.push(p));
    await vi.waitFor(() => expect(streams).toHaveLength(1), SETTLED);
    streams[0]!.push('\n{"event":"app.status","payload":{"online":false,"pendingEdits":1}}\n{"event":"feed.upd');
    streams[0]!.push('ated","payload":{"filterId":"flt_a","created":2,"updated":0}}\n{"event":"nope","payload":1}\nnot json\n');
    await vi.waitFor(() => expect(feed).toHaveLength(1), SETTLED);
    expect(status).toEqual([{ online: false, pendingEdits: 1 }]);
    expect(feed).toEqual([{ filterId: 'flt_a', created: 2, updated: 0 }]);
    expect(fetchFake).toHaveBeenCalledTimes(1);
    const init = (fetchFake.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-Tenderwb-Secret']).toBe(SECRET);

    // Dropped: reopened, and delivery goes on.
    streams[0]!.end();
    await vi.waitFor(() => expect(streams).toHaveLength(2), SETTLED);
    streams[1]!.push('{"event":"app.status","payload":{"online":true,"pendingEdits":0}}\n');
    await vi.waitFor(() => expect(status).toHaveLength(2), SETTLED);
    offStatus();
    streams[1]!.push('{"event":"app.status","payload":{"online":false,"pendingEdits":0}}\n');
    streams[1]!.push('{"event":"feed.updated","payload":{"filterId":"flt_b","created":1,"updated":0}}\n');
    await vi.waitFor(() => expect(feed).toHaveLength(2), SETTLED);
    expect(status).toHaveLength(2);
  });

  it('keeps retrying with a growing pause while the server is down', async () => {
    let attempts = 0;
    const fetchFake = () => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    // Fake timers: the pauses pass when the test says so, however slow the machine is.
    vi.useFakeTimers();
    try {
      const client = createLoopbackClient({ secret: SECRET, fetch: fetchFake as typeof fetch, reconnectMinMs: 5, reconnectMaxMs: 20 });
      const off = client.on('app.status', () => undefined);
      await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(4), SETTLED);
      off();
      const after = attempts;
      // A second's worth of 20 ms pauses: dozens of attempts had it gone on after the last listener left.
      await vi.advanceTimersByTimeAsync(1000);
      expect(attempts - after).toBeLessThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the backend process (a stopped `npm run web` is not «В сети»)', () => {
  it('a dropped stream that cannot be reopened tells «down» once; the server back tells «up» once', async () => {
    const streams: ReturnType<typeof streamResponse>[] = [];
    let serverUp = true;
    let failedReopenings = 0;
    const fetchFake = (url: string | URL | Request) => {
      if (!serverUp) {
        if (String(url).endsWith('/bridge/events')) failedReopenings += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      if (String(url).endsWith('/bridge/events')) {
        const s = streamResponse();
        streams.push(s);
        return Promise.resolve(s.response);
      }
      return Promise.resolve(jsonResponse(200, { ok: true, value: {} }));
    };
    const client = createLoopbackClient({ secret: SECRET, fetch: fetchFake as typeof fetch, reconnectMinMs: 5, reconnectMaxMs: 10 });
    const told: boolean[] = [];
    const offConnection = client.onConnection((up) => told.push(up));
    const off = client.on('app.status', () => undefined);
    await vi.waitFor(() => expect(streams).toHaveLength(1), SETTLED);
    expect(told).toEqual([]);

    // The process stops: its stream ends and nothing answers any more.
    serverUp = false;
    streams[0]!.end();
    await vi.waitFor(() => expect(told).toEqual([false]), SETTLED);
    const call = await client.invoke('app.info', {});
    expect(!call.ok && call.error.message).toBe('Сервер браузерного режима остановлен. Запустите npm run web снова.');
    // More failed reopenings (counted, not a pause): still one «down».
    const reopened = failedReopenings;
    await vi.waitFor(() => expect(failedReopenings).toBeGreaterThanOrEqual(reopened + 3), SETTLED);
    expect(told).toEqual([false]);

    serverUp = true;
    await vi.waitFor(() => expect(told).toEqual([false, true]), SETTLED);
    off();
    offConnection();
  });
});
