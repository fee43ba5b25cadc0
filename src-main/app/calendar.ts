/**
 * calendar.*: the deadlines calendar over src-main/calendar/: the events of a scope in a period for
 * the calendar view, and the scope's ICS file, written like every export (the save dialog in Electron, a
 * one-time download in browser mode). Read from the cache: offline and free, except the cards an export may
 * open first for the links to the notices (`openCards`, consented to after `calendar.linkEstimate`), which go
 * through the enrichment's run and spend planner in the workbench (current/enrich.ts).
 */
import type { Handlers } from '../contract/ipc';
import { deadlineEvents, scopeCalendar, writeCalendarFile } from '../calendar/index';
import { calendarFileStem } from '../calendar/scopeName';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { exportToTarget, safeFileName } from './csvExport';

type CalendarHandlers = Pick<Handlers, 'calendar.events' | 'calendar.linkEstimate' | 'calendar.exportIcs'>;

export function calendarHandlers(ctx: AppContext, platform: HostPlatform): CalendarHandlers {
  return {
    'calendar.events': async ({ scope, from, to }) => deadlineEvents(ctx.currentGeneration().cache, scope, { from: Date.parse(from), to: Date.parse(to) }),
    'calendar.linkEstimate': async ({ scope }) => {
      const session = ctx.currentGeneration();
      const { unlinked } = scopeCalendar(session.cache, scope);
      const targets = session.current.cardTargets('tender', unlinked.tenderIds);
      return { events: unlinked.events, tenders: targets.length, estimate: session.current.cardsEstimate(targets) };
    },
    'calendar.exportIcs': async ({ scope, openCards }) => {
      const session = ctx.currentGeneration();
      if (openCards !== undefined) {
        const targets = session.current.cardTargets('tender', scopeCalendar(session.cache, scope).unlinked.tenderIds);
        // A run stopped at its cap or by the balance still exports: the events whose cards it opened have links.
        if (targets.length > 0) await session.current.openCards(targets, openCards.confirmCost !== undefined ? { confirmCost: openCards.confirmCost } : {});
      }
      const events = deadlineEvents(session.cache, scope);
      const fileName = safeFileName(calendarFileStem(session.cache, scope, ctx.locale), 'calendar', 'ics');
      return exportToTarget(platform, ctx.rootDir, session, fileName, (target) => writeCalendarFile(session.cache, scope, events, target, { locale: ctx.locale }));
    },
  };
}
