/**
 * The HTTP front of the earlier generation at `/legacy/api/v2` (D-E-BASE-1): `X-API-Token` on every
 * request (section 5, D-E-AUTH-*), the license (D-E-LIC-2), routing, injected faults and the error body of
 * the current generation (D-E-ERR-1). No per-minute rate limit and no Idempotency-Key (D-E-LIM-3).
 * In strict mode (`host.strict`) errors, bodies and shapes follow `./strict.ts` instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxHost } from '../http/host';
import { ApiError } from '../service/errors';
import { newRequestId } from '../service/secrets';
import { header } from '../service/accounts';
import { NO_CONTENT, earlierRoutes, type EarlierAnswer, type EarlierContext, type EarlierRoute } from './routes';
import { strictAnswer, strictErrorBody, strictErrorHeaders } from './strict';
import { earlierFor } from './service';

/** The earlier generation's base path on the sandbox's origin. */
export const EARLIER_PREFIX = '/legacy/api/v2';

export type Sender = (res: ServerResponse, status: number, body: Buffer, headers: Record<string, string>, truncate?: boolean) => void;
export type ErrorBody = (e: ApiError, requestId: string) => Record<string, unknown>;

type Compiled = EarlierRoute & { pattern: RegExp; names: string[] };
const compiled: Compiled[] = earlierRoutes.map((r) => {
  const names: string[] = [];
  const source = r.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { ...r, pattern: new RegExp(`^${source}$`), names };
});

function match(method: string, path: string): { route: Compiled; params: Record<string, string> } | 'wrong-method' | null {
  let known = false;
  for (const r of compiled) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    known = true;
    if (r.method !== method) continue;
    const params: Record<string, string> = {};
    r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    return { route: r, params };
  }
  return known ? 'wrong-method' : null;
}

const TEST_TOKEN = /^(tenderwb|twb)_test_/;

export const isEarlierPath = (pathname: string): boolean => pathname === EARLIER_PREFIX || pathname.startsWith(EARLIER_PREFIX + '/');

export async function handleEarlier(
  host: SandboxHost,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: Buffer,
  io: { send: Sender; errorBody: ErrorBody },
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const requestId = newRequestId();
  const strict = host.strict;
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}, truncate = false): void =>
    io.send(res, status, Buffer.from(JSON.stringify(body)), { 'x-request-id': requestId, ...headers }, truncate);
  const fail = (e: ApiError): void =>
    strict ? reply(e.status, strictErrorBody(e), strictErrorHeaders(e)) : reply(e.status, io.errorBody(e, requestId), e.extra.headers ?? {});
  const answer = (a: EarlierAnswer, truncate: boolean): void => {
    if (a === NO_CONTENT) io.send(res, 204, Buffer.alloc(0), { 'x-request-id': requestId });
    else reply(200, strict ? strictAnswer(a) : a, {}, truncate);
  };

  const path = url.pathname.slice(EARLIER_PREFIX.length) || '/';
  if (host.faults.delayMs > 0) await new Promise((r) => setTimeout(r, host.faults.delayMs));
  const found = match(method, path);
  const fault = host.faults.take(false);
  if (fault === 'reset') {
    req.socket.destroy();
    return;
  }
  if (fault === 'http500') {
    fail(new ApiError(500, 'internal_error', 'Internal error (injected by the sandbox).'));
    return;
  }
  try {
    if (found === null) throw new ApiError(404, 'not_found', `No route ${method} ${path} in the earlier generation.`);
    if (found === 'wrong-method') throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`);
    const svc = host.service();
    const earlier = earlierFor(svc);
    const secret = header(req.headers, 'x-api-token')?.trim();
    if (!secret) throw new ApiError(401, 'unauthorized', 'An API token is required in the X-API-Token header.');
    if (TEST_TOKEN.test(secret)) throw new ApiError(401, 'unauthorized', 'Test tokens do not work with the earlier generation; use a live token.');
    const principal = svc.accounts.authenticate({ 'x-api-token': secret });
    if (found.route.licensed) earlier.requireLicense(principal.accountId);
    let body: unknown;
    if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ApiError(400, 'validation_error', 'The request body is not valid JSON.');
      }
    }
    const ctx: EarlierContext = { svc, earlier, principal, requestId, params: found.params, query: url.searchParams, body, strict };
    answer(found.route.handler(ctx), fault === 'truncate');
  } catch (e) {
    if (e instanceof ApiError) {
      fail(e);
      return;
    }
    throw e;
  }
}
