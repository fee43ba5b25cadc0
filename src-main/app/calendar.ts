/**
 * calendar.*: the deadlines calendar (issue 16) over src-main/calendar/: the events of a scope in a period for
 * the calendar view, and the scope's ICS file, written like every export (the save dialog in Electron, a
 * one-time download in browser mode). Read from the cache: offline and free.
 */
import type { Handlers } from '../contract/ipc';
import { deadlineEvents, writeIcs } from '../calendar/index';
import { calendarFileStem } from '../calendar/scopeName';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { exportToTarget, safeFileName } from './csvExport';

type CalendarHandlers = Pick<Handlers, 'calendar.events' | 'calendar.exportIcs'>;

export function calendarHandlers(ctx: AppContext, platform: HostPlatform): CalendarHandlers {
  return {
    'calendar.events': async ({ scope, from, to }) => deadlineEvents(ctx.currentGeneration().cache, scope, { from: Date.parse(from), to: Date.parse(to) }),
    'calendar.exportIcs': async ({ scope }) => {
      const session = ctx.currentGeneration();
      const events = deadlineEvents(session.cache, scope);
      const fileName = safeFileName(calendarFileStem(session.cache, scope, ctx.locale), 'calendar', 'ics');
      return exportToTarget(platform, session, fileName, (target) => writeIcs(events, target, { locale: ctx.locale }));
    },
  };
}
