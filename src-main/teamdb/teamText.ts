/**
 * What PostgreSQL cannot hold, made holdable for the team copy. A text value may not contain the NUL
 * character (U+0000), and jsonb refuses its escape `\u0000` and a lone surrogate's escape (`\ud800` without its
 * pair) — both valid JSON, both possible in an API body or a user's label. Refused, such a row would fail its push
 * chunk on every run and stop the team sync for good (a poison pill).
 *
 * The rule: the TEAM copy holds U+FFFD (the replacement character, shown as «�») in place of each such
 * character; the local cache keeps the original untouched, so nothing this machine holds is lost, and the
 * analyst who reads a teammate's copy sees that a character was there. A control character in a tender's name
 * carries no meaning a reader could lose; refusing or skipping the whole version would lose all the rest of it.
 */

const REPLACEMENT = '\uFFFD';
const NUL = /\0/g;
// Code units, not code points (no `u` flag): a high surrogate with no low one after it, a low one with no high before.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text value as a PostgreSQL text column can hold it. */
export function teamText(value: string): string {
  return value.includes('\0') ? value.replace(NUL, REPLACEMENT) : value;
}

/** A string as jsonb holds it: no NUL, no lone surrogate (which the JSON text can only carry as an escape). */
const jsonbString = (value: string): string => teamText(value).replace(LONE_SURROGATE, REPLACEMENT);

/** Escapes jsonb may refuse: `\u0000` and any surrogate escape (checked exactly only when one is there). */
const SUSPECT = /\\u(0000|d[89a-f])/i;

function clean(value: unknown): unknown {
  if (typeof value === 'string') return jsonbString(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[jsonbString(key)] = clean(v);
    return out;
  }
  return value;
}

/**
 * A JSON text as a jsonb column can hold it: the same text when nothing in it is refused (the common case, no
 * parse), else re-written with each NUL and lone surrogate replaced by U+FFFD.
 */
export function teamJson(json: string): string {
  return SUSPECT.test(json) ? JSON.stringify(clean(JSON.parse(json))) : json;
}
