/**
 * What both API clients hold of the server they talk to, and one attempt at it: the base URL, the token
 * provider, the rate limiter, the dispatcher, the timeouts and the body cap. An attempt takes a limiter slot,
 * asks for the token anew (a token changed in the vault is picked up at once), sends the request through
 * transport's `exchange` and comes back classified; the generations differ only in the header that carries
 * the token, which the caller names. The retry loop around attempts is transport's `runWithRetries`.
 */
import type { Dispatcher } from 'undici';
import { ApiError } from './errors';
import type { NotFoundSubject } from '../i18n/notFoundText';
import { RateLimiter } from './rateLimiter';
import { exchange, urlWithQuery, type Attempt, type DeadlineTimer } from './transport';

/**
 * Default 60 s each for the headers and for an idle body; 80 s for the whole exchange. A page or a card is not
 * repeated after a timeout (transport's `idempotentAndFree`), so 80 s is all a server dripping its answer can
 * hold one up: under the 90 s the hardening goal asks of a default page (it took 242 s: a 120 s deadline, then a retry).
 * A real page of 100 tenders (about 2 MB at most) needs a fraction of it.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_DEADLINE_MS = 80_000;

export type EndpointOptions = {
  baseUrl: string;
  /** Asked before every attempt, so a token changed in the vault is picked up at once. */
  token: () => string | Promise<string>;
  /** Default: a private limiter of 100 requests a minute. */
  limiter?: RateLimiter;
  /** Default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
  /** Headers and idle body 60 s each, the whole exchange 80 s (`deadlineMs`, which a trickling body cannot stretch). */
  timeouts?: { headersMs?: number; bodyMs?: number; deadlineMs?: number };
  /** Starts each exchange's deadline timer; default `setTimeout` (a test's fake clock fires it). */
  deadlineTimer?: DeadlineTimer;
  /** The largest body read; default transport's `MAX_BODY_BYTES` (16 MiB). */
  maxBodyBytes?: number;
};

/** Where a call goes: the part of each client's call description the endpoint reads. */
export type CallTarget = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Encoded path below the base URL, without the query string. */
  path: string;
  /** For messages and events: method and path template (`GET /lists/{list_id}`), never the query string. */
  route: string;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** What the call is about (the object in its path, the set a QUERY names): a 404 names it. */
  subject?: NotFoundSubject;
};

/** How one attempt of a call is sent. */
export type Sending = {
  /** The body, serialized once by the caller so that every attempt sends the same bytes. */
  body?: string;
  /** The header that carries the token; null for a route that needs none (no limiter slot either). */
  credential: ((token: string) => Record<string, string>) | null;
  /** Further headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** A longer wait for the headers (a long poll); the deadline grows by as much. */
  headersTimeoutMs?: number;
  /** Cut out of an answer that is not a success only (a login's password). */
  errorSecrets?: readonly (string | null | undefined)[];
};

export class Endpoint {
  readonly limiter: RateLimiter;
  readonly headersMs: number;
  private readonly baseUrl: string;
  private readonly tokenProvider: () => string | Promise<string>;
  private readonly dispatcher: Dispatcher | undefined;
  private readonly bodyMs: number;
  private readonly deadlineMs: number;
  private readonly maxBodyBytes: number | undefined;
  private readonly deadlineTimer: DeadlineTimer | undefined;
  private token: string | null = null;

  constructor(opts: EndpointOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.tokenProvider = opts.token;
    this.limiter = opts.limiter ?? new RateLimiter();
    this.dispatcher = opts.dispatcher;
    this.headersMs = opts.timeouts?.headersMs ?? DEFAULT_TIMEOUT_MS;
    this.bodyMs = opts.timeouts?.bodyMs ?? DEFAULT_TIMEOUT_MS;
    this.deadlineMs = opts.timeouts?.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.maxBodyBytes = opts.maxBodyBytes;
    this.deadlineTimer = opts.deadlineTimer;
  }

  /** The last token handed out by the provider, kept only to cut it out of texts. */
  get lastToken(): string | null {
    return this.token;
  }

  /** One HTTP exchange: limiter slot, token, request, whole body read. Throws only when there is no token. */
  async attempt(call: CallTarget, r: Sending): Promise<Attempt> {
    try {
      if (r.credential) await this.limiter.acquire(call.signal);
    } catch {
      return { ok: false, code: 'cancelled', reason: 'cancelled', retryable: false, detail: 'limiter wait aborted', requestId: null };
    }
    let headers: Record<string, string> = { accept: 'application/json' };
    if (r.credential) {
      const token = await this.tokenProvider();
      if (typeof token !== 'string' || token.trim() === '') {
        throw new ApiError({ code: 'unauthorized', message: `${call.route}: no API token is configured`, retryable: false });
      }
      this.token = token;
      headers = { ...headers, ...r.credential(token) };
    }
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    headers = { ...headers, ...r.headers };

    const headersTimeoutMs = r.headersTimeoutMs ?? this.headersMs;
    return exchange(urlWithQuery(this.baseUrl, call.path, call.query), {
      method: call.method,
      headers,
      body: r.body,
      signal: call.signal,
      dispatcher: this.dispatcher,
      headersTimeoutMs,
      bodyTimeoutMs: this.bodyMs,
      deadlineMs: this.deadlineMs + Math.max(0, headersTimeoutMs - this.headersMs),
      deadlineTimer: this.deadlineTimer,
      maxBodyBytes: this.maxBodyBytes,
      // The server's words come back without the token (or, in a refusal, the password of a login) in them.
      secrets: [r.credential ? this.token : null],
      errorSecrets: r.errorSecrets,
    });
  }
}

/** Tells a listener of progress, which must not break a call by throwing. */
export function tell<E>(listener: ((e: E) => void) | undefined, e: E): void {
  if (!listener) return;
  try {
    listener(e);
  } catch {
    // A progress listener must not break a sync.
  }
}
