import { describe, expect, it } from 'vitest';
import {
  innCheckDigits,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  makeInn10,
  makeInn12,
  makeKpp,
  makeOgrn,
  makeOgrnip,
} from '../../src-main/domain/identifiers';
import { rngFor } from '../../src-main/sandbox/data/rng';

describe('identifiers (DOMAIN.md)', () => {
  it('accepts the DOMAIN.md examples', () => {
    expect(isValidInn('7830002293')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidOgrn('1027812400868')).toBe(true);
    expect(innCheckDigits('783000229')).toBe('3');
    expect(innCheckDigits('5001007322')).toBe('59');
  });

  it('rejects a changed digit, a wrong length, letters and the swapped 12-digit weight sets', () => {
    expect(isValidInn('7830002294')).toBe(false);
    expect(isValidInn('7830002239')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('500100732269')).toBe(false);
    expect(isValidInn('783000229')).toBe(false);
    expect(isValidInn('78300022933')).toBe(false);
    expect(isValidInn('78300O2293')).toBe(false);
    expect(isValidInn('')).toBe(false);
    expect(isValidOgrn('1027812400869')).toBe(false);
    expect(isValidOgrn('3027812400868')).toBe(false);
    expect(isValidOgrn('102781240086')).toBe(false);
    // With the two weight sets of the 12-digit INN swapped, the example would get other check digits.
    const swapped = (body: string): string => {
      const w12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
      const w11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
      const d11 = (w12.slice(1).reduce((s, w, i) => s + w * Number(body[i]), 0) % 11) % 10;
      const d12 = (w11.reduce((s, w, i) => s + w * Number((body + d11)[i]), 0) % 11) % 10;
      return `${body}${d11}${d12}`;
    };
    const wrong = swapped('5001007322');
    if (wrong !== '500100732259') expect(isValidInn(wrong)).toBe(false);
  });

  it('OGRNIP: 15 digits starting with 3, check digit mod 13', () => {
    const body = '30477010000012';
    const check = (Number(body) % 13) % 10;
    expect(isValidOgrn(body + check)).toBe(true);
    expect(isValidOgrn(body + ((check + 1) % 10))).toBe(false);
    expect(isValidOgrn('1' + (body + check).slice(1))).toBe(false);
  });

  it('KPP shape: four digits, two digits or capitals, three digits', () => {
    expect(isValidKpp('783001001')).toBe(true);
    expect(isValidKpp('7730AB001')).toBe(true);
    expect(isValidKpp('7730ab001')).toBe(false);
    expect(isValidKpp('78300100')).toBe(false);
    expect(isValidKpp('78A001001')).toBe(false);
  });

  it('generated identifiers are valid and carry the region', () => {
    const rng = rngFor(7, 1);
    for (let i = 0; i < 2000; i++) {
      const region = rng.int(1, 95);
      const inn10 = makeInn10(rng, region);
      const inn12 = makeInn12(rng, region);
      const ogrn = makeOgrn(rng, region, rng.int(2002, 2024));
      const ogrnip = makeOgrnip(rng, region, rng.int(2004, 2024));
      const kpp = makeKpp(rng, inn10);
      expect(isValidInn(inn10), inn10).toBe(true);
      expect(isValidInn(inn12), inn12).toBe(true);
      expect(isValidOgrn(ogrn), ogrn).toBe(true);
      expect(isValidOgrn(ogrnip), ogrnip).toBe(true);
      expect(isValidKpp(kpp), kpp).toBe(true);
      expect(inn10).toHaveLength(10);
      expect(inn12).toHaveLength(12);
      expect(ogrn).toHaveLength(13);
      expect(ogrnip).toHaveLength(15);
      expect(inn10.slice(0, 2)).toBe(String(region).padStart(2, '0'));
      expect(ogrn.slice(3, 5)).toBe(String(region).padStart(2, '0'));
      expect(kpp.slice(0, 4)).toBe(inn10.slice(0, 4));
    }
  });
});
