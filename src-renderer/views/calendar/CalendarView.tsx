/**
 * The deadlines calendar: a month or a week of the dated events of the tenders the analyst works
 * on (marked tenders, optionally by tag and status; a list's members; a saved search's tenders), each on its
 * Moscow day at its Moscow time, with its kind named (submission deadline, auction, contract stage). A click
 * opens the tender's card; «Экспорт в календарь (ICS)» writes the scope's events to a file for Outlook or
 * Google Calendar (the core's `calendar.exportIcs`; useIcsExport.tsx first offers to open the cards that give
 * events their links to the notices, with the cost shown). Everything else is read from the cache: nothing is spent.
 * A month's day shows at most MONTH_CELL_EVENTS events, then «+N ещё» opens its week; past deadlines are dimmed.
 */
import { useMemo } from 'react';
import type { CalendarEvent, CalendarEventKind, CalendarScope } from '../../../src-main/domain/calendar';
import { calendarEventKindName } from '../../../src-main/i18n/calendarText';
import { ErrorNotice } from '../../components/ErrorNotice';
import { rowStage } from '../../components/tenderLabels';
import { MarkFilterBar } from '../../components/MarkFilterBar';
import { ProvenanceLink } from '../../components/ProvenanceLink';
import { formatInt } from '../../format/format';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { useAppStore } from '../../state/store';
import { savedSearchName } from '../../../src-main/i18n/criteriaSummary';
import { addDays, addMonths, eventsByDay, monthWeeks, moscowDay, moscowTime, periodOf, weekDays, type GridDay } from './calendarGrid';
import { useCalendarState } from './calendarState';
import { useCalendarEvents, useScopeChoices } from './useCalendarData';
import { useIcsExport } from './useIcsExport';

/** Events a month's day shows before «+N ещё»: a saved search's hundreds of deadlines keep the month one screen. */
export const MONTH_CELL_EVENTS = 4;

const strings: Strings<{
  title: string;
  intro: string;
  scope: string;
  marked: string;
  list: string;
  search: string;
  whichList: string;
  whichSearch: string;
  noLists: string;
  noSearches: string;
  noListsHint: string;
  toLists: string;
  more: (n: string) => string;
  moreLabel: (n: string, day: string) => string;
  past: string;
  month: string;
  week: string;
  previous: string;
  next: string;
  today: string;
  exportIcs: string;
  exporting: string;
  exported: (n: string, where: string) => string;
  exportedDownload: (n: string, file: string) => string;
  exportCancelled: string;
  empty: string;
  emptyMarked: string;
  count: (n: number) => string;
  /** The kind in a day cell, before the time. */
  kindShort: (kind: CalendarEventKind) => string;
  allDay: string;
  msk: string;
  /** Monday to Sunday, comma-separated. */
  weekdays: string;
  open: (title: string) => string;
  openWeek: (day: string) => string;
}> = {
  ru: {
    title: 'Календарь сроков',
    intro: 'Сроки закупок, с которыми вы работаете, по московскому времени (МСК). Данные из кэша — бесплатно.',
    scope: 'Чьи сроки',
    marked: 'Отмеченные закупки',
    list: 'Список',
    search: 'Сохранённый поиск',
    whichList: 'Какой список',
    whichSearch: 'Какой поиск',
    noLists: 'Списков пока нет',
    noSearches: 'Сохранённых поисков пока нет',
    noListsHint: 'Списков пока нет: создайте список в разделе «Списки» или добавьте закупки в список из результатов поиска («Добавить в список…»).',
    toLists: 'Перейти к спискам',
    more: (n) => `+${n} ещё`,
    moreLabel: (n, d) => `Ещё ${n} — показать неделю, в которой ${d}`,
    past: 'срок прошёл',
    month: 'Месяц',
    week: 'Неделя',
    previous: 'Назад',
    next: 'Вперёд',
    today: 'Сегодня',
    exportIcs: 'Экспорт в календарь (ICS)',
    exporting: 'Экспортируем…',
    exported: (n, w) => `Событий в файле: ${n} → ${w}`,
    exportedDownload: (n, f) => `Событий в файле: ${n}, файл «${f}» скачивается.`,
    exportCancelled: 'Сохранение отменено.',
    empty: 'В этот период сроков нет.',
    emptyMarked: 'В этот период сроков нет. Отметьте закупки в результатах поиска (метка или статус), и их сроки появятся здесь.',
    count: (n) => `Событий: ${n}`,
    kindShort: (k) => ({ submission: 'Заявки до', auction: 'Аукцион', contract_stage: 'Этап контракта' })[k],
    allDay: 'весь день',
    msk: 'МСК',
    weekdays: 'Пн,Вт,Ср,Чт,Пт,Сб,Вс',
    open: (t) => `Открыть карточку (${t})`,
    openWeek: (d) => `Показать неделю, в которой ${d}`,
  },
  en: {
    title: 'Calendar of deadlines',
    intro: 'Deadlines of the tenders you work on, in Moscow time (MSK). Read from the cache: free.',
    scope: 'Whose deadlines',
    marked: 'Marked tenders',
    list: 'A list',
    search: 'A saved search',
    whichList: 'Which list',
    whichSearch: 'Which search',
    noLists: 'No lists yet',
    noSearches: 'No saved searches yet',
    noListsHint: 'No lists yet: create one in «Lists», or add tenders to a list from the search results («Add to list…»).',
    toLists: 'Go to the lists',
    more: (n) => `+${n} more`,
    moreLabel: (n, d) => `${n} more — show the week of ${d}`,
    past: 'deadline passed',
    month: 'Month',
    week: 'Week',
    previous: 'Previous',
    next: 'Next',
    today: 'Today',
    exportIcs: 'Export to a calendar (ICS)',
    exporting: 'Exporting…',
    exported: (n, w) => `Events in the file: ${n} → ${w}`,
    exportedDownload: (n, f) => `Events in the file: ${n}; "${f}" is downloading.`,
    exportCancelled: 'Saving was cancelled.',
    empty: 'No deadlines in this period.',
    emptyMarked: 'No deadlines in this period. Mark tenders in the search results (a tag or a status) and their deadlines show here.',
    count: (n) => `Events: ${n}`,
    kindShort: (k) => ({ submission: 'Bids until', auction: 'Auction', contract_stage: 'Contract stage' })[k],
    allDay: 'all day',
    msk: 'MSK',
    weekdays: 'Mon,Tue,Wed,Thu,Fri,Sat,Sun',
    open: (t) => `Open the card (${t})`,
    openWeek: (d) => `Show the week of ${d}`,
  },
};

