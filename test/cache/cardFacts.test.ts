/**
 * Enrichment's plan reads a cached card page's `positions_total` from its bytes without parsing the whole
 * text (the first plan parsed every cached page 1). It must answer exactly what a parse would: the
 * top-level member only, never a lot's or a position's, never a string value, escapes honoured.
 */
import { describe, expect, it } from 'vitest';
import { positionsTotalOf } from '../../src-main/cache/cardFacts';

const bytes = (v: unknown): Buffer => Buffer.from(JSON.stringify(v), 'utf8');

describe('a card page read without parsing it whole', () => {
  it('finds the top-level positions_total wherever it stands, as a parse would', () => {
    const positions = [{ title: 'Бумага "Снегурочка" {А4}', positions_total: 999 }];
    expect(positionsTotalOf(bytes({ id: 1, positions, positions_total: 31 }))).toBe(31);
    expect(positionsTotalOf(bytes({ positions_total: 7, id: 1, positions }))).toBe(7);
    // A lot's or a position's member of the same name is not the card's.
    expect(positionsTotalOf(bytes({ id: 1, lots: [{ positions_total: 5 }], positions }))).toBeNull();
    // A string value that spells the name is no key; escaped quotes and backslashes do not end a string early.
    expect(positionsTotalOf(bytes({ note: 'positions_total', tricky: 'a \\" \\\\', x: '"positions_total":3', positions_total: 2 }))).toBe(2);
    expect(positionsTotalOf(bytes({ tail: 'ends with a backslash \\', positions_total: 4 }))).toBe(4);
    // Text not as JSON.stringify writes it is parsed whole.
    expect(positionsTotalOf(Buffer.from('{ "positions_total" : 9 }'))).toBe(9);
  });

  it('answers null for what is no count, and undefined for a page that is not an object', () => {
    for (const v of [null, -1, 2.5, '20', 2 ** 60]) expect(positionsTotalOf(bytes({ positions_total: v }))).toBeNull();
    expect(positionsTotalOf(bytes({ id: 1 }))).toBeNull();
    expect(positionsTotalOf(bytes([1, 2]))).toBeUndefined();
  });
});
