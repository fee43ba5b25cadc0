/**
 * Small HTTP helpers for the sandbox tests: real requests with undici, control calls, login,
 * "repeat while preparing" honouring retry_after, and idempotency keys.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';

import { vi } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * The tests' requests use a fresh connection each (pipelining 0 turns keep-alive off). The sandbox runs in the
 * test's own process: under heavy load a long synchronous step (a clock moved with catch_up) stalls both ends, and
 * on resuming the server's keep-alive timer could close an idle socket in the same tick the client reused it,
 * a bare ECONNRESET that says nothing about the sandbox. Loopback connections cost next to nothing.
 */
const oneConnectionEach = new Agent({ pipelining: 0 });

/** Parsed JSON of the API: tests read it freely and assert on exact values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Sandbox = { baseUrl: string; origin: string; close(): Promise<void> };
export type Res = { status: number; headers: Record<string, string>; text: string; json: Json; ms: number };
export type Tokens = { live: string; test: string };

export const ALL_STATUS = ['active', 'completed', 'cancelled'];
export const TENDERS = '/tenders/query';
export const CONTRACTS = '/contracts/query';

export const start = (): Promise<Sandbox> => startSandbox({ port: 0, seed: 7, tenders: 3000 });
export const newKey = (): string => randomUUID();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Opts = { token?: string; body?: unknown; key?: string; headers?: Record<string, string>; rawBody?: string };

/** One request to `${baseUrl}${path}` (or an absolute URL). Never throws on HTTP status. */
export async function api(sb: Sandbox, method: string, path: string, o: Opts = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.key !== undefined) headers['idempotency-key'] = o.key;
  let body: string | undefined = o.rawBody;
  if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = path.startsWith('http') ? path : sb.baseUrl + path;
  const t0 = Date.now();
  const r = await request(url, { method: method as Json, headers, body, dispatcher: oneConnectionEach });
  const text = await r.body.text();
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  let json: Json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  return { status: r.statusCode, headers: flat, text, json, ms: Date.now() - t0 };
}

/** POST (or GET for `state`) on the control surface; fails the test when it does not answer 2xx. */
export async function ctl(sb: Sandbox, name: string, body: unknown = {}): Promise<Json> {
  const get = name === 'state';
  const r = await api(sb, get ? 'GET' : 'POST', `${sb.origin}/__sandbox/${name}`, get ? {} : { body });
  if (r.status < 200 || r.status > 299) throw new Error(`control ${name} answered ${r.status}: ${r.text}`);
  return r.json;
}

export async function login(sb: Sandbox, user = 'demo'): Promise<string> {
  const r = await api(sb, 'POST', `/auth/login?login=${encodeURIComponent(user)}&password=demo&token_name=t`);
  if (r.status !== 200) throw new Error(`login ${user} answered ${r.status}: ${r.text}`);
  return r.json.token;
}

/** Back to the seed state with a rate limit high enough for bulk tests; fresh sessions for both accounts. */
export async function fresh(sb: Sandbox): Promise<Tokens> {
  await ctl(sb, 'reset');
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  return { live: await login(sb, 'demo'), test: await login(sb, 'demo-test') };
}

/** QUERY, repeating the same body while the answer is 202 preparing, waiting retry_after seconds each time. */
export async function query(sb: Sandbox, token: string, route: string, body: unknown, maxTries = 15): Promise<Res> {
  for (let i = 0; ; i++) {
    const r = await api(sb, 'POST', route, { token, body });
    if (r.status !== 202 || i >= maxTries) return r;
    await sleep(1000 * (Number(r.json?.retry_after) || 1));
  }
}

/** Reads a feed by cursor until an empty page; returns all items and the last cursor. */
export async function drain(sb: Sandbox, token: string, route: string, body: Record<string, unknown>, limit = 100) {
  const items: Json[] = [];
  let r = await query(sb, token, route, { ...body, limit });
  for (;;) {
    if (r.status !== 200) throw new Error(`drain answered ${r.status}: ${r.text}`);
    items.push(...r.json.results);
    if (r.json.results.length === 0) return { items, cursor: r.json.next_cursor as string, last: r };
    r = await query(sb, token, route, { cursor: r.json.next_cursor, limit });
  }
}

export const obj = (item: Json) => item.tender ?? item.contract;
export const ids = (items: Json[]): number[] => items.map((it) => obj(it).id);

/** Status of a tender object as a word, whatever shape the object uses for it. */
export function statusWord(t: Json): string {
  const s = t.status && typeof t.status === 'object' ? t.status.id : t.status;
  return ({ 1: 'active', 2: 'completed', 3: 'cancelled' } as Record<string, string>)[s] ?? String(s);
}

/** Every tender of the seed catalogue (current versions), read free of charge with a test token. */
export async function catalogue(sb: Sandbox, testToken: string): Promise<Json[]> {
  const { items } = await drain(sb, testToken, TENDERS, { status: ALL_STATUS });
  return items.map(obj);
}

export async function createList(sb: Sandbox, token: string, tenderIds: unknown[], name = 'список'): Promise<string> {
  const r = await api(sb, 'POST', '/lists', { token, key: newKey(), body: { name } });
  if (r.status !== 200) throw new Error(`POST /lists answered ${r.status}: ${r.text}`);
  if (tenderIds.length) {
    const a = await api(sb, 'POST', `/lists/${r.json.list_id}/items`, { token, key: newKey(), body: { ids: tenderIds } });
    if (a.status !== 200) throw new Error(`POST items answered ${a.status}: ${a.text}`);
  }
  return r.json.list_id;
}

export async function balance(sb: Sandbox, token: string): Promise<{ tenders: number; contracts: number }> {
  const r = await api(sb, 'GET', '/balance', { token });
  if (r.status !== 200) throw new Error(`GET /balance answered ${r.status}: ${r.text}`);
  return r.json.balance;
}

export async function ledger(sb: Sandbox, token: string): Promise<Json[]> {
  const rows: Json[] = [];
  let after: number | null = null;
  for (;;) {
    const r = await api(sb, 'GET', `/balance/ledger?limit=100${after !== null ? `&starting_after=${after}` : ''}`, { token });
    if (r.status !== 200) throw new Error(`ledger answered ${r.status}: ${r.text}`);
    rows.push(...r.json.data);
    if (!r.json.has_more) return rows;
    after = r.json.next_cursor;
  }
}

/** Asserts the common error shape and returns the error object. */
export function errorOf(r: Res, status: number, code: string) {
  if (r.status !== status || r.json?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${r.status}: ${r.text.slice(0, 300)}`);
  }
  const e = r.json.error;
  if (typeof e.message !== 'string' || !/^req_[0-9a-f]{20}$/.test(e.request_id) || r.headers['x-request-id'] !== e.request_id) {
    throw new Error(`bad error body or X-Request-Id: ${r.text.slice(0, 300)} / ${r.headers['x-request-id']}`);
  }
  return e;
}
