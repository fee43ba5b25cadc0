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
import { NO_CONTENT, earlierRoutes, type EarlierAnswer, type EarlierContext } from './routes';
import { strictAnswer, strictErrorBody, strictErrorHeaders } from './strict';
import { earlierFor } from './service';
import { Router, jsonBody } from '../http/router';
import { endedByFault } from '../http/faults';
import { buildEarlierOpenApi } from '../api/openapi';

/** The earlier generation's base path on the sandbox's origin. */
export const EARLIER_PREFIX = '/legacy/api/v2';

export type Sender = (res: ServerResponse, status: number, body: Buffer, headers: Record<string, string>, truncate?: boolean) => void;
export type ErrorBody = (e: ApiError, requestId: string) => Record<string, unknown>;

const router = new Router(earlierRoutes, 'the earlier generation');

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
  await host.faults.pause();
  // Documentation, not one of the 14 routes: no token, no fault (as the current generation's, D-BASE-1).
  if (path === '/openapi.json' && method === 'GET') {
    reply(200, buildEarlierOpenApi(new URL(host.baseUrl()).origin + EARLIER_PREFIX));
    return;
  }
  const found = router.match(method, path);
  const fault = host.faults.take(false);
  if (endedByFault(fault, req, fail)) return;
  try {
    if (found === null || found === 'wrong-method') throw router.refusal(found, method, path);
    const svc = host.service();
    const earlier = earlierFor(svc);
    const secret = header(req.headers, 'x-api-token')?.trim();
    if (!secret) throw new ApiError(401, 'unauthorized', 'An API token is required in the X-API-Token header.');
    if (TEST_TOKEN.test(secret)) throw new ApiError(401, 'unauthorized', 'Test tokens do not work with the earlier generation; use a live token.');
    const principal = svc.accounts.authenticate({ 'x-api-token': secret });
    if (found.route.licensed) earlier.requireLicense(principal.accountId);
    const body = jsonBody(raw);
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
