/**
 * The HTTP pieces both API clients share (the current generation's `client.ts` and the earlier generation's
 * `earlier/client.ts`): one exchange with undici (request and whole body, failures classified), reading
 * `Retry-After`, `X-Request-Id` and the `{error:{code,message,request_id}}` body, the backoff, and the one
 * retry loop (`runWithRetries`).
 *
 * The loop owns what both generations do alike: the attempt counts (`RetryLimits`: 6 in all, 2 when nothing
 * could be reached, 2 when an answer overran), the backoff with full jitter (a 5xx's `Retry-After` honoured up
 * to its ceiling), cancellation, 5xx/408 repeated, a success whose body is not JSON repeated, a 4xx thrown
 * with the body's code or the status's, and whether an executed attempt's answer was lost. A `RetryPolicy`,
 * built by each client for each call, says what differs:
 * - current (`client.ts`): a 429 waits `Retry-After` and pauses the shared limiter (an attempt only beyond
 *   20 waits; thrown at once past 2 min); QUERY waits out 202 `preparing` and returns 409 `cursor_expired` as
 *   a page; only 200 is a success; an unreadable answer of a charging route is quarantined; its attempts send
 *   a Bearer token and the Idempotency-Key;
 * - earlier (`earlier/client.ts`): a 429 is the daily limit, thrown at once and blocking the charging routes
 *   (checked before the loop); any 2xx is a success, an empty one where the route allows; error bodies are
 *   read whatever their shape, 403 is the license; its attempts send `X-API-Token`; the loop's
 *   `answerLost` tells a page that its `is_new` under-reports.
 * The attempt itself (limiter slot, token, `exchange`) is `./endpoint.ts`, the same for both.
 *
 * A server is not trusted to end its answer, to end it soon or to keep its words free of our secrets:
 * - a body is read with a cap (`MAX_BODY_BYTES`) and the stream is destroyed, not buffered, past it; a body
 *   nested deeper than any legal answer is refused before it is parsed (`./answerBody.ts`);
 * - besides undici's headers and idle-body timeouts, a deadline bounds the whole exchange (a trickle of one
 *   byte every few seconds never trips an idle timeout);
 * - every credential the request carried is cut out of the body and the request id before the clients read
 *   them, out of the parsed body's every string too (a `\u`-escaped token is rebuilt by the parse:
 *   `./answerBody.ts`); request ids and everything of an error are also cleared of anything in the token formats
 *   (errors.ts `redactSecrets`), which a body is not: a token-issuing answer carries a new secret on purpose.
 */
import type { Dispatcher, request as undiciRequest } from 'undici';
import { RESPONSE_TOO_LARGE, redactSecrets, type ApiError, type ApiErrorCode, type ApiErrorInit } from './errors';
import type { z } from 'zod';
import { messageOf, pathOf } from './problemFields';
import { MAX_JSON_DEPTH, readBody } from './answerBody';

/**
 * undici is loaded at the first exchange, not at start: it is the heaviest module the CLI imports (about a third
 * of a `tenderwb` start), and the commands that answer from the cache never need it.
 */
let undici: Promise<typeof undiciRequest> | undefined;
const loadRequest = (): Promise<typeof undiciRequest> => (undici ??= import('undici').then((m) => m.request));

