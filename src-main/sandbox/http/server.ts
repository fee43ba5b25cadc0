/**
 * The sandbox's HTTP front: routing (the one router of `./router.ts` over the current generation's table),
 * authentication, rate limit, idempotency, fault injection and the error envelope. `/legacy/api/v2` is handed
 * to the earlier generation's front (`../earlier/http.ts`). Business rules live in the service and the route
 * handlers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '../api/routes';
import type { ApiResult, RouteContext } from '../api/context';
import { ApiError } from '../service/errors';
import { newRequestId } from '../service/secrets';
import { header } from '../service/accounts';
import { IdempotencyStore } from './idempotency';
import { handleControl } from './control';
import { buildOpenApi } from '../api/openapi';
import type { SandboxHost } from './host';
import { handleEarlier, isEarlierPath } from '../earlier/http';
import { earlierFor } from '../earlier/service';
import { strictShape, type StrictRequest } from './strictShape';
import { checkLoopbackRequest, type LoopbackRefusal } from '../../loopback/requestGuard';
import { Router, jsonBody } from './router';
import { endedByFault } from './faults';
import { handleFile, isFilePath } from '../files/fileRoute';

export const API_PREFIX = '/api/v2';
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const router = new Router(routes);

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, 'validation_error', 'The request body is too large.'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function errorBody(e: ApiError, requestId: string): Record<string, unknown> {
  return {
    ...(e.extra.body ?? {}),
    error: { code: e.code, message: e.message, request_id: requestId, ...(e.extra.error ?? {}) },
  };
}

export function send(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string>, truncate = false): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), ...headers });
  if (!truncate) {
    res.end(body);
    return;
  }
  // The fault "truncate": the whole answer was made (and charged), the client gets a cut body.
  res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => res.socket?.destroy());
}

/** How the sandbox answers a request refused by the loopback checks. */
const LOOPBACK_REFUSALS: Record<LoopbackRefusal, { status: number; code: string; message: string }> = {
  'foreign-host': { status: 403, code: 'forbidden', message: 'The Host header does not name this sandbox (127.0.0.1:PORT or localhost:PORT).' },
  'foreign-origin': { status: 403, code: 'forbidden', message: 'Requests from web pages of other origins are refused.' },
  'cross-site': { status: 403, code: 'forbidden', message: 'Cross-site requests are refused.' },
  'not-json': { status: 415, code: 'unsupported_media_type', message: 'Request bodies are JSON (Content-Type: application/json).' },
};

const isLoopback = (addr: string | undefined): boolean =>
  !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

