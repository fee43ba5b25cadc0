import { describe, expect, it } from 'vitest';
import { jsonFieldPicker } from '../../src-main/cache/jsonFields';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['id', 'name', 'description', 'organization', 'okpd2', 'price', 'a"b', 'back\\slash', 'ключ', ''];
const PIECES = ['Поставка', '"', '\\', '\\"', '{', '}', '[', ']', ',', ':', ' ', '\n', '\u0001', '\ud800', '😀', 'x', '""', '\\\\'];

function randomValue(rnd: () => number, depth: number): unknown {
  const r = rnd();
  // Short strings and long ones (past the length where the scan switches to a native search).
  if (r < 0.3) return Array.from({ length: Math.floor(rnd() * (rnd() < 0.3 ? 80 : 6)) }, () => PIECES[Math.floor(rnd() * PIECES.length)]).join('');
  if (r < 0.45) return Math.round(rnd() * 1e6) / (rnd() < 0.5 ? 1 : 100) * (rnd() < 0.2 ? -1 : 1);
  if (r < 0.55) return [true, false, null][Math.floor(rnd() * 3)];
  if (depth > 2) return 1;
  if (r < 0.75) return Array.from({ length: Math.floor(rnd() * 4) }, () => randomValue(rnd, depth + 1));
  return randomObject(rnd, depth + 1);
}

function randomObject(rnd: () => number, depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let n = Math.floor(rnd() * 7); n > 0; n -= 1) o[KEYS[Math.floor(rnd() * KEYS.length)]!] = randomValue(rnd, depth);
  return o;
}

const only = (o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

describe('picking fields from stored JSON', () => {
  it('gives what parsing the whole object gives for the wanted fields, whatever the text holds', () => {
    const rnd = mulberry32(7);
    for (let n = 0; n < 20000; n += 1) {
      const object = randomObject(rnd, 0);
      const wanted = KEYS.filter(() => rnd() < 0.4);
      const bytes = Buffer.from(`ab${JSON.stringify(object)}cd`, 'utf8'); // inside a larger pack
      const text = jsonFieldPicker(wanted)(bytes, 2, bytes.length - 2);
      expect(text).not.toBeNull();
      expect(JSON.parse(text!)).toEqual(only(object, wanted));
    }
  });

  it('keeps the fields as they were written: numbers, escapes, nested objects and arrays', () => {
    const object = { id: 7, price: 1234567.89, name: 'Поставка "бумаги" \\ A4', okpd2: [{ code: '17.12', name: 'Бумага' }], other: { id: 8 } };
    const bytes = Buffer.from(JSON.stringify(object));
    expect(jsonFieldPicker(['id', 'price', 'name', 'okpd2'])(bytes, 0, bytes.length)).toBe(
      '{"id":7,"price":1234567.89,"name":"Поставка \\"бумаги\\" \\\\ A4","okpd2":[{"code":"17.12","name":"Бумага"}]}',
    );
    expect(jsonFieldPicker(['missing'])(bytes, 0, bytes.length)).toBe('{}');
  });

  it('returns null for anything JSON.stringify would not have written, so the caller parses it whole', () => {
    const pick = jsonFieldPicker(['id']);
    for (const text of ['', '[]', '"x"', '{"id":1', '{"id":1,}', '{,"id":1}', '{ "id": 1 }', '{"id":1}}', '{"id":{"a":1}', '{"id":"1}', '{"id"}', '{"id":}']) {
      const bytes = Buffer.from(text);
      expect(pick(bytes, 0, bytes.length), text).toBeNull();
    }
  });
});