/**
 * The largest body read, in bytes. The biggest legal answer is a page of 100 objects (reference 8, `limit`
 * 1-100). A full page of 100 sandbox tenders measures about 120 KB (a card about 4 KB); allowing a real
 * tender 20 KB, a page is about 2 MB. 16 MiB leaves eight times that (over a hundred times the measured page)
 * and still keeps a hostile answer (one of 50 MB took the core to 790 MB) from growing the process.
 */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** A request id longer than this is not an id (the sandbox's are 24 characters); it is cut to this length. */
const MAX_REQUEST_ID_CHARS = 200;

export type AttemptFailureCode = 'network' | 'timeout' | 'cancelled' | 'response_too_large' | 'bad_response';

export type Attempt =
  | {
      ok: true;
      status: number;
      headers: Record<string, string | string[] | undefined>;
      /** The body as handed on: free of the request's credentials, also where they were JSON-escaped (answerBody.ts). */
      text: string;
      /** The body parsed (`readBody`), the credentials cut from its every string; undefined when empty or not JSON. */
      json: unknown;
      /** The body is JSON (an empty body is not). */
      isJson: boolean;
      requestId: string | null;
    }
  | {
      ok: false;
      code: AttemptFailureCode;
      reason: string;
      retryable: boolean;
      detail: string;
      requestId: string | null;
      /** The head arrived: the request was executed (and may have been charged), its answer lost or cut. */
      executed?: true;
    };

type FailedAttempt = Extract<Attempt, { ok: false }>;

/** What both clients' errors say of a failed attempt: the route, the attempts made, the reason. */
export function attemptFailure(route: string, failures: number, a: FailedAttempt): ApiErrorInit {
  return {
    code: a.code,
    message: `${route} failed after ${failures} attempt(s): ${a.reason} (${a.detail})`,
    retryable: a.retryable,
    ...(a.code === 'response_too_large' ? { text: RESPONSE_TOO_LARGE } : {}),
  };
}

/** A server that trickled, flooded or kept silent once will likely do it again: such attempts are few. */
export const overran = (a: FailedAttempt): boolean => a.code === 'timeout' || a.code === 'response_too_large';

export type ExchangeOptions = {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The whole exchange, from sending to the last byte of the body. */
  deadlineMs: number;
  /** Starts the deadline's timer (default `setTimeout`); a test's fake clock fires it. */
  deadlineTimer?: DeadlineTimer;
  /** Default `MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /** The credentials the request carries (the token): cut out of everything the server sends back. */
  secrets?: readonly (string | null | undefined)[];
  /**
   * Cut out of an answer that is not a success only (a login's password): a short password may well occur in
   * the random part of the token a successful login answers, which must come back whole.
   */
  errorSecrets?: readonly (string | null | undefined)[];
};

/** Calls `fire` after `ms`; returns what cancels it. */
export type DeadlineTimer = (ms: number, fire: () => void) => () => void;

const realTimer: DeadlineTimer = (ms, fire) => {
  const t = setTimeout(fire, ms);
  return () => clearTimeout(t);
};

/** `base + path` with the defined query parameters. */
export function urlWithQuery(baseUrl: string, path: string, query: Record<string, string | number | undefined> | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** One HTTP exchange: the request and its whole body. Never throws; failures come back classified. */
export async function exchange(url: string, o: ExchangeOptions): Promise<Attempt> {
  const deadline = new AbortController();
  const cancelDeadline = (o.deadlineTimer ?? realTimer)(o.deadlineMs, () => deadline.abort());
  const signal = o.signal ? AbortSignal.any([o.signal, deadline.signal]) : deadline.signal;
  const overrun = (e: unknown, requestId: string | null): Attempt => {
    if (o.signal?.aborted) return { ...classifyTransportError(e, o.signal), requestId };
    if (deadline.signal.aborted) {
      return { ok: false, code: 'timeout', reason: 'deadline', retryable: true, detail: `no whole answer within ${o.deadlineMs} ms`, requestId };
    }
    return { ...classifyTransportError(e, o.signal), requestId };
  };
  try {
    let res: Dispatcher.ResponseData;
    try {
      const request = await loadRequest();
      res = await request(url, {
        method: o.method,
        headers: o.headers,
        body: o.body,
        signal,
        dispatcher: o.dispatcher,
        headersTimeout: o.headersTimeoutMs,
        bodyTimeout: o.bodyTimeoutMs,
      });
    } catch (e) {
      return overrun(e, null);
    }
    const rawId = headerValue(res.headers, 'x-request-id');
    const secrets = res.statusCode >= 300 ? [...(o.secrets ?? []), ...(o.errorSecrets ?? [])] : (o.secrets ?? []);
    const requestId = rawId === null ? null : cleanRequestId(rawId, secrets);
    const maxBytes = o.maxBodyBytes ?? MAX_BODY_BYTES;
    try {
      // A declared length over the cap is refused before a byte of the body is read.
      if (Number(headerValue(res.headers, 'content-length')) > maxBytes) {
        res.body.destroy();
        throw new BodyTooLargeError(`declared over ${maxBytes} bytes`);
      }
      const raw = withoutSecrets(await readCapped(res.body, maxBytes), secrets);
      // Parsed here, once, where the credentials are known: a token written with `\u` escapes is rebuilt by the
      // parse, so it is cut from the parsed strings too.
      const body = readBody(raw, secrets);
      if (body.kind === 'too_deep') {
        // No legal answer nests so deep, and parsing it is what costs (1-2 GB for 5M levels): refused unparsed,
        // not repeated (the server would send it again) and not kept (nothing of it could ever be read).
        return {
          ok: false,
          code: 'bad_response',
          reason: 'too_deep',
          retryable: false,
          detail: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
          requestId,
          executed: true,
        };
      }
      return {
        ok: true,
        status: res.statusCode,
        headers: res.headers,
        text: body.kind === 'empty' ? '' : body.text,
        json: body.kind === 'json' ? body.json : undefined,
        isJson: body.kind === 'json',
        requestId,
      };
    } catch (e) {
      if (e instanceof BodyTooLargeError) {
        // Executed (and perhaps charged), but nothing of it is kept: a cut body is never stored.
        return { ok: false, code: 'response_too_large', reason: 'too_large', retryable: true, detail: `body over ${maxBytes} bytes`, requestId, executed: true };
      }
      const f = overrun(e, requestId);
      // The head arrived but the body broke off: the request was executed (and may have been charged).
      return f.ok ? f : { ...f, reason: f.code === 'network' ? 'truncated' : f.reason, executed: true };
    }
  } finally {
    cancelDeadline();
  }
}

/** The body as text, or a `BodyTooLargeError` as soon as it passes `maxBytes` (the stream is destroyed). */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new BodyTooLargeError(`over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, size));
}

/**
 * The exact credentials cut out of a body. Not the token patterns: a token-issuing answer (login, new token)
 * carries a new secret on purpose; the patterns are applied to what is shown (errors, request ids) instead.
 */
function withoutSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('***');
  return out;
}

/** A server's request id, free of secrets and of reasonable length (it is shown, logged and stored). */
export function cleanRequestId(id: string, secrets: readonly (string | null | undefined)[] = []): string {
  const clean = redactSecrets(id, secrets);
  return clean.length > MAX_REQUEST_ID_CHARS ? `${clean.slice(0, MAX_REQUEST_ID_CHARS)}…` : clean;
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
  if (typeof fromError === 'string' && fromError) return cleanRequestId(fromError);
  const top = isRecord(json) ? json.request_id : undefined;
  return typeof top === 'string' && top ? cleanRequestId(top) : null;
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

// --- The retry loop ------------------------------------------------------------------------------------------

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const DEFAULT_MAX_ATTEMPTS = 6;
export const DEFAULT_MAX_UNREACHABLE_ATTEMPTS = 2;
export const DEFAULT_MAX_OVERRUN_ATTEMPTS = 2;
export const DEFAULT_BACKOFF = { baseMs: 500, maxMs: 30_000 } as const;

/** How many attempts one call may make and how it waits between them: the same rules for both generations. */
export type RetryLimits = {
  /** Attempts for 5xx, dropped connections and unreadable bodies. */
  maxAttempts: number;
  /** Attempts when no connection could be made at all (the request never reached the server). */
  maxUnreachableAttempts: number;
  /** Attempts when an answer overran a timeout, the deadline or the body cap (`overran`). */
  maxOverrunAttempts: number;
  backoff: { baseMs: number; maxMs: number };
  sleep: Sleep;
  /** Source of jitter in [0, 1). */
  random: () => number;
};

/** The options of both clients that set their `RetryLimits`. */
export type RetryOptions = {
  /** Attempts for 5xx, dropped connections and unreadable bodies; default 6. */
  maxAttempts?: number;
  /**
   * Attempts when no connection could be made at all (refused, no route, no DNS); default 2. Such a request
   * never reached the server, so giving up early risks no charge, and the app falls back to its cache in
   * about a second instead of after the full backoff.
   */
  maxUnreachableAttempts?: number;
  /**
   * Attempts when an answer overran a timeout, the deadline or the body cap; default 2. A server that trickles or floods
   * once will likely do it again: the call fails (retryable) in a bounded time instead of six times over.
   */
  maxOverrunAttempts?: number;
  /** Exponential backoff with full jitter: a delay in [0, min(maxMs, baseMs * 2^(n-1))]. Default 500 / 30 000. */
  backoff?: { baseMs: number; maxMs: number };
  /** Default: an abortable `setTimeout`. */
  sleep?: Sleep;
  /** Source of jitter in [0, 1); default Math.random. */
  random?: () => number;
};

/** A client's options read into limits: whole numbers of at least one, the special kinds never above `maxAttempts`. */
export function retryLimits(o: RetryOptions, defaultSleep: Sleep): RetryLimits {
  const maxAttempts = Math.max(1, Math.floor(o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
  const atMostAll = (n: number): number => Math.max(1, Math.min(maxAttempts, Math.floor(n)));
  return {
    maxAttempts,
    maxUnreachableAttempts: atMostAll(o.maxUnreachableAttempts ?? DEFAULT_MAX_UNREACHABLE_ATTEMPTS),
    maxOverrunAttempts: atMostAll(o.maxOverrunAttempts ?? DEFAULT_MAX_OVERRUN_ATTEMPTS),
    backoff: o.backoff ?? DEFAULT_BACKOFF,
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
  };
}

/** Told before each backoff wait (both generations' events carry this shape). */
export type RetryEvent = { type: 'retry'; route: string; attempt: number; delayMs: number; reason: string; requestId: string | null };

/** An answer that arrived whole: its status and headers, its body as text and read as JSON. */
export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed; undefined when it is empty or not JSON. */
  json: unknown;
  /** The body is JSON, or it is empty and that is a whole answer (any error; a policy's `emptyBodyOk`). */
  jsonOk: boolean;
  /** The body's `request_id`, else the `X-Request-Id` header. */
  requestId: string | null;
};

/** What the loop lends a policy's hooks. */
export type RetryControl = {
  /** An error of this call: through the policy's `error`, with the last request id seen when it names none. */
  fail(init: ApiErrorInit): ApiError;
  /** Waits `ms`; throws the call's `cancelled` error when its signal fires. */
  wait(ms: number): Promise<void>;
  /** Counts one failed attempt; true when it was the last one allowed (the hook then throws). */
  countFailure(): boolean;
  /** The last request id any attempt of this call named. */
  lastRequestId(): string | null;
};

/**
 * What one call of one generation reads its own way. The loop owns the rest: the attempts and their counts,
 * the backoff, cancellation, 5xx/408, a success whose body is not JSON, the 4xx error and an unexpected status.
 */
export type RetryPolicy<R> = {
  /** Method and path template, for messages and events. */
  route: string;
  signal?: AbortSignal;
  /** One exchange: limiter slot, credentials, request, whole body. */
  attempt(): Promise<Attempt>;
  /** Builds an error of this call (the message cleared of the call's secrets). */
  error(init: ApiErrorInit): ApiError;
  onRetry(e: RetryEvent): void;
  /** The code an error body names, or null: the status then decides. */
  codeIn(json: unknown): string | null;
  /** What an error body says, for the technical message. */
  messageIn(json: unknown, text: string): string;
  /**
   * Repeating the call can neither charge nor change anything (a GET of a free route, a mutation under its
   * Idempotency-Key): only such a call is tried again after a timeout. Any other (a page, a card, a login) fails
   * at its first timeout: a server that dripped one answer past the deadline drips the next too, and a second
   * wait doubled the time a default page took to fail (242 s).
   */
  idempotentAndFree: boolean;
  /** A success status whose empty body is whole, not cut (the earlier generation's 204). */
  emptyBodyOk?(status: number): boolean;
  /** A success status whose body need not be JSON at all (the current generation's 202 `preparing`). */
  anyBodyOk?(status: number): boolean;
  /** A 429: waits and returns (the loop sends again), or throws. */
  rateLimited(answer: Answer, ctl: RetryControl): Promise<void>;
  /** An answer below 500, not a 429, its body readable: the result, `'again'` after a wait, or null (the shared 4xx rule). */
  settle(answer: Answer, ctl: RetryControl): Promise<{ result: R } | 'again' | null>;
  /** A 4xx the policy did not settle: the code (the body's or the status's), details and sentence of its error. */
  clientError(answer: Answer): Pick<ApiErrorInit, 'code' | 'details' | 'userMessage'>;
  /** The last success whose body is not JSON, given up on: kept where it may have been paid for. */
  keepUnreadable?(answer: Answer, reason: string): void;
};

/**
 * One logical call: attempts, waits and the policy's reading until a result or an `ApiError`.
 * `answerLost`: an earlier attempt was executed (its head arrived, or a success came back unreadable) but its
 * answer is not the one returned; what that answer did (a charge, `is_new`) is not seen in the result.
 */
export async function runWithRetries<R>(limits: RetryLimits, policy: RetryPolicy<R>): Promise<{ result: R; answerLost: boolean }> {
  const { route, signal } = policy;
  let failures = 0;
  let unreachable = 0;
  let overruns = 0;
  let answerLost = false;
  let lastRequestId: string | null = null;

  const fail = (init: ApiErrorInit): ApiError => policy.error({ ...init, requestId: init.requestId ?? lastRequestId });
  const cancelled = (): ApiError => fail({ code: 'cancelled', message: `${route} was cancelled`, retryable: false });
  const wait = async (ms: number): Promise<void> => {
    try {
      await limits.sleep(ms, signal);
    } catch (e) {
      if (signal?.aborted) throw cancelled();
      throw e;
    }
    if (signal?.aborted) throw cancelled();
  };
  const countFailure = (): boolean => ++failures >= limits.maxAttempts;
  /** Counts a failed attempt; throws when none are left, otherwise waits the backoff. */
  const retryOrThrow = async (reason: string, requestId: string | null, err: () => ApiError, retryAfterMs = 0): Promise<void> => {
    if (countFailure()) throw err();
    // A server's Retry-After on a 5xx is honoured, but never beyond the backoff ceiling.
    const delayMs = backoffDelayMs(failures, limits.backoff, limits.random, retryAfterMs);
    policy.onRetry({ type: 'retry', route, attempt: failures, delayMs, reason, requestId });
    await wait(delayMs);
  };
  const ctl: RetryControl = { fail, wait, countFailure, lastRequestId: () => lastRequestId };

  for (;;) {
    if (signal?.aborted) throw cancelled();
    const a = await policy.attempt();
    if (a.requestId) lastRequestId = a.requestId;

    if (!a.ok) {
      if (a.code === 'cancelled') throw cancelled();
      // The head arrived, so the service executed the request (and may have charged it). Without an
      // X-Request-Id (the earlier generation promises none) a body cut off after the head tells the same, and
      // so does an answer cut at the body cap or the deadline once its head had arrived (`executed`).
      if (a.requestId || a.reason === 'truncated' || a.executed) answerLost = true;
      const err = (): ApiError => fail(attemptFailure(route, failures, a));
      if (
        !a.retryable ||
        (a.code === 'timeout' && !policy.idempotentAndFree) ||
        (a.reason === 'unreachable' && ++unreachable >= limits.maxUnreachableAttempts) ||
        (overran(a) && ++overruns >= limits.maxOverrunAttempts)
      ) {
        failures += 1;
        throw err();
      }
      await retryOrThrow(a.reason, a.requestId, err);
      continue;
    }

    const answer = readAnswer(a, policy);
    if (answer.requestId) lastRequestId = answer.requestId;
    const { status, json, requestId } = answer;

    if (status === 429) {
      await policy.rateLimited(answer, ctl);
      continue;
    }

    // 5xx (and 408): the request may not have been executed, or its answer was lost; repeat it.
    if (status >= 500 || status === 408) {
      await retryOrThrow(
        `http_${status}`,
        requestId,
        () =>
          fail({
            code: policy.codeIn(json) ?? (status >= 500 ? 'internal_error' : 'timeout'),
            status,
            requestId,
            retryable: true,
            message: `${route} answered ${status} ${failures} time(s): ${policy.messageIn(json, answer.text)}`,
          }),
        retryAfterFrom(a.headers) ?? 0,
      );
      continue;
    }

    if (!answer.jsonOk && status < 300 && !policy.anyBodyOk?.(status)) {
      // A cut or garbled body of a success: the request was executed; repeating it is safe (a QUERY is
      // idempotent by construction, a mutation replays its stored answer under the same key, an earlier-
      // generation page charges a tender once). The last one is handed to the policy to keep.
      answerLost = true;
      await retryOrThrow('bad_json', requestId, () => {
        policy.keepUnreadable?.(answer, 'the body is not JSON');
        return fail({ code: 'bad_response', status, requestId, retryable: true, message: `${route} answered ${status} with a body that is not JSON` });
      });
      continue;
    }

    const settled = await policy.settle(answer, ctl);
    if (settled === 'again') continue;
    if (settled) return { result: settled.result, answerLost };

    if (status >= 400 && status < 500) {
      const { code, details, userMessage } = policy.clientError(answer);
      throw fail({
        code,
        status,
        requestId,
        retryable: false,
        details,
        message: `${route} answered ${status} ${code}: ${policy.messageIn(json, answer.text)}`,
        userMessage,
      });
    }

    throw fail({ code: 'bad_response', status, requestId, retryable: false, message: `${route} answered an unexpected status ${status}` });
  }
}

/** A whole answer read: the body as JSON where it is JSON, and the request id it names. */
function readAnswer(a: Extract<Attempt, { ok: true }>, policy: Pick<RetryPolicy<unknown>, 'emptyBodyOk'>): Answer {
  const json = a.json;
  const jsonOk = a.text.length > 0 ? a.isJson : a.status >= 300 || (policy.emptyBodyOk?.(a.status) ?? false);
  return { status: a.status, headers: a.headers, text: a.text, json, jsonOk, requestId: requestIdIn(json) ?? a.requestId };
}

/** What a schema found wrong with an answer: up to 20 problems by path, and the same as one line. */
export function schemaProblems(error: z.ZodError): { details: { path: string; message: string }[]; reason: string } {
  const details = error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: i.message }));
  return { details, reason: details.map((d) => `${d.path}: ${d.message}`).join('; ') };
}
