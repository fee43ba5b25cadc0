/**
 * A server's answer body read as JSON once, for both API clients (transport.ts `exchange`), with what a
 * hostile server must not get past (issue 27):
 *
 * - Escapes. The exact credentials the request carried are cut out of the raw text by `exchange`, but a
 *   server that writes the token as `\u0074\u0077…` gets past a cut of the raw text, and `JSON.parse` then
 *   rebuilds it in a tender's name, which the cache stores, the CLI prints, the exports write and the team
 *   copy holds. So the same credentials are cut out of every string of the PARSED value, keys included, and
 *   the text handed on (kept in quarantine, quoted in an error) is written again from the clean value.
 */

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
  | { kind: 'not_json'; text: string };

/** A body (already cut of the secrets' literal occurrences) read as JSON, with the secrets cut from its parsed strings. */
export function readBody(text: string, secrets: readonly (string | null | undefined)[]): ReadBody {
  if (text.length === 0) return { kind: 'empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'not_json', text };
  }
  const { value, changed } = cutSecretsDeep(parsed, secrets);
  return { kind: 'json', json: value, text: changed ? JSON.stringify(value) : text };
}
