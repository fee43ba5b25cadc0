/**
 * What `answerBody.ts` refuses or cuts before an answer goes further. Nesting is counted outside
 * strings only and refused past `MAX_JSON_DEPTH` before a parse; the request's credentials are cut
 * from every parsed string and key, and nothing else of the value changes.
 */
import { describe, expect, it } from 'vitest';
import { cutSecretsDeep, MAX_JSON_DEPTH, nestingExceeds, readBody } from '../../src-main/api/answerBody';

const nested = (depth: number): string => `${'['.repeat(depth - 1)}{"a":1}${']'.repeat(depth - 1)}`;

describe('nesting is refused past the limit, before a parse', () => {
  it('a body as deep as the limit passes, one level more does not', () => {
    expect(nestingExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestingExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(readBody(nested(MAX_JSON_DEPTH + 1), [])).toEqual({ kind: 'too_deep' });
    expect(readBody(nested(MAX_JSON_DEPTH), []).kind).toBe('json');
  });

  it('brackets inside strings, escaped quotes included, are not nesting', () => {
    const name = `${'['.repeat(500)} \\" ${'{'.repeat(500)}`;
    const text = `{"results":[{"tender":{"name":"${name}","quote":"\\\\"}}],"x":"${']'.repeat(10)}"}`;
    expect(JSON.parse(text)).toBeTruthy();
    expect(nestingExceeds(text)).toBe(false);
    // The same brackets outside a string are nesting.
    expect(nestingExceeds(`${'['.repeat(500)}${']'.repeat(500)}`)).toBe(true);
  });
});

describe('the credentials are cut from the parsed value', () => {
  const SECRET = 'tenderwb_live_Cut0123456789';

  it('from strings and keys at any depth, keeping the key order and everything else', () => {
    const value = JSON.parse(`{"a":"x ${SECRET}","k_${SECRET}":[1,true,null,{"b":"${SECRET}${SECRET}"}],"z":2}`) as unknown;
    const { value: clean, changed } = cutSecretsDeep(value, [SECRET]);
    expect(changed).toBe(true);
    expect(clean).toEqual({ a: 'x ***', 'k_***': [1, true, null, { b: '******' }], z: 2 });
    expect(Object.keys(clean as object)).toEqual(['a', 'k_***', 'z']);
  });

  it('a `__proto__` key stays an own property when its object is rebuilt', () => {
    const value = JSON.parse(`{"__proto__":{"polluted":1},"k_${SECRET}":1}`) as unknown;
    const { value: clean } = cutSecretsDeep(value, [SECRET]);
    expect(Object.keys(clean as object)).toEqual(['__proto__', 'k_***']);
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('escaped with \\u, or with a short escape where the secret has such a character, it is cut and the text written again', () => {
    const escaped = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(readBody(`{"name":"x ${escaped}"}`, [SECRET])).toEqual({ kind: 'json', json: { name: 'x ***' }, text: '{"name":"x ***"}' });
    const quoted = 'Zq"9/odd\\token';
    expect(readBody(JSON.stringify({ name: `x ${quoted}` }), [quoted])).toMatchObject({ json: { name: 'x ***' } });
  });

  it('a body without the credentials is handed on as it came', () => {
    const text = '{"a":"b","c":[1,2]}';
    expect(readBody(text, [SECRET])).toEqual({ kind: 'json', json: { a: 'b', c: [1, 2] }, text });
  });
});
