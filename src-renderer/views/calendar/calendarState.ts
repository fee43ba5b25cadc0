/**
 * What the calendar shows (its scope, month or week, the day it is on), kept while the analyst opens a card
 * from it and comes back: a view's own small store, not the app's.
 */
import { create } from 'zustand';
import type { CalendarScope } from '../../../src-main/domain/calendar';
import { moscowDay } from './calendarGrid';

export type CalendarMode = 'month' | 'week';

interface CalendarState {
  scope: CalendarScope;
  mode: CalendarMode;
  /** A day of the month or week shown (`YYYY-MM-DD`, Moscow). */
  anchor: string;
  set(partial: Partial<Pick<CalendarState, 'scope' | 'mode' | 'anchor'>>): void;
}

export const useCalendarState = create<CalendarState>((set) => ({
  scope: { kind: 'marked' },
  mode: 'month',
  anchor: moscowDay(new Date().toISOString()),
  set: (partial) => set(partial),
}));
