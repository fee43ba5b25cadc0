/**
 * Helpers for the earlier generation's sandbox tests: requests to `/legacy/api/v2` with `X-API-Token`,
 * the control surface, and fresh live sessions. Built on the current generation's test helpers.
 */
import { api, ctl, fresh, type Json, type Res, type Sandbox } from '../sandbox/helpers';
import { startSandbox } from '../../src-main/sandbox/index';

export { api, ctl, fresh, type Json, type Res };
export type EarlierSandbox = Sandbox & { earlierBaseUrl: string };

/** The default sandbox, whatever TENDERWB_SANDBOX_STRICT says: these suites assert its own choices (D-E-*). */
export const start = (): Promise<EarlierSandbox> => startSandbox({ port: 0, seed: 7, tenders: 3000, strict: false });
/** The strict sandbox (`strict.test.ts`). */
export const startStrict = (): Promise<EarlierSandbox> => startSandbox({ port: 0, seed: 7, tenders: 3000, strict: true });

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const ALL = 1; // «Все закупки», autosearch on
export const COMPUTERS = 2;
export const MOSCOW_44 = 3;
export const MEDICINE = 4;
export const ARCHIVE = 5; // autosearch off

type Opts = { token?: string; body?: unknown; headers?: Record<string, string> };

/** One request to the earlier generation; `token` goes in `X-API-Token`. Never throws on HTTP status. */
export function legacy(sb: EarlierSandbox, method: string, path: string, o: Opts = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token !== undefined) headers['x-api-token'] = o.token;
  return api(sb, method, sb.earlierBaseUrl + path, { headers, body: o.body });
}

/** GET that must answer 200; returns the body. */
export async function get200(sb: EarlierSandbox, path: string, token: string): Promise<Json> {
  const r = await legacy(sb, 'GET', path, { token });
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json;
}

export async function balance(sb: EarlierSandbox, token: string): Promise<Json> {
  return get200(sb, '/balance', token);
}

/** Every transaction of the history, newest first. */
export async function history(sb: EarlierSandbox, token: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const r = await get200(sb, `/balance/history?page=${page}&page_size=100`, token);
    out.push(...r.transactions);
    if (out.length >= r.total || r.transactions.length === 0) return out;
  }
}

/** Asserts the error shape (same as the current generation, D-E-ERR-1) and returns the error object. */
export function errorOf(r: Res, status: number, code: string): Json {
  if (r.status !== status || r.json?.error?.code !== code) throw new Error(`expected ${status} ${code}, got ${r.status}: ${r.text.slice(0, 300)}`);
  const e = r.json.error;
  if (typeof e.message !== 'string' || !/^req_[0-9a-f]{20}$/.test(e.request_id) || r.headers['x-request-id'] !== e.request_id) {
    throw new Error(`bad error body or X-Request-Id: ${r.text.slice(0, 300)}`);
  }
  return e;
}

/** The next 00:00 Moscow time after `iso`, as ms. */
export function nextMoscowMidnight(iso: string): number {
  const ms = Date.parse(iso);
  const day = 86_400_000;
  const msk = 3 * 3600 * 1000;
  return Math.floor((ms + msk) / day) * day + day - msk;
}

/** Seconds from the sandbox's now to the next 00:00 Moscow time, plus `extra`. */
export async function secondsToMidnight(sb: EarlierSandbox, extra = 0): Promise<number> {
  const now = (await ctl(sb, 'state')).now as string;
  return Math.ceil((nextMoscowMidnight(now) - Date.parse(now)) / 1000) + extra;
}
