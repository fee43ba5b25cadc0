import { describe, expect, it } from 'vitest';
import { isWorkingDay, KNOWN_PRODUCTION_CALENDAR_YEARS, oneWorkingDayBefore, previousWorkingDay } from '../../src-main/domain/workingDays';

const workingDaysIn = (y: number): number => {
  let n = 0;
  for (let t = Date.UTC(y, 0, 1); new Date(t).getUTCFullYear() === y; t += 86_400_000) {
    const d = new Date(t);
    if (isWorkingDay({ y, m: d.getUTCMonth() + 1, d: d.getUTCDate() })) n++;
  }
  return n;
};

describe('Russian working days (domain/workingDays.ts)', () => {
  it('each known year has the published production calendar\'s number of working days', () => {
    // The published totals of the five-day week: 2023 247, 2024 248, 2025 247, 2026 247.
    expect(KNOWN_PRODUCTION_CALENDAR_YEARS).toEqual([2023, 2024, 2025, 2026]);
    expect([2023, 2024, 2025, 2026].map(workingDaysIn)).toEqual([247, 248, 247, 247]);
  });

  it('a decree\'s moved days: 2025 off on Friday 2 May and Monday 3 November, Saturday 1 November worked', () => {
    expect(isWorkingDay({ y: 2025, m: 5, d: 2 })).toBe(false);
    expect(isWorkingDay({ y: 2025, m: 11, d: 3 })).toBe(false);
    expect(isWorkingDay({ y: 2025, m: 11, d: 1 })).toBe(true);
    // 2024's working Saturday 27 April (its Monday 29 and Tuesday 30 April were off).
    expect(isWorkingDay({ y: 2024, m: 4, d: 27 })).toBe(true);
    expect(isWorkingDay({ y: 2024, m: 4, d: 29 })).toBe(false);
  });

  it('beyond the known years: weekends, the fixed holidays and the automatic move of art. 112 part 2', () => {
    // 2027: 23 February is a Tuesday (off), 9 May a Sunday (the day off moves to Monday 10 May), 8 January a Friday.
    expect(isWorkingDay({ y: 2027, m: 2, d: 23 })).toBe(false);
    expect(isWorkingDay({ y: 2027, m: 5, d: 10 })).toBe(false);
    expect(isWorkingDay({ y: 2027, m: 5, d: 11 })).toBe(true);
    expect(isWorkingDay({ y: 2027, m: 1, d: 8 })).toBe(false);
    expect(isWorkingDay({ y: 2027, m: 1, d: 11 })).toBe(true);
  });

  it('the previous working day skips weekends and holidays', () => {
    expect(previousWorkingDay({ y: 2026, m: 3, d: 2 })).toEqual({ y: 2026, m: 2, d: 27 }); // Monday → Friday
    expect(previousWorkingDay({ y: 2026, m: 1, d: 12 })).toEqual({ y: 2025, m: 12, d: 30 }); // after the New Year holidays
    expect(previousWorkingDay({ y: 2026, m: 5, d: 12 })).toEqual({ y: 2026, m: 5, d: 8 }); // 9-11 May off (11th moved)
  });

  it('one working day before an instant keeps the Moscow wall-clock time', () => {
    // Monday 2 March 2026 09:00 Moscow = 06:00Z → Friday 27 February 09:00 Moscow.
    expect(new Date(oneWorkingDayBefore(Date.parse('2026-03-02T06:00:00Z'))).toISOString()).toBe('2026-02-27T06:00:00.000Z');
    // 00:30 Moscow on a Tuesday is still Monday in UTC: the Moscow day counts (Monday 00:30 Moscow).
    expect(new Date(oneWorkingDayBefore(Date.parse('2026-03-02T21:30:00Z'))).toISOString()).toBe('2026-03-01T21:30:00.000Z');
  });
});
