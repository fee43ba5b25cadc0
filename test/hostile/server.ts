/**
 * A hostile HTTP server for the client tests: each test gives it one behaviour (a body that never
 * ends, a trickle, a flood, headers that never come, a proxy to the sandbox that lies in its answers), and the
 * server records what it did, so a test can assert that the client stopped reading (the connection was closed
 * by the client before the server stopped writing) instead of timing anything.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type HostileStats = {
  /** Requests received, in order: method and path with query. */
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  /** Body bytes the handlers wrote (what the client could have buffered at most). */
  bytesWritten: number;
  /** Responses whose connection closed before the handler ended them: the client gave up reading. */
  abandoned: number;
};

export type HostileHandler = (req: IncomingMessage, res: ServerResponse, body: string, stats: HostileStats) => void | Promise<void>;

export type HostileServer = {
  origin: string;
  stats: HostileStats;
  /** Resolves once `n` responses have been abandoned by the client (a condition, not a timer). */
  abandoned(n: number): Promise<void>;
  /** Resolves once `n` requests have reached the handler. */
  received(n: number): Promise<void>;
  close(): Promise<void>;
};

export async function startHostile(handler: HostileHandler): Promise<HostileServer> {
  const stats: HostileStats = { requests: [], bytesWritten: 0, abandoned: 0 };
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const arrivals: { n: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stats.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      for (const w of arrivals.filter((x) => stats.requests.length >= x.n)) {
        arrivals.splice(arrivals.indexOf(w), 1);
        w.resolve();
      }
      res.on('close', () => {
        if (res.writableEnded) return;
        stats.abandoned += 1;
        for (const w of waiters.filter((x) => stats.abandoned >= x.n)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      });
      void Promise.resolve(handler(req, res, Buffer.concat(chunks).toString('utf8'), stats)).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stats,
    abandoned: (n) => (stats.abandoned >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    received: (n) => (stats.requests.length >= n ? Promise.resolve() : new Promise((resolve) => arrivals.push({ n, resolve }))),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Writes `chunk` again and again, as fast as the client reads (respecting backpressure), until `total` bytes
 * (Infinity: never ends) or until the client closes the connection.
 */
export function flood(res: ServerResponse, stats: HostileStats, total: number, chunk = Buffer.alloc(64 * 1024, 0x20)): void {
  let sent = 0;
  const pump = (): void => {
    while (sent < total && !res.destroyed) {
      const part = total - sent < chunk.length ? chunk.subarray(0, total - sent) : chunk;
      sent += part.length;
      stats.bytesWritten += part.length;
      if (!res.write(part)) {
        res.once('drain', pump);
        return;
      }
    }
    if (sent >= total && !res.destroyed) res.end();
  };
  pump();
}

/** One byte every `everyMs`, forever (until the client closes). */
export function trickle(res: ServerResponse, stats: HostileStats, everyMs: number): void {
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    stats.bytesWritten += 1;
    res.write(' ');
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

/** The sandbox's (or any upstream's) answer to the same request: status, headers and body text. */
export async function forward(
  upstream: string,
  req: IncomingMessage,
  body: string,
  /** Another path and query than the request's (a proxy that rewrites what it asks). */
  path: string = req.url ?? '/',
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const url = new URL(path, upstream);
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: url.host };
    delete headers['content-length'];
    const out = httpRequest(url, { method: req.method, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') h[k] = v;
        resolve({ status: r.statusCode ?? 502, headers: h, text: Buffer.concat(chunks).toString('utf8') });
      });
      r.on('error', reject);
    });
    out.on('error', reject);
    out.end(body || undefined);
  });
}

/** Sends a JSON answer (the hostile server's own words). */
export function sendJson(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(json);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** The credential a request carried: the Bearer token (current generation) or `X-API-Token` (earlier). */
export function tokenOf(req: IncomingMessage): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  return bearer ?? String(req.headers['x-api-token'] ?? '');
}

/**
 * A proxy to `upstream` (an origin) that lies about one thing: a QUERY sent with a cursor is answered with that
 * same cursor as `next_cursor`, whatever the page held, so the feed never advances.
 */
