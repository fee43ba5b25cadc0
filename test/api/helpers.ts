/**
 * Helpers for the API client tests: the sandbox control surface, a dispatcher that records every request the
 * client really sends (method, path, exact body bytes, headers), a fast sleep that records what the client
 * asked to wait, and a client factory wired to all of them.
 */
import { Agent, request, type Dispatcher } from 'undici';
import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { ApiError } from '../../src-main/api/errors';
import { RateLimiter, abortableSleep } from '../../src-main/api/rateLimiter';
import type { ClientEvent } from '../../src-main/api/types';

export type Sent = { method: string; path: string; body: string | undefined; headers: Record<string, string> };

/** Headers as undici hands them to a dispatcher (object, flat array or iterable), lower-cased. */
function flattenHeaders(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  if (Array.isArray(h)) {
    for (let i = 0; i + 1 < h.length; i += 2) out[String(h[i]).toLowerCase()] = String(h[i + 1]);
    return out;
  }
  const entries: Iterable<[string, unknown]> =
    typeof (h as Iterable<unknown>)[Symbol.iterator] === 'function' ? (h as Iterable<[string, unknown]>) : Object.entries(h as Record<string, unknown>);
  for (const [k, v] of entries) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

/** A dispatcher that records each request before passing it on. */
export function recordingDispatcher(): { dispatcher: Dispatcher; sent: Sent[]; close(): Promise<void> } {
  const agent = new Agent();
  const sent: Sent[] = [];
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    sent.push({
      method: String(opts.method),
      path: String(opts.path),
      body: typeof opts.body === 'string' ? opts.body : undefined,
      headers: flattenHeaders(opts.headers),
    });
    return dispatch(opts, handler);
  });
  return { dispatcher, sent, close: () => agent.close() };
}

export async function control(origin: string, name: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const get = name === 'state';
  const r = await request(`${origin}/__sandbox/${name}`, {
    method: get ? 'GET' : 'POST',
    headers: get ? {} : { 'content-type': 'application/json' },
    body: get ? undefined : JSON.stringify(body),
  });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`control ${name} answered ${r.statusCode}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export type Harness = {
  client: ApiClient;
  events: ClientEvent[];
  /** Every wait the client asked for (backoff, preparing, Retry-After), in ms. */
  sleeps: number[];
  sent: Sent[];
  /** Requests to one route, e.g. `POST /api/v2/tenders/query`. */
  sentTo(method: string, path: string): Sent[];
  close(): Promise<void>;
};

/**
 * A client against the sandbox with a generous limiter, a fast sleep (waits at most `realSleepMs` of the
 * requested time, but honours the signal) and request recording. `overrides` replace any option.
 */
export function harness(
  baseUrl: string,
  token: string | (() => string),
  overrides: Partial<ApiClientOptions> & { realSleepMs?: number; onSleep?: (ms: number, n: number) => Promise<void> | void } = {},
): Harness {
  const events: ClientEvent[] = [];
  const sleeps: number[] = [];
  const rec = recordingDispatcher();
  const { realSleepMs = 5, onSleep, ...rest } = overrides;
  const client = new ApiClient({
    baseUrl,
    token: typeof token === 'function' ? token : () => token,
    limiter: new RateLimiter({ perMinute: 1_000_000 }),
    dispatcher: rec.dispatcher,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      await onSleep?.(ms, sleeps.length);
      await abortableSleep(Math.min(ms, realSleepMs), signal);
    },
    onEvent: (e) => events.push(e),
    ...rest,
  });
  return {
    client,
    events,
    sleeps,
    sent: rec.sent,
    sentTo: (method, path) => rec.sent.filter((s) => s.method === method && s.path.split('?')[0] === path),
    close: rec.close,
  };
}

/** The rejection of `p` as an ApiError (fails the test when `p` resolves or rejects with something else). */
export async function apiErrorOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw new Error(`expected an ApiError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected an ApiError, but the call succeeded');
}

export const REQUEST_ID = /^req_[0-9a-f]{20}$/;
