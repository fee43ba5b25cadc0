/**
 * OKPD2 classes showed as bare codes in the supplier dossier (app and CLI) and in flag evidence. A
 * class reads «26 — Оборудование компьютерное, электронное и оптическое» (OK 034-2014; CPA 2008 in English).
 */
import { describe, expect, it } from 'vitest';
import { supplierDossierText } from '../../src-main/cli/insightsText';
import { evidenceValue } from '../../src-main/i18n/flagEvidence';
import { OKPD2_CLASS_CODES, okpd2ClassName } from '../../src-main/i18n/okpd2Classes';
import { computeSupplierDossier } from '../../src-main/insights/supplierDossier';
import { contract, tender } from './facts';

/** The classifier's sections A–U and the classes in each (OK 034-2014, КПЕС 2008). */
const SECTIONS: Record<string, [number, number]> = {
  A: [1, 3], B: [5, 9], C: [10, 33], D: [35, 35], E: [36, 39], F: [41, 43], G: [45, 47], H: [49, 53], I: [55, 56], J: [58, 63], K: [64, 66],
  L: [68, 68], M: [69, 75], N: [77, 82], O: [84, 84], P: [85, 85], Q: [86, 88], R: [90, 93], S: [94, 96], T: [97, 98], U: [99, 99],
};

describe('OKPD2 class names', () => {
  it('every class of sections A–U has a Russian and an English name, and nothing else is a class', () => {
    const expected = Object.values(SECTIONS).flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0')));
    expect(OKPD2_CLASS_CODES).toEqual(expected);
    expect(expected).toHaveLength(88);
    for (const code of expected) {
      expect(okpd2ClassName(code, 'ru')).toMatch(new RegExp(`^${code} — [А-ЯЁ][а-яё]`));
      expect(okpd2ClassName(code, 'en')).toMatch(new RegExp(`^${code} — [A-Z][a-z]`));
    }
    expect(okpd2ClassName('04', 'ru')).toBe('04');
  });

  it('the supplier dossier (CLI) and flag evidence name the classes', () => {
    const t = tender(1, { okpd2: ['26.20.11.110', '62.01.29'], price: 1000 });
    const d = computeSupplierDossier('7707654321', [contract(11, { tender_id: 1, price: 900, suppliers: [{ inn: '7707654321', name: 'Альфа' }] })], new Map([[1, t]]));
    const text = supplierDossierText(d, 'ru');
    expect(text).toContain('26 — Оборудование компьютерное, электронное и оптическое');
    expect(text).toContain('62 — Продукты программные и услуги по разработке программного обеспечения');
    expect(supplierDossierText(d, 'en')).toContain('26 — Computer, electronic and optical products');
    const formats = { rub: String, pct: String, int: String, moment: String };
    expect(evidenceValue('okpd2_class', '17', 'ru', formats)).toBe('17 — Бумага и изделия из бумаги');
    expect(evidenceValue('classes', [{ okpd2_class: '26', hhi: 3000 }], 'en', formats)).toContain('26 — Computer, electronic and optical products');
  });
});