export const stuckCursorProxy =
  (upstream: string): HostileHandler =>
  async (req, res, body) => {
    const answer = await forward(upstream, req, body);
    const sent = req.method === 'POST' && /\/query$/.test(new URL(req.url ?? '/', 'http://x').pathname) && body ? (JSON.parse(body) as { cursor?: string }).cursor : undefined;
    if (sent && answer.status === 200) {
      const json = JSON.parse(answer.text) as Record<string, unknown>;
      json.next_cursor = sent;
      return sendJson(res, 200, json);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  };

/**
 * A proxy to `upstream` that echoes the caller's token in its words: every page's
 * `request_id` and `X-Request-Id` carry it, and the routes matched by `failing` answer 400 with the token in
 * the error's code, message, request id, details and field names.
 */
export const tokenEchoProxy =
  (upstream: string, failing: RegExp): HostileHandler =>
  async (req, res, body) => {
    const t = tokenOf(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (failing.test(`${req.method} ${path}`)) {
      return sendJson(
        res,
        400,
        { error: { code: `refused_${t}`, message: `token ${t} is not welcome`, request_id: `err_${t}`, details: [{ field: `x_${t}`, message: `bad ${t}` }] } },
        { 'x-request-id': `hdr_${t}` },
      );
    }
    const answer = await forward(upstream, req, body);
    let text = answer.text;
    if (answer.status === 200 && /^\s*\{/.test(text)) {
      const json = JSON.parse(text) as Record<string, unknown>;
      json.request_id = `page_${t}`;
      text = JSON.stringify(json);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json', 'x-request-id': `hdr_${t}` });
    res.end(text);
  };

/**
 * A proxy to `upstream` for the earlier generation that ignores `page`: every `GET …/tenders?filter_id=` gets
 * page 1's tenders under the page number asked for and a total that never ends.
 */
export const pageIgnoringProxy =
  (upstream: string): HostileHandler =>
  async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const asked = url.searchParams.get('page');
    const listing = req.method === 'GET' && /\/tenders$/.test(url.pathname) && url.searchParams.has('filter_id');
    if (listing) url.searchParams.set('page', '1');
    const answer = await forward(upstream, req, body, url.pathname + url.search);
    if (listing && answer.status === 200) {
      const json = JSON.parse(answer.text) as Record<string, unknown>;
      Object.assign(json, { total: 1_000_000, pages: 1_000_000, page: Number(asked ?? 1) });
      return sendJson(res, 200, json);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  };

/** `secret` written as JSON escapes only (`\u0074\u0077…`): what a raw-text cut of the secret cannot see. */
export const escapedForm = (secret: string): string => [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** `json` as JSON text in which every occurrence of `secret` is written with `\u` escapes. */
export const jsonWithEscaped = (json: unknown, secret: string): string => JSON.stringify(json).split(secret).join(escapedForm(secret));

/** Sends `json` with `secret` written in `\u` escapes wherever it occurs. */
export function sendEscaped(res: ServerResponse, status: number, json: unknown, secret: string): void {
  const text = jsonWithEscaped(json, secret);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/**
 * A proxy to `upstream` that writes the caller's token into what it delivers, with `\u` escapes only: every QUERY result's tender (or contract) and every card get the token in their name, their
 * description and a key of their own. `echoed` counts the answers it changed (so a test knows the attack ran).
 */
export function escapedTokenProxy(upstream: string): HostileHandler & { echoed: () => number } {
  let echoed = 0;
  const echo = (o: Record<string, unknown>, t: string): void => {
    o.name = `${typeof o.name === 'string' ? o.name : ''} эхо ${t}`;
    o.description = `описание ${t}`;
    o[`echo_${t}`] = { said: t };
  };
  const handler: HostileHandler = async (req, res, body) => {
    const t = tokenOf(req);
    const answer = await forward(upstream, req, body);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const query = req.method === 'POST' && /\/query$/.test(path);
    const card = req.method === 'GET' && /\/(tenders|contracts)\/\d+$/.test(path);
    if (t && answer.status === 200 && (query || card)) {
      const json = JSON.parse(answer.text) as Record<string, unknown>;
      if (query) {
        for (const item of (json.results as Record<string, unknown>[] | undefined) ?? []) {
          for (const value of Object.values(item)) if (value && typeof value === 'object' && !Array.isArray(value)) echo(value as Record<string, unknown>, t);
        }
      } else echo(json, t);
      echoed += 1;
      return sendEscaped(res, 200, json, t);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  };
  return Object.assign(handler, { echoed: () => echoed });
}

export type FakeDeadline = { ms: number; fire: () => void };

/**
 * A fake clock for the clients' whole-exchange deadline (`deadlineTimer`): every exchange's deadline is recorded
 * with the time it asked for, and fires only when the test says so, so a drip test waits on no wall clock.
 */
export function fakeDeadlines(): { timer: (ms: number, fire: () => void) => () => void; started: FakeDeadline[]; next(n: number): Promise<FakeDeadline> } {
  const started: FakeDeadline[] = [];
  const waiters: (() => void)[] = [];
  return {
    started,
    timer: (ms, fire) => {
      started.push({ ms, fire });
      for (const w of waiters.splice(0)) w();
      return () => undefined;
    },
    async next(n) {
      while (started.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return started[n - 1]!;
    },
  };
}

/**
 * A proxy to `upstream` whose cursors alternate A/B over the same page: the first page
 * of a feed is the upstream's, and every QUERY sent with a cursor gets the upstream's page under the first
 * cursor the upstream gave, with `next_cursor` A, then B, then A… — never the same string twice in a row, never
 * a step forward. Past `guard` such answers it refuses (400 `test_guard`), so a client that never stops fails a
 * test instead of looping until it is killed.
 */
export const alternatingCursorProxy = (upstream: string, guard = 40): HostileHandler => {
  let first: string | null = null;
  let flip = false;
  let games = 0;
  return async (req, res, body) => {
    const query = req.method === 'POST' && /\/query$/.test(new URL(req.url ?? '/', 'http://x').pathname) && body;
    const sent = query ? (JSON.parse(body) as Record<string, unknown>) : null;
    if (sent && typeof sent.cursor === 'string' && ++games > guard) {
      return sendJson(res, 400, { error: { code: 'test_guard', message: 'the test stopped a run that did not stop' } });
    }
    const asked = sent && typeof sent.cursor === 'string' && first ? JSON.stringify({ ...sent, cursor: first }) : body;
    const answer = await forward(upstream, req, asked);
    if (sent && answer.status === 200) {
      const json = JSON.parse(answer.text) as Record<string, unknown>;
      if (typeof sent.cursor !== 'string') {
        first ??= String(json.next_cursor);
        return sendJson(res, 200, json);
      }
      flip = !flip;
      json.next_cursor = flip ? 'cur_A' : 'cur_B';
      return sendJson(res, 200, json);
    }
    res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(answer.text);
  };
};
