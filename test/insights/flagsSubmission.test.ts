/**
 * The legal minimum submission periods and how a period is counted (src-main/insights/flags/
 * submissionMinimums.ts). Days are Moscow calendar days after the publication day up to the deadline day.
 * 2026-03-02 is a Monday.
 */
import { describe, expect, it } from 'vitest';
import { submissionMinimum, submissionPeriod } from '../../src-main/insights/flags/submissionMinimums';
import { at } from './facts';

describe('submission period', () => {
  it('counts Moscow calendar days from the day after publication to the deadline day', () => {
    // Mon 10:00 → next Mon 09:00: 3, 4, …, 9 March = 7 days.
    expect(submissionPeriod(at('2026-03-02T10:00:00+03:00'), at('2026-03-09T09:00:00+03:00'), 'calendar')).toBe(7);
    // Published 01:00 Moscow on the 2nd is still the 1st in UTC: Moscow counts 3..8 = 6, not 7.
    expect(submissionPeriod(at('2026-03-02T01:00:00+03:00'), at('2026-03-08T12:00:00+03:00'), 'calendar')).toBe(6);
    // Deadline the same day (or before): nothing.
    expect(submissionPeriod(at('2026-03-02T10:00:00+03:00'), at('2026-03-02T18:00:00+03:00'), 'calendar')).toBe(0);
    expect(submissionPeriod(at('2026-03-02T10:00:00+03:00'), at('2026-03-01T18:00:00+03:00'), 'calendar')).toBe(0);
  });

  it('counts working days Monday to Friday', () => {
    // Fri 6 → Sat 7: no working day; → Mon 9: Sat, Sun, Mon = 1.
    expect(submissionPeriod(at('2026-03-06T10:00:00+03:00'), at('2026-03-07T10:00:00+03:00'), 'working')).toBe(0);
    expect(submissionPeriod(at('2026-03-06T10:00:00+03:00'), at('2026-03-09T10:00:00+03:00'), 'working')).toBe(1);
    // Mon 2 → Fri 6: Tue..Fri = 4; → Mon 16: 4 + 5 + 1 = 10.
    expect(submissionPeriod(at('2026-03-02T10:00:00+03:00'), at('2026-03-06T10:00:00+03:00'), 'working')).toBe(4);
    expect(submissionPeriod(at('2026-03-02T10:00:00+03:00'), at('2026-03-16T10:00:00+03:00'), 'working')).toBe(10);
    // Sat 7 → Sun 8: none.
    expect(submissionPeriod(at('2026-03-07T10:00:00+03:00'), at('2026-03-08T10:00:00+03:00'), 'working')).toBe(0);
  });
});

describe('legal minimum', () => {
  const it44 = { okpd2: ['26.20.11.110'] };
  it('44-FZ auction: 7 days up to 300 mln, 15 above; construction 7 days up to 2 bln', () => {
    expect(submissionMinimum('44-FZ', 'auction', { ...it44, price: 300_000_000 })).toMatchObject({ days: 7, unit: 'calendar', confirmed: true });
    expect(submissionMinimum('44-FZ', 'auction', { ...it44, price: 300_000_000.01 })?.days).toBe(15);
    expect(submissionMinimum('44-FZ', 'auction', { okpd2: ['41.20.40'], price: 1_500_000_000 })?.days).toBe(7);
    expect(submissionMinimum('44-FZ', 'auction', { okpd2: ['41.20.40'], price: 2_500_000_000 })?.days).toBe(15);
    // No codes: it may be construction, so the lower minimum; no price: the lower minimum.
    expect(submissionMinimum('44-FZ', 'auction', { okpd2: [], price: 1_500_000_000 })?.days).toBe(7);
    expect(submissionMinimum('44-FZ', 'auction', { ...it44, price: null })?.days).toBe(7);
    expect(submissionMinimum('44-FZ', 'auction', { ...it44, price: 1 })?.article).toEqual({ ru: '44-ФЗ, ст. 42 ч. 3 п. 2', en: '44-FZ, art. 42(3)(2)' });
  });

  it('44-FZ competition 15 days, quotations 1 working day; no minimum for single supplier, proposals, other', () => {
    expect(submissionMinimum('44-FZ', 'competition', { ...it44, price: 1 })).toMatchObject({ days: 15, unit: 'calendar', confirmed: false });
    expect(submissionMinimum('44-FZ', 'quotation', { ...it44, price: 1 })).toMatchObject({ days: 1, unit: 'working' });
    expect(submissionMinimum('44-FZ', 'single_supplier', { ...it44, price: 1 })).toBeNull();
    expect(submissionMinimum('44-FZ', 'proposals', { ...it44, price: 1 })).toBeNull();
    expect(submissionMinimum('44-FZ', 'other', { ...it44, price: 1 })).toBeNull();
    expect(submissionMinimum('commercial', 'auction', { ...it44, price: 1 })).toBeNull();
  });

  it('223-FZ: the shorter article 3.4 periods wherever they could apply', () => {
    expect(submissionMinimum('223-FZ', 'auction', { ...it44, price: 30_000_000 })?.days).toBe(7);
    expect(submissionMinimum('223-FZ', 'competition', { ...it44, price: 30_000_001 })?.days).toBe(15);
    expect(submissionMinimum('223-FZ', 'quotation', { ...it44, price: 7_000_000 })).toMatchObject({ days: 4, unit: 'working' });
    expect(submissionMinimum('223-FZ', 'quotation', { ...it44, price: 7_000_001 })).toMatchObject({ days: 5, unit: 'working' });
    expect(submissionMinimum('223-FZ', 'proposals', { ...it44, price: 15_000_000 })).toMatchObject({ days: 5, unit: 'working' });
    expect(submissionMinimum('223-FZ', 'proposals', { ...it44, price: null })).toMatchObject({ days: 5, unit: 'working' });
    expect(submissionMinimum('223-FZ', 'proposals', { ...it44, price: 15_000_001 })).toMatchObject({ days: 7, unit: 'working' });
  });
});