export function createSandboxServer(host: SandboxHost): Server {
  const server = createServer((req, res) => {
    void handle(host, req, res).catch((e: unknown) => {
      console.error('[sandbox] unhandled', e);
      if (!res.headersSent) {
        const id = newRequestId();
        send(res, 500, Buffer.from(JSON.stringify(errorBody(new ApiError(500, 'internal_error', 'Internal error.'), id))), { 'x-request-id': id });
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  return server;
}

async function handle(host: SandboxHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = (req.method ?? 'GET').toUpperCase();
  if (!isLoopback(req.socket.remoteAddress)) {
    res.writeHead(403).end();
    return;
  }
  // A page in the user's browser must not reach the sandbox: not by DNS rebinding, not by
  // a cross-site request; the same checks as browser mode's bridge (loopback/requestGuard.ts).
  const verdict = checkLoopbackRequest(req, req.socket.localPort ?? 0, { jsonBodies: true });
  if (!verdict.ok) {
    const refusal = LOOPBACK_REFUSALS[verdict.reason];
    const id = newRequestId();
    req.resume();
    send(res, refusal.status, Buffer.from(JSON.stringify(errorBody(new ApiError(refusal.status, refusal.code, refusal.message), id))), {
      'x-request-id': id,
      connection: 'close',
    });
    return;
  }
  // The earlier generation is seeded with the state it belongs to, at the first request after a start or reset.
  earlierFor(host.service());
  if (url.pathname === '/__sandbox' || url.pathname.startsWith('/__sandbox/')) {
    const raw = await readBody(req);
    const answer = await handleControl(host, method, url.pathname.replace(/^\/__sandbox\/?/, ''), raw);
    send(res, answer.status, Buffer.from(JSON.stringify(answer.body)), {});
    return;
  }
  // Documents are outside the API: no token, no rate limit, no faults, nothing charged.
  if (isFilePath(url.pathname)) {
    req.resume();
    await handleFile(host.service(), host.strict, method, url.pathname, res);
    return;
  }
  if (isEarlierPath(url.pathname)) {
    await handleEarlier(host, req, res, url, await readBody(req), { send, errorBody });
    return;
  }
  const requestId = newRequestId();
  const reply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}, truncate = false): void =>
    send(res, status, Buffer.from(JSON.stringify(body)), { 'x-request-id': requestId, ...headers }, truncate);
  // The strict sandbox reshapes every answer of a route, error or not, at this one edge (strictShape.ts).
  const strictRequest: StrictRequest = { route: null, body: undefined };
  const edge = (a: ApiResult): ApiResult => (host.strict ? strictShape(a, strictRequest) : a);
  const fail = (e: ApiError): void => {
    const a = edge({ status: e.status, body: errorBody(e, requestId), headers: e.extra.headers ?? {} });
    reply(a.status, a.body, a.headers);
  };

  if (!url.pathname.startsWith(API_PREFIX + '/') && url.pathname !== API_PREFIX) {
    fail(new ApiError(404, 'not_found', `Nothing at ${url.pathname}; the API is under ${API_PREFIX}.`));
    return;
  }
  const path = url.pathname.slice(API_PREFIX.length) || '/';
  const raw = await readBody(req);
  await host.faults.pause();

  if (path === '/openapi.json' && method === 'GET') {
    reply(200, buildOpenApi(host.baseUrl()));
    return;
  }
  const found = router.match(method, path);
  const fault = host.faults.take(found !== null && found !== 'wrong-method' && !!found.route.query);
  if (endedByFault(fault, req, fail)) return;
  if (found === null || found === 'wrong-method') {
    fail(router.refusal(found, method, path));
    return;
  }
  strictRequest.route = `${found.route.method} ${found.route.path}`;
  const svc = host.service();
  const truncate = fault === 'truncate';
  try {
    const principal = found.route.public
      ? { accountId: 0, login: '', isTest: false, tokenRowId: 0, tokenKind: 'session' as const }
      : svc.accounts.authenticate(req.headers);
    if (!found.route.public) {
      const wait = host.rateLimiter.take(principal.accountId, svc.clock.nowMs());
      if (wait !== null) {
        throw new ApiError(429, 'rate_limit_exceeded', `More than ${host.rateLimiter.perMinute} requests per minute; repeat after ${wait} s.`, {
          headers: { 'retry-after': String(wait) },
        });
      }
    }
    let idem: { key: string; fingerprint: string } | null = null;
    if (found.route.mutation) {
      const key = header(req.headers, 'idempotency-key')?.trim();
      if (!key) throw new ApiError(400, 'idempotency_key_required', 'Mutations need an Idempotency-Key header (a UUID v4 is advised).');
      if (key.length > 255) throw new ApiError(400, 'validation_error', 'The Idempotency-Key is longer than 255 characters.');
      const fingerprint = IdempotencyStore.fingerprint(method, path, raw);
      const stored = svc.idempotency.find(principal.accountId, key, fingerprint, svc.clock.nowMs());
      if (stored === 'mismatch') throw new ApiError(400, 'validation_error', 'This Idempotency-Key was already used for another request.');
      if (stored) {
        // The replayed body may name the first execution's request; the header must agree with it (D-BASE-2).
        const original = /"request_id":"(req_[0-9a-f]+)"/.exec(stored.body.toString('utf8'))?.[1] ?? requestId;
        send(res, stored.status, stored.body, { 'x-request-id': original, 'idempotent-replayed': 'true' }, truncate);
        return;
      }
      idem = { key, fingerprint };
    }
    const body = jsonBody(raw);
    strictRequest.body = body;
    const ctx: RouteContext = { svc, principal, requestId, params: found.params, query: url.searchParams, body, forcePreparing: fault === 'preparing' };
    let result: ApiResult;
    try {
      result = await found.route.handler(ctx);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 429 || e.status >= 500 || e.status === 401) throw e;
      result = { status: e.status, body: errorBody(e, requestId), headers: e.extra.headers };
    }
    // Shaped before it is stored, so an idempotent replay repeats the strict bytes.
    result = edge(result);
    const bytes = Buffer.from(JSON.stringify(result.body));
    if (idem) svc.idempotency.save(principal.accountId, idem.key, idem.fingerprint, { status: result.status, body: bytes }, svc.clock.nowMs());
    send(res, result.status, bytes, { 'x-request-id': requestId, ...(result.headers ?? {}) }, truncate);
  } catch (e) {
    if (e instanceof ApiError) {
      fail(e);
      return;
    }
    throw e;
  }
}

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
