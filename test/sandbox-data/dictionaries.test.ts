/** The dictionaries of docs/api-decisions.md (D-Q-4) and the OKPD2 catalogue behind the demo data. */
import { describe, expect, it } from 'vitest';
import { OKPD2_CODES, PLACEMENT_TYPES, PLATFORMS, PURCHASE_TYPES, REGIONS, STATUSES, TOPICS, ktruCode } from '../../src-main/sandbox/data/dictionaries';

describe('dictionaries', () => {
  it('D-Q-4: statuses, laws, placement types and platforms as decided', () => {
    expect(STATUSES.map((s) => [s.id, s.code, s.name])).toEqual([
      [1, 'active', 'Подача заявок'],
      [2, 'completed', 'Завершена'],
      [3, 'cancelled', 'Отменена'],
    ]);
    expect(PURCHASE_TYPES.map((p) => p.name)).toEqual(['44-ФЗ', '223-ФЗ', 'Коммерческая закупка']);
    expect(PLACEMENT_TYPES.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(PLACEMENT_TYPES.filter((p) => p.purchase_type === 1).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(PLACEMENT_TYPES.filter((p) => p.purchase_type === 2).map((p) => p.id)).toEqual([6, 7, 8, 9, 10]);
    expect(PLATFORMS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(PLATFORMS[0]!.name).toBe('ЕИС (zakupki.gov.ru)');
  });

  it('regions: the codes of DOMAIN.md with Russian names', () => {
    const expected = [...Array.from({ length: 79 }, (_, i) => i + 1), 83, 86, 87, 89, 90, 91, 92, 93, 94, 95, 99];
    expect(REGIONS.map((r) => r.code)).toEqual(expected);
    expect(REGIONS.find((r) => r.code === 77)!.name).toBe('Москва');
    expect(REGIONS.find((r) => r.code === 78)!.name).toBe('Санкт-Петербург');
    expect(REGIONS.find((r) => r.code === 50)!.name).toBe('Московская область');
    expect(REGIONS.find((r) => r.code === 66)!.name).toBe('Свердловская область');
    expect(REGIONS.find((r) => r.code === 16)!.name).toBe('Республика Татарстан');
    for (const r of REGIONS) {
      expect(r.name).toMatch(/^[А-ЯЁ]/);
      expect(r.cities.length).toBeGreaterThan(0);
      // Moscow and St Petersburg postcodes are made from shorter prefixes (1xxxxx, 19xxxx).
      for (const c of r.cities) expect(c.postcode).toMatch(r.code === 77 ? /^1$/ : r.code === 78 ? /^19$/ : /^\d{3}$/);
    }
  });

  it('OKPD2: ~150+ unique codes at the XX.XX.XX.XXX level; subjects use codes of their own topic', () => {
    expect(OKPD2_CODES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(OKPD2_CODES).size).toBe(OKPD2_CODES.length);
    for (const code of OKPD2_CODES) expect(code).toMatch(/^\d{2}\.\d{2}\.\d{2}\.\d{3}$/);
    for (const topic of TOPICS) {
      const own = new Set(topic.entries.map((e) => e.code));
      for (const subject of topic.subjects) for (const code of subject.codes) expect(own.has(code), `${topic.key} ${code}`).toBe(true);
      for (const entry of topic.entries) {
        expect(entry.items.length).toBeGreaterThan(0);
        expect(entry.unitPrice[0]).toBeLessThanOrEqual(entry.unitPrice[1]);
      }
    }
    expect(ktruCode('26.20.11.110', 138)).toBe('26.20.11.110-00000138');
  });
});
