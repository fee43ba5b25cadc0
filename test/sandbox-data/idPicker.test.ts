/** The tick's pick over a pool of ids: first at or after a point, wrapping once, skipping taken ids. */
import { describe, expect, it } from 'vitest';
import { IdPicker } from '../../src-main/sandbox/data/idPicker';

describe('IdPicker', () => {
  it('picks the first id at or after the start, skipping taken ones and wrapping around once', () => {
    const picker = new IdPicker([2, 5, 9, 14]);
    const taken = new Set<number>();
    expect(picker.pick(5, taken)).toBe(5);
    expect(picker.pick(6, taken)).toBe(9);
    expect(picker.pick(15, taken)).toBe(2);
    taken.add(9);
    expect(picker.pick(6, taken)).toBe(14);
    taken.add(14);
    expect(picker.pick(6, taken)).toBe(2);
    taken.add(2).add(5);
    expect(picker.pick(1, taken)).toBeUndefined();
    expect(new IdPicker([]).pick(1, new Set())).toBeUndefined();
  });

  it('gives the same answers as a plain scan over a long random sequence of picks', () => {
    const ids = Array.from({ length: 500 }, (_, i) => i * 3 + (i % 2));
    const picker = new IdPicker(ids);
    const taken = new Set<number>();
    let x = 12345;
    const next = (n: number): number => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
    const scan = (start: number): number | undefined =>
      ids.find((id) => id >= start && !taken.has(id)) ?? ids.find((id) => !taken.has(id));
    for (let k = 0; k < 600; k++) {
      const start = next(1600);
      const expected = scan(start);
      expect(picker.pick(start, taken)).toBe(expected);
      if (expected !== undefined && next(3) > 0) taken.add(expected);
      if (next(10) === 0) taken.add(ids[next(ids.length)]!);
    }
  });
});
