/**
 * A server's answer body read as JSON once, for both API clients (transport.ts `exchange`), with what a
 * hostile server must not get past:
 *
 * - Nesting. `JSON.parse` of a 10 MB body of 5 million `[` built a structure that took the CLI to 1-2 GB and
 *   the web core to 836 MB before any schema could refuse it. No legal answer nests deeper than a dozen levels
 *   (a card: card → lots → positions → okpd2 → …), so a body nested deeper than `MAX_JSON_DEPTH` is refused
 *   by a scan of its characters BEFORE it is parsed: one pass, no allocation.
 * - Escapes. The exact credentials the request carried are cut out of the raw text by `exchange`, but a
 *   server that writes the token as `\u0074\u0077…` gets past a cut of the raw text, and `JSON.parse` then
 *   rebuilds it in a tender's name, which the cache stores, the CLI prints, the exports write and the team
 *   copy holds. So the same credentials are cut out of every string of the PARSED value, keys included, and
 *   the text handed on (kept in quarantine, quoted in an error) is written again from the clean value.
 */

import { QUOTE, BACKSLASH, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY } from '../domain/jsonBytes';

/** Deeper than any legal answer of either generation (a page or a card nests about 8 levels). */
export const MAX_JSON_DEPTH = 64;


/**
 * True when `text` opens more than `max` objects or arrays inside one another, counting brackets outside
 * strings only (a `[` in a tender's name is not nesting). Not a validator: a body that is not JSON passes
 * here and fails the parse. A page of 100 sandbox tenders (160 KB) is scanned in about 0.6 ms, half what
 * JSON.parse of it takes (measured under load on the shared 2-core machine).
 */
export function nestingExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: the next quote not escaped.
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** Cuts each secret (4 characters or more) out of a string: the same string when none occurs. */
function cutString(s: string, secrets: readonly string[]): string {
  let out = s;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}

/**
 * `value` with every secret cut out of every string in it, keys included, and whether anything was cut.
 * Objects and arrays are changed in place (the value is the client's own, just parsed); an object whose key
 * carried a secret is rebuilt in the same key order. A key `__proto__` stays an own property.
 */
export function cutSecretsDeep(value: unknown, secrets: readonly (string | null | undefined)[]): { value: unknown; changed: boolean } {
  const cut = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  if (cut.length === 0) return { value, changed: false };
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const clean = cutString(v, cut);
      if (clean !== v) changed = true;
      return clean;
    }
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'object' || typeof item === 'string') v[i] = walk(item);
      }
      return v;
    }
    const record = v as Record<string, unknown>;
    const keys = Object.keys(record);
    let keyCut = false;
    for (const key of keys) {
      const item = record[key];
      if (typeof item === 'object' || typeof item === 'string') {
        const clean = walk(item);
        if (clean !== item) define(record, key, clean);
      }
      if (cutString(key, cut) !== key) keyCut = true;
    }
    if (!keyCut) return v;
    changed = true;
    const rebuilt: Record<string, unknown> = {};
    for (const key of keys) define(rebuilt, cutString(key, cut), record[key]);
    return rebuilt;
  };
  const out = walk(value);
  return { value: out, changed };
}

/** Sets an own, enumerable property, also one named `__proto__` (an assignment would set the prototype). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export type ReadBody =
  /** No body at all. */
  | { kind: 'empty' }
  /** JSON, parsed and cut of the secrets; `text` is the body as handed on (written again when something was cut). */
  | { kind: 'json'; json: unknown; text: string }
  /** Not JSON (a cut body, an HTML error page): `text` as it came. */
  | { kind: 'not_json'; text: string }
  /** Nested deeper than `MAX_JSON_DEPTH`: never parsed. */
  | { kind: 'too_deep' };

/** A body (already cut of the secrets' literal occurrences) read as JSON, with the secrets cut from its parsed strings. */
export function readBody(text: string, secrets: readonly (string | null | undefined)[], maxDepth: number = MAX_JSON_DEPTH): ReadBody {
  if (text.length === 0) return { kind: 'empty' };
  if (nestingExceeds(text, maxDepth)) return { kind: 'too_deep' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'not_json', text };
  }
  if (!mayHideEscaped(text, secrets)) return { kind: 'json', json: parsed, text };
  const { value, changed } = cutSecretsDeep(parsed, secrets);
  return { kind: 'json', json: value, text: changed ? JSON.stringify(value) : text };
}

/** A character JSON can only write escaped (`\"`, `\\`, control characters) or may (`\/`). */
const shortEscaped = (s: string): boolean => [...s].some((c) => c === '"' || c === '\\' || c === '/' || c.charCodeAt(0) < 0x20);

/**
 * Whether the parse could rebuild a secret that the raw text does not show: only through an escape. A token
 * has no character with a short escape, so a text without `\u` (most pages: the sandbox's have none) cannot,
 * and its walk is skipped.
 */
function mayHideEscaped(text: string, secrets: readonly (string | null | undefined)[]): boolean {
  const cut = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  if (cut.length === 0) return false;
  return text.includes('\\u') || cut.some(shortEscaped);
}
