/**
 * The strict mode of the earlier generation (`startSandbox({ strict: true })`, `TENDERWB_SANDBOX_STRICT=1`).
 * Where reference document 2 says "not shown" the default sandbox makes one choice (D-E-*); an independent
 * server written from the document alone may make another. Strict mode makes those other, equally valid
 * choices, so that the client is tested against what the document promises and nothing more
 * (docs/api-decisions.md, "Strict sandbox, earlier generation"):
 *
 * - error bodies are `{"detail": "..."}` with no code (D-E-ERR-1 flipped), and a daily-limit 429 has no
 *   `Retry-After` (D-E-LIM-2: the document only says "retry after 00:00 Moscow time");
 * - token routes use other names and shapes (D-E-TOK-1 flipped), DELETE answers 204 without a body;
 * - `GET /filters` and `GET /balance/history` ignore paging and answer `{filters, total}` /
 *   `{transactions, total}` whole (D-E-FLT-1, D-E-BAL-2 flipped);
 * - timestamps carry `+03:00` (never `Z`), every object and envelope carries unknown extra fields, and
 *   unknown query parameters are ignored (D-E-ERR-2 flipped).
 */
import type { ApiError } from '../service/errors';

/** Extra fields no part of document 2 names: deterministic, so answers stay comparable between runs. */
export const STRICT_EXTRA_OBJECT = { x_vendor_rev: 7 } as const;
export const STRICT_EXTRA_ENVELOPE = { x_generated_by: 'strict-sandbox', x_schema_rev: 3 } as const;

/** The strict error body: only a message, the way many HTTP frameworks answer. */
export function strictErrorBody(e: ApiError): Record<string, unknown> {
  return { detail: e.message };
}

/** Headers of a strict error: the daily limit's 429 says nothing about when to retry (section 7). */
export function strictErrorHeaders(e: ApiError): Record<string, string> {
  const headers = { ...(e.extra.headers ?? {}) };
  if (e.status === 429 && e.code === 'daily_limit_exceeded') delete headers['retry-after'];
  return headers;
}

const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** `2026-11-25T06:00:00Z` -> `2026-11-25T09:00:00+03:00`: the same instant, written with Moscow's offset. */
export function withMoscowOffset(iso: string): string {
  const ms = Date.parse(iso);
  const fraction = /\.(\d+)Z$/.exec(iso)?.[1];
  const local = new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 19);
  return `${local}${fraction ? `.${fraction}` : ''}+03:00`;
}

/**
 * A strict answer body: timestamps in `Z` rewritten to `+03:00`, an unknown field on every object, and
 * unknown fields on the envelope (the top-level object). A bare array stays an array.
 */
export function strictAnswer(body: unknown): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return UTC_ISO.test(v) ? withMoscowOffset(v) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return { ...out, ...STRICT_EXTRA_OBJECT };
  };
  const walked = walk(body);
  if (walked === null || typeof walked !== 'object' || Array.isArray(walked)) return walked;
  return { ...walked, ...STRICT_EXTRA_ENVELOPE };
}

/** Strict token shapes (D-E-TOK-1 flipped): other names for the id and the secret, a bare array for the list. */
export function strictTokenCreated(made: Record<string, unknown>): Record<string, unknown> {
  return { token_id: made.id, api_token: made.token, name: made.name };
}

export function strictTokenList(list: Record<string, unknown>): unknown[] {
  const tokens = Array.isArray(list.tokens) ? (list.tokens as Record<string, unknown>[]) : [];
  return tokens.filter((t) => t.is_active !== false).map((t) => ({ token_id: t.id, name: t.name, created: t.created_at }));
}
