/**
 * The calendar view's days: an event is on its Moscow day at its Moscow time, across a UTC
 * midnight too; the month grid is whole weeks from Monday; the period asked for covers the grid in Moscow time.
 */
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src-main/domain/calendar';
import { addMonths, eventsByDay, monthWeeks, moscowDay, moscowTime, periodOf, weekDays, weekStart } from '../../src-renderer/views/calendar/calendarGrid';

const event = (uid: string, at: string): CalendarEvent => ({ uid, kind: 'submission', tender_id: 1, title: uid, at });

describe('Moscow days and times', () => {
  it('an instant after 21:00 UTC is on the next Moscow day', () => {
    expect(moscowDay('2026-03-09T22:30:00Z')).toBe('2026-03-10');
    expect(moscowTime('2026-03-09T22:30:00Z')).toBe('01:30');
    expect(moscowDay('2026-03-09T20:59:00Z')).toBe('2026-03-09');
    expect(moscowTime('2026-03-09T20:59:00Z')).toBe('23:59');
    // An instant written with another offset is the same instant.
    expect(moscowDay('2026-03-10T00:30:00+03:00')).toBe('2026-03-10');
    expect(moscowTime('2026-03-10T09:00:00+05:00')).toBe('07:00');
  });

  it('across the year end: 31 December 22:00 UTC is 1 January in Moscow', () => {
    expect(moscowDay('2025-12-31T22:00:00Z')).toBe('2026-01-01');
  });

  it('groups events by Moscow day, each day in time order', () => {
    const byDay = eventsByDay([event('late', '2026-03-10T06:00:00Z'), event('night', '2026-03-09T21:30:00Z'), event('evening', '2026-03-09T20:00:00Z')]);
    expect(byDay.get('2026-03-09')?.map((e) => e.uid)).toEqual(['evening']);
    expect(byDay.get('2026-03-10')?.map((e) => e.uid)).toEqual(['night', 'late']);
  });
});

describe('the grid', () => {
  it('a month is whole weeks from Monday, its own days marked', () => {
    // March 2026 begins on a Sunday and ends on a Tuesday: six weeks, 23 February to 5 April.
    const weeks = monthWeeks('2026-03-17');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual({ day: '2026-02-23', inMonth: false });
    expect(weeks[0]![6]).toEqual({ day: '2026-03-01', inMonth: true });
    expect(weeks[5]![6]).toEqual({ day: '2026-04-05', inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
    // February 2021 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthWeeks('2021-02-10')).toHaveLength(4);
  });

  it('a week runs Monday to Sunday; months step from their first day', () => {
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(weekDays('2026-03-04').map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('asks for the grid from its first Moscow midnight to the one after its last day', () => {
    expect(periodOf(weekDays('2026-03-04'))).toEqual({ from: '2026-03-02T00:00:00+03:00', to: '2026-03-09T00:00:00+03:00' });
    // An event at 21:30 UTC on the last Sunday is Monday in Moscow: outside the week asked for.
    const { to } = periodOf(weekDays('2026-03-04'));
    expect(Date.parse('2026-03-08T21:30:00Z') >= Date.parse(to)).toBe(true);
  });
});
