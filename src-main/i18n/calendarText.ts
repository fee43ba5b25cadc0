/**
 * The deadlines calendar's words, for the ICS file, the CLI and the calendar view alike: the kinds
 * of events, what an event's description says, the reminder. Pure, so the renderer says the same words.
 */
import type { CalendarEventKind } from '../domain/calendar';
import type { Noun } from './plural';
import type { Locale, Messages } from './text';

const KINDS: Record<CalendarEventKind, { ru: string; en: string }> = {
  submission: { ru: 'Окончание подачи заявок', en: 'Bids close' },
  auction: { ru: 'Аукцион', en: 'Auction' },
  contract_stage: { ru: 'Этап контракта', en: 'Contract stage' },
};

/** «Окончание подачи заявок», «Аукцион», «Этап контракта». */
export const calendarEventKindName = (kind: CalendarEventKind, locale: Locale): string => KINDS[kind][locale];

export const calendarText: Messages<{
  calendarName: string;
  customer: (name: string) => string;
  price: (amount: string) => string;
  notice: (number: string) => string;
  stage: (ordinal: number) => string;
  executionEnd: string;
  status: (stage: string) => string;
  reminder: (kind: string, title: string) => string;
}> = {
  ru: {
    calendarName: 'Сроки закупок — Tender Workbench',
    customer: (name) => `Заказчик: ${name}`,
    price: (amount) => `Цена: ${amount}`,
    notice: (number) => `Извещение № ${number}`,
    stage: (ordinal) => `Этап ${ordinal}`,
    executionEnd: 'Окончание исполнения контракта',
    status: (stage) => `Статус: ${stage}`,
    reminder: (kind, title) => `В следующий рабочий день: ${kind} — ${title}`,
  },
  en: {
    calendarName: 'Tender deadlines — Tender Workbench',
    customer: (name) => `Customer: ${name}`,
    price: (amount) => `Price: ${amount}`,
    notice: (number) => `Notice No. ${number}`,
    stage: (ordinal) => `Stage ${ordinal}`,
    executionEnd: 'Contract execution ends',
    status: (stage) => `Status: ${stage}`,
    reminder: (kind, title) => `Next working day: ${kind} — ${title}`,
  },
};

/** «5 событий», "5 events". */
export const CALENDAR_EVENT_NOUN: Noun = {
  ru: { one: 'событие', few: 'события', many: 'событий', other: 'события' },
  en: { one: 'event', other: 'events' },
};
/** After «у» (genitive): «у 1 события», «у 3 событий» — the ICS export's word about events without a link. */
export const CALENDAR_EVENT_GENITIVE: Noun = {
  ru: { one: 'события', few: 'событий', many: 'событий', other: 'события' },
  en: { one: 'event', other: 'events' },
};
