/**
 * The calendar's data: the scope's events in the period shown (`calendar.events`, read from the cache, free),
 * and what the scope picker offers (lists, saved searches), through state/useLoad.
 */
import { useMemo } from 'react';
import type { CalendarScope } from '../../../src-main/domain/calendar';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

export function useCalendarEvents(scope: CalendarScope, period: { from: string; to: string }) {
  const epoch = useAppStore((st) => st.epoch);
  const key = `calendar-${epoch}-${JSON.stringify(scope)}-${period.from}-${period.to}`;
  return useLoad(() => call('calendar.events', { scope, ...period }), key);
}

/** The picker's choices: the lists and the saved searches of the profile (the marks' filter reads its own tags). */
export function useScopeChoices() {
  const epoch = useAppStore((st) => st.epoch);
  const lists = useLoad(() => call('lists.list', {}), `calendar-lists-${epoch}`);
  const searches = useLoad(() => call('savedSearches.list', {}), `calendar-searches-${epoch}`);
  // `loaded`: the lists were read (an empty answer, not a pending one, is what «no lists yet» is said for).
  return useMemo(() => ({ lists: lists.data ?? [], searches: searches.data ?? [], loaded: lists.data !== null }), [lists.data, searches.data]);
}
