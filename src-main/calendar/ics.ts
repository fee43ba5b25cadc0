/**
 * The ICS file of the deadlines calendar (RFC 5545), made with ical-generator (a well-kept library, pinned)
 * rather than by hand: escaping, line folding at 75 octets and CRLF are its business, except after the last line:
 * it ends the text at `END:VCALENDAR` with no line break, and RFC 5545 (3.1: every contentline ends with CRLF)
 * and strict readers want one there too, so `icsText` adds it.
 *
 * Choices (docs/api-decisions.md «Deadlines calendar»):
 * - DTSTART in UTC (`…Z`): the exact instant with no VTIMEZONE block, which Outlook, Google Calendar and Apple
 *   Calendar all import the same way and show in the reader's zone; a TZID=Europe/Moscow start would need a
 *   VTIMEZONE definition that some importers ignore or misread. A day without a time is an all-day event.
 * - No DTEND: a deadline is an instant (RFC 5545 3.6.1: a DATE-TIME start alone is that instant).
 * - UID as domain/calendar.ts says, so a second import updates events instead of doubling them; SEQUENCE is
 *   the version the date was read from, so the update outranks what was imported before.
 * - A cancelled tender's events stay, their SUMMARY flagged «[Отменена]» (not STATUS:CANCELLED, which some
 *   calendars treat as a removal); every tender event's DESCRIPTION says its stage when the file is made, in
 *   the words every surface uses (i18n/codes.ts `tenderStageName`).
 * - A display VALARM one Russian working day before (domain/workingDays.ts), as a relative trigger (what
 *   Outlook honours); Google Calendar drops imported alarms and applies its own defaults.
 * Written atomically: a temporary file beside the target, renamed over it, so a half-written calendar never appears.
 */
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { MOSCOW_OFFSET_MS, type CalendarEvent } from '../domain/calendar';
import { oneWorkingDayBefore } from '../domain/workingDays';
import { calendarEventKindName, calendarText } from '../i18n/calendarText';
import { tenderStageName } from '../i18n/codes';
import type { Locale } from '../i18n/text';
import { tempPathFor, sweepLeftoverTemps } from '../export/tempFiles';

export interface IcsOptions {
  locale: Locale;
  /** DTSTAMP of every event (the moment the file is made); now by default. */
  now?: Date;
}

const money = (amount: number, currency: string | undefined, locale: Locale): string => {
  try {
    return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { style: 'currency', currency: currency ?? 'RUB', maximumFractionDigits: 2 }).format(amount);
  } catch {
    // A currency code Intl does not know: the number and the code as sent.
    return `${amount.toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU')} ${currency ?? ''}`.trim();
  }
};

/** SUMMARY: the tender's name; a stage or the execution end names itself first. */
function summaryOf(e: CalendarEvent, locale: Locale): string {
  const m = calendarText[locale];
  if (e.kind === 'contract_stage') return `${e.stage === undefined ? m.executionEnd : m.stage(e.stage)}: ${e.title}`;
  if (e.kind === 'auction') return `${calendarEventKindName('auction', locale)}: ${e.title}`;
  return e.title;
}

/** The tender's stage when the file is made, named as every surface names it (i18n/codes.ts). */
const stageOf = (e: CalendarEvent, locale: Locale, now: number): string | null =>
  e.tender_status === undefined ? null : tenderStageName(e.tender_status, e.tender_end_date, locale, now);

function descriptionOf(e: CalendarEvent, locale: Locale, now: number): string {
  const m = calendarText[locale];
  const lines = [calendarEventKindName(e.kind, locale)];
  const stage = stageOf(e, locale, now);
  if (stage !== null) lines.push(m.status(stage));
  if (e.notice_number !== undefined) lines.push(m.notice(e.notice_number));
  if (e.customer_name !== undefined) lines.push(m.customer(e.customer_name));
  if (e.price !== undefined) lines.push(m.price(money(e.price, e.currency, locale)));
  if (e.url !== undefined) lines.push(e.url);
  return lines.join('\n');
}

/** The calendar as ICS text. */
export function icsText(events: readonly CalendarEvent[], options: IcsOptions): string {
  const m = calendarText[options.locale];
  const calendar = ical({ name: m.calendarName, prodId: { company: 'Tender Workbench', product: 'Deadlines', language: options.locale.toUpperCase() }, method: ICalCalendarMethod.PUBLISH });
  const stamp = options.now ?? new Date();
  for (const e of events) {
    const start = new Date(e.at);
    // A cancelled tender's events stay, flagged by the stage's own name: «[Отменена] …».
    const summary = (e.tender_status === 'cancelled' ? `[${stageOf(e, options.locale, stamp.getTime())}] ` : '') + summaryOf(e, options.locale);
    const allDay = e.date_only === true;
    const event = calendar.createEvent({
      id: e.uid,
      // A whole day is written from the date's UTC fields: shifted so they are the Moscow day's.
      start: allDay ? new Date(start.getTime() + MOSCOW_OFFSET_MS) : start,
      allDay,
      stamp,
      // A revision of the same UID (a new version moved the deadline) must outrank the import before it.
      ...(e.version !== undefined && e.version >= 0 ? { sequence: e.version } : {}),
      summary,
      description: descriptionOf(e, options.locale, stamp.getTime()),
      ...(e.url !== undefined ? { url: e.url } : {}),
    });
    // For an all-day event the instant is 00:00 Moscow of its day: the same rule gives the day before.
    const before = (start.getTime() - oneWorkingDayBefore(start.getTime())) / 1000;
    event.createAlarm({ type: ICalAlarmType.display, trigger: before, description: m.reminder(calendarEventKindName(e.kind, options.locale), summary) });
  }
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** Writes the calendar to `target` atomically; answers how many events it holds. */
export async function writeIcs(events: readonly CalendarEvent[], target: string, options: IcsOptions): Promise<{ rows: number }> {
  const absolute = path.resolve(target);
  await sweepLeftoverTemps(path.dirname(absolute));
  const temp = tempPathFor(absolute);
  try {
    await writeFile(temp, icsText(events, options), { flag: 'wx', mode: 0o644 });
    await rename(temp, absolute);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return { rows: events.length };
}