const monthTitle = (day: string, locale: 'ru' | 'en'): string =>
  new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 7)}-15T12:00:00Z`));
const dayTitle = (day: string, locale: 'ru' | 'en'): string =>
  new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

export function CalendarView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const { scope, mode, anchor, set } = useCalendarState();
  const weeks = useMemo<GridDay[][]>(() => (mode === 'month' ? monthWeeks(anchor) : [weekDays(anchor)]), [mode, anchor]);
  const period = useMemo(() => periodOf(weeks.flat()), [weeks]);
  const events = useCalendarEvents(scope, period);
  const byDay = useMemo(() => eventsByDay(events.data ?? []), [events.data]);
  const today = moscowDay(new Date().toISOString());
  const nowIso = new Date().toISOString();
  const step = (n: number) => set({ anchor: mode === 'month' ? addMonths(anchor, n) : addDays(anchor, 7 * n) });
  const periodTitle = mode === 'month' ? monthTitle(anchor, locale) : `${dayTitle(weeks[0]![0]!.day, locale)} — ${dayTitle(weeks[0]![6]!.day, locale)}`;

  const ics = useIcsExport(scope);
  useProvideAction('calendar.exportIcs', () => void ics.start(), !ics.busy);

  const count = events.data?.length ?? 0;
  return (
    <section className="calendar" data-testid="view-calendar">
      <h1>{s.title}</h1>
      <p className="muted">{s.intro}</p>
      <ScopePicker scope={scope} onChange={(next) => set({ scope: next })} />
      <div className="calendar__toolbar">
        <div className="calendar__modes" role="group" aria-label={`${s.month} / ${s.week}`}>
          {(['month', 'week'] as const).map((m) => (
            <button key={m} type="button" aria-pressed={mode === m} className={mode === m ? 'btn--primary' : undefined} onClick={() => set({ mode: m })} data-testid={`calendar-mode-${m}`}>
              {m === 'month' ? s.month : s.week}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => step(-1)} aria-label={s.previous} data-testid="calendar-previous">
          ←
        </button>
        <button type="button" onClick={() => set({ anchor: today })} data-testid="calendar-today">
          {s.today}
        </button>
        <button type="button" onClick={() => step(1)} aria-label={s.next} data-testid="calendar-next">
          →
        </button>
        <h2 className="calendar__period" data-testid="calendar-period" aria-live="polite">
          {periodTitle}
        </h2>
        <span className="muted" data-testid="calendar-count" data-count={events.data ? count : undefined}>
          {events.data ? s.count(count) : ''}
        </span>
        <span className="tt__spacer" />
        <button type="button" onClick={() => void ics.start()} disabled={ics.busy} title={titleWithKeys(s.exportIcs, 'calendar.exportIcs')} data-testid="calendar-export-ics">
          {ics.busy ? s.exporting : s.exportIcs}
        </button>
      </div>
      <ErrorNotice error={events.error ?? ics.error} testId="calendar-error" />
      {ics.dialog}
      {ics.result && (
        <div className="notice" role="status" data-testid="calendar-exported">
          {!ics.result.saved ? s.exportCancelled : ics.result.downloadUrl ? s.exportedDownload(formatInt(ics.result.rows, locale), ics.result.fileName) : s.exported(formatInt(ics.result.rows, locale), ics.result.path ?? ics.result.fileName)}
          <ProvenanceLink result={ics.result} testId="calendar-exported-provenance" />
        </div>
      )}
      <div className={`calendar__grid calendar__grid--${mode}`} role="table" aria-label={periodTitle} data-testid="calendar-grid">
        {/* A table, not an ARIA grid: its days are read cell by cell and its events are buttons reached with Tab. */}
        <div role="row" className="calendar__week calendar__week--head">
          {s.weekdays.split(',').map((w) => (
            <div key={w} role="columnheader" className="calendar__weekday">
              {w}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]!.day} role="row" className="calendar__week">
            {week.map((d) => (
              <DayCell key={d.day} day={d} today={d.day === today} now={nowIso} events={byDay.get(d.day) ?? []} onOpenWeek={mode === 'month' ? () => set({ mode: 'week', anchor: d.day }) : undefined} />
            ))}
          </div>
        ))}
      </div>
      {events.data && count === 0 && <p className="muted" data-testid="calendar-empty">{scope.kind === 'marked' ? s.emptyMarked : s.empty}</p>}
    </section>
  );
}

function DayCell({ day, today, now, events, onOpenWeek }: { day: GridDay; today: boolean; now: string; events: CalendarEvent[]; onOpenWeek?(): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  // Only the month caps a day (onOpenWeek is given there); its week shows them all.
  const shown = onOpenWeek ? events.slice(0, MONTH_CELL_EVENTS) : events;
  const hidden = events.length - shown.length;
  // A date-only event is past once its Moscow day is; a timed one once its instant is.
  const isPast = (e: CalendarEvent): boolean => (e.date_only ? moscowDay(e.at) < moscowDay(now) : e.at < now);
  return (
    <div
      role="cell"
      className={`calendar__day${day.inMonth ? '' : ' calendar__day--outside'}${today ? ' calendar__day--today' : ''}`}
      data-testid={`calendar-day-${day.day}`}
      data-count={events.length}
      aria-label={dayTitle(day.day, locale)}
    >
      {onOpenWeek ? (
        // The month's day number opens its week, where long names have room.
        <button type="button" className="calendar__date calendar__date--link" onClick={onOpenWeek} aria-label={s.openWeek(dayTitle(day.day, locale))} data-testid="calendar-open-week">
          {Number(day.day.slice(8))}
        </button>
      ) : (
        <div className="calendar__date">{Number(day.day.slice(8))}</div>
      )}
      {shown.map((e) => {
        // The tender's stage in the words of every surface (its status code, deadline and the clock).
        const stage = e.tender_status === undefined ? null : rowStage({ status: e.tender_status, endDate: e.tender_end_date ?? null }, locale);
        return (
          <button
            key={e.uid}
            type="button"
            className={`calendar__event calendar__event--${e.kind}${e.tender_status === 'cancelled' ? ' calendar__event--cancelled' : ''}${isPast(e) ? ' calendar__event--past' : ''}`}
            data-testid="calendar-event"
            data-tender-id={e.tender_id}
            data-kind={e.kind}
            data-past={isPast(e) ? 'true' : undefined}
            data-stage={stage?.stage ?? undefined}
            title={`${calendarEventKindName(e.kind, locale)} · ${e.date_only ? s.allDay : `${moscowTime(e.at)} ${s.msk}`}${isPast(e) ? ` · ${s.past}` : ''}${stage ? ` · ${stage.name}` : ''}${e.customer_name ? ` · ${e.customer_name}` : ''}\n${e.title}`}
            onClick={() => navigate({ view: 'card', kind: 'tender', id: e.tender_id, back: { view: 'calendar' } })}
          >
            {/* Its name is what it shows, the tender's name included (an aria-label without it failed
                WCAG 2.5.3), then, for a screen reader, what the short words stand for. */}
            <span className="calendar__kind">{s.kindShort(e.kind)}</span> <span className="calendar__time">{e.date_only ? s.allDay : moscowTime(e.at)}</span>
            {e.tender_status === 'cancelled' && stage && <span className="calendar__kind"> · {stage.name}</span>}
            <span className="calendar__title">{e.title}</span>
            <span className="visually-hidden">{`. ${s.open(`${calendarEventKindName(e.kind, locale)}${isPast(e) ? `, ${s.past}` : ''}`)}`}</span>
          </button>
        );
      })}
      {hidden > 0 && onOpenWeek && (
        <button type="button" className="calendar__more" onClick={onOpenWeek} aria-label={s.moreLabel(formatInt(hidden, locale), dayTitle(day.day, locale))} data-testid="calendar-more" data-count={hidden}>
          {s.more(formatInt(hidden, locale))}
        </button>
      )}
    </div>
  );
}

function ScopePicker({ scope, onChange }: { scope: CalendarScope; onChange(scope: CalendarScope): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const { lists, searches, loaded } = useScopeChoices();
  const kind = scope.kind;
  const pickKind = (k: CalendarScope['kind']) => {
    if (k === 'marked') onChange({ kind: 'marked' });
    else if (k === 'list' && lists[0]) onChange({ kind: 'list', listId: lists[0].listId });
    else if (k === 'search' && searches[0]) onChange({ kind: 'search', filterId: searches[0].filterId });
  };
  const filter = scope.kind === 'marked' ? (scope.filter ?? {}) : {};
  return (
    <fieldset className="calendar__scope" data-testid="calendar-scope">
      <legend>{s.scope}</legend>
      {(['marked', 'list', 'search'] as const).map((k) => {
        const none = (k === 'list' && lists.length === 0) || (k === 'search' && searches.length === 0);
        return (
          <label key={k} title={none ? (k === 'list' ? s.noLists : s.noSearches) : undefined}>
            <input type="radio" name="calendar-scope" checked={kind === k} disabled={none} onChange={() => pickKind(k)} data-testid={`calendar-scope-${k}`} /> {s[k]}
          </label>
        );
      })}
      {loaded && lists.length === 0 && (
        // Why «Список» cannot be chosen, and how to make one.
        <p className="calendar__hint muted" data-testid="calendar-no-lists">
          {s.noListsHint}{' '}
          <button type="button" className="btn--link" onClick={() => navigate({ view: 'lists' })} data-testid="calendar-to-lists">
            {s.toLists}
          </button>
        </p>
      )}
      {scope.kind === 'marked' && (
        // The same chips as the tables' filter over marks (tags, our status, assignee).
        <MarkFilterBar filter={filter} onChange={(next) => onChange(Object.keys(next).length > 0 ? { kind: 'marked', filter: next } : { kind: 'marked' })} testId="calendar-marks" />
      )}
      {scope.kind === 'list' && (
        <label>
          {s.whichList}{' '}
          <select value={scope.listId} onChange={(e) => onChange({ kind: 'list', listId: e.target.value })} data-testid="calendar-list">
            {lists.map((l) => (
              <option key={l.listId} value={l.listId}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {scope.kind === 'search' && (
        <label>
          {s.whichSearch}{' '}
          <select value={scope.filterId} onChange={(e) => onChange({ kind: 'search', filterId: e.target.value })} data-testid="calendar-search">
            {searches.map((x) => (
              <option key={x.filterId} value={x.filterId}>
                {savedSearchName(x, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
