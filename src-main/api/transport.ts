/**
 * The HTTP pieces both API clients share (the current generation's `client.ts` and the earlier generation's
 * `earlier/client.ts`): one exchange with undici (request and whole body, failures classified), reading
 * `Retry-After`, `X-Request-Id` and the `{error:{code,message,request_id}}` body, and the backoff.
 */
import { request, type Dispatcher } from 'undici';
import type { ApiErrorCode } from './errors';
import { messageOf, pathOf } from './problemFields';

export type Attempt =
  | { ok: true; status: number; headers: Record<string, string | string[] | undefined>; text: string; requestId: string | null }
  | { ok: false; code: 'network' | 'timeout' | 'cancelled'; reason: string; retryable: boolean; detail: string; requestId: string | null };

export type ExchangeOptions = {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
};

/** `base + path` with the defined query parameters. */
export function urlWithQuery(baseUrl: string, path: string, query: Record<string, string | number | undefined> | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** One HTTP exchange: the request and its whole body. Never throws; failures come back classified. */
export async function exchange(url: string, o: ExchangeOptions): Promise<Attempt> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: o.method,
      headers: o.headers,
      body: o.body,
      signal: o.signal,
      dispatcher: o.dispatcher,
      headersTimeout: o.headersTimeoutMs,
      bodyTimeout: o.bodyTimeoutMs,
    });
  } catch (e) {
    return { ...classifyTransportError(e, o.signal), requestId: null };
  }
  const requestId = headerValue(res.headers, 'x-request-id');
  try {
    const text = await res.body.text();
    return { ok: true, status: res.statusCode, headers: res.headers, text, requestId };
  } catch (e) {
    const f = classifyTransportError(e, o.signal);
    // The head arrived but the body broke off: the request was executed (and may have been charged).
    return { ...f, reason: f.code === 'network' ? 'truncated' : f.reason, requestId };
  }
}

/** Exponential backoff with full jitter for failure `n` (1-based), never below a server's `Retry-After` (capped). */
export function backoffDelayMs(n: number, backoff: { baseMs: number; maxMs: number }, random: () => number, retryAfterMs = 0): number {
  const cap = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (n - 1));
  return Math.max(Math.min(retryAfterMs, backoff.maxMs), Math.floor(random() * cap));
}

export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.length > 0 ? s : null;
}

/** `Retry-After` as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterFrom(headers: Record<string, string | string[] | undefined>): number | null {
  const v = headerValue(headers, 'retry-after');
  if (v === null) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function errorObjectIn(json: unknown): Record<string, unknown> | null {
  return isRecord(json) && isRecord(json.error) ? json.error : null;
}

export function errorCodeIn(json: unknown): string | null {
  const code = errorObjectIn(json)?.code;
  return typeof code === 'string' && code.length > 0 ? code : null;
}

/**
 * The error's message. The reference shows `error.message`; the body of a 422 is "not shown", so the other
 * shapes servers use are read too: a top-level `message`, a `detail` string, or a `detail` list of
 * `{loc, msg}` (FastAPI) or `{path, message}` items.
 */
export function errorMessageIn(json: unknown): string | null {
  const m = errorObjectIn(json)?.message;
  if (typeof m === 'string') return m;
  if (!isRecord(json)) return null;
  if (typeof json.message === 'string') return json.message;
  if (typeof json.detail === 'string') return json.detail;
  const details = foreignDetails(json);
  return details.length > 0 ? details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ') : null;
}

export function detailsIn(json: unknown): unknown {
  const error = errorObjectIn(json);
  if (error?.details !== undefined) return error.details;
  const details = isRecord(json) ? foreignDetails(json) : [];
  if (details.length > 0) return details;
  // One field named on the error object itself (`error.field`, `error.param`): problemFields reads it there.
  if (error && ['field', 'param', 'parameter'].some((k) => typeof error[k] === 'string')) return error;
  return undefined;
}

/** `detail: [{loc: ['body', 'limit'], msg}]` or `errors: [{path|field|source.pointer, message}]`, as `{path, message}`. */
function foreignDetails(json: Record<string, unknown>): { path: string; message: string }[] {
  const list = Array.isArray(json.detail) ? json.detail : Array.isArray(json.errors) ? json.errors : [];
  return list.filter(isRecord).map((d) => ({ path: pathOf(d), message: messageOf(d) || JSON.stringify(d) }));
}

export function requestIdIn(json: unknown): string | null {
  const fromError = errorObjectIn(json)?.request_id;
  if (typeof fromError === 'string' && fromError) return fromError;
  const top = isRecord(json) ? json.request_id : undefined;
  return typeof top === 'string' && top ? top : null;
}

export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'validation_error';
    case 401:
      return 'unauthorized';
    case 402:
      return 'balance_exhausted';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 422:
      return 'unprocessable_entity';
    default:
      return `http_${status}`;
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
/** Errors of our own making (a bad URL or header): repeating cannot help. */
/** No connection was made: the request never reached the server. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);
const PERMANENT_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_URL', 'ERR_INVALID_ARG_TYPE']);

export function classifyTransportError(
  e: unknown,
  signal: AbortSignal | undefined,
): { ok: false; code: 'network' | 'timeout' | 'cancelled'; reason: string; retryable: boolean; detail: string } {
  const code = isRecord(e) && typeof e.code === 'string' ? e.code : '';
  const name = e instanceof Error ? e.name : 'Error';
  // Only the name and code of the failure: undici messages are short, but nothing of the request is echoed.
  const detail = code ? `${name} ${code}` : name;
  if (signal?.aborted) return { ok: false, code: 'cancelled', reason: 'cancelled', retryable: false, detail };
  if (TIMEOUT_CODES.has(code)) return { ok: false, code: 'timeout', reason: 'timeout', retryable: true, detail };
  if (PERMANENT_CODES.has(code) || e instanceof TypeError) return { ok: false, code: 'network', reason: 'client_error', retryable: false, detail };
  if (UNREACHABLE_CODES.has(code)) return { ok: false, code: 'network', reason: 'unreachable', retryable: true, detail };
  return { ok: false, code: 'network', reason: 'network', retryable: true, detail };
}
