/**
 * The deadlines calendar over a fixture cache: the events of a scope (a saved search, a list, marked
 * tenders by their marks) from the latest cached versions, auction and contract stage dates only where an
 * object carries them, cancelled tenders flagged; and the ICS file parsed back with an independent parser
 * (ical.js, Mozilla's): every event's instant against its tender, stable UIDs, the reminder one Russian
 * working day before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { cardStore } from '../../src-main/cache/cardStore';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { markStore } from '../../src-main/cache/markStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { deadlineEvents, icsText, writeIcs } from '../../src-main/calendar/index';
import type { CalendarEvent } from '../../src-main/domain/calendar';
import { contract, contractItem, tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';

/** Monday 2 March 2026, 09:00 Moscow: 06:00 UTC. */
const MONDAY_9_MSK = '2026-03-02T09:00:00+03:00';

function fixture(): CacheDb {
  const cache = tempCache();
  const feeds = feedStore(cache);
  searchStore(cache).upsert({ filterId: 'flt_test', params: {}, label: 'Бумага', events: ['created', 'updated'] });
  feeds.saveFeedPage(
    tenderPage([
      // Version 1 closed on 27 February; the latest (2) moved the deadline: only the latest counts.
      tenderItem(tender(1, 1, { end: '2026-02-27T09:00:00+03:00' })),
      tenderItem(tender(1, 2, { end: MONDAY_9_MSK, extra: { auction_date: '2026-03-04T10:00:00+03:00' } })),
      // Tuesday 12 May 2026, 10:00 Moscow, after the 9-11 May days off: no offset means Moscow time.
      tenderItem(tender(2, 1, { end: '2026-05-12T10:00:00', status: 'cancelled', name: 'Ремонт кровли; корпус «Б», этап 2' })),
      // No deadline at all: no event, nothing made up.
      tenderItem(tender(3, 1, { extra: { end_date: null } })),
    ]),
  );
  // Contract 11 of tender 1 with its execution's stages in its card (the summary has none).
  const k11 = contract(11, 1, 1);
  feeds.saveFeedPage(tenderPage([contractItem(k11)], { feed: 'contract', filterId: 'flt_test' }));
  cardStore(cache).saveCard({
    kind: 'contract',
    id: 11,
    version: 1,
    positionsPage: 1,
    positionsLimit: 50,
    requestId: 'req_card_k11',
    receivedAt: '2026-03-01T08:00:00Z',
    billed: false,
    card: {
      ...k11,
      execution: { ...(k11.execution as object), end_date: '2026-06-30T00:00:00+03:00', stages: [{ ordinal: 1, planned_date: '2026-04-15T00:00:00+03:00', amount: 50_000, paid: 0 }, { ordinal: 2, planned_date: 'когда-нибудь', amount: 45_000 }] },
      positions: [],
      positions_total: 0,
    },
  });
  // Tender 1's card brings the notice's link.
  cardStore(cache).saveCard({
    kind: 'tender',
    id: 1,
    version: 2,
    positionsPage: 1,
    positionsLimit: 50,
    requestId: 'req_card_t1',
    receivedAt: '2026-03-01T08:00:00Z',
    billed: false,
    card: { ...tender(1, 2, { end: MONDAY_9_MSK }), source_url: 'https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0373100000001', positions: [], positions_total: 0 },
  });
  listStore(cache).upsertList({ listId: 'lst_1', name: 'Кровля', createdAt: '2026-02-01T10:00:00Z' });
  listStore(cache).setItems('lst_1', [2]);
  return cache;
}

const brief = (events: CalendarEvent[]) => events.map((e) => [e.kind, e.tender_id, e.at, e.uid]);

describe('deadline events of a scope', () => {
  it('a saved search: latest versions only, the auction where carried, the contract\'s stages from its card, in time order', () => {
    const events = deadlineEvents(fixture(), { kind: 'search', filterId: 'flt_test' });
    expect(brief(events)).toEqual([
      ['submission', 1, '2026-03-02T06:00:00.000Z', 'tender-1@tender-workbench'],
      ['auction', 1, '2026-03-04T07:00:00.000Z', 'tender-1-auction@tender-workbench'],
      ['contract_stage', 1, '2026-04-14T21:00:00.000Z', 'contract-11-stage-1@tender-workbench'],
      ['submission', 2, '2026-05-12T07:00:00.000Z', 'tender-2@tender-workbench'],
      ['contract_stage', 1, '2026-06-29T21:00:00.000Z', 'contract-11-end@tender-workbench'],
    ]);
    expect(events[0]).toMatchObject({
      title: 'Поставка канцелярских товаров для нужд учреждения 1',
      url: 'https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0373100000001',
      customer_name: 'ГБОУ Школа № 1',
      notice_number: '0373100000001',
      price: 100_000,
      currency: 'RUB',
      tender_status: 'active',
    });
    expect(events[2]).toMatchObject({ contract_id: 11, stage: 1, price: 50_000, version: 1 });
    expect(events[0]!.version).toBe(2);
    // Cancelled: flagged, not hidden.
    expect(events[3]).toMatchObject({ tender_status: 'cancelled' });
  });

  it('a period keeps what falls in [from, to); a list and marked tenders by their marks are scopes too', () => {
    const cache = fixture();
    const march = deadlineEvents(cache, { kind: 'search', filterId: 'flt_test' }, { from: Date.parse('2026-03-01T00:00:00+03:00'), to: Date.parse('2026-03-04T10:00:00+03:00') });
    expect(march.map((e) => e.uid)).toEqual(['tender-1@tender-workbench']);
    expect(deadlineEvents(cache, { kind: 'list', listId: 'lst_1' }).map((e) => e.uid)).toEqual(['tender-2@tender-workbench']);
    markStore(cache).apply({ tender_ids: [1], add_tags: ['Срочно'], status: 'preparing' });
    markStore(cache).apply({ tender_ids: [2], status: 'declined' });
    expect(deadlineEvents(cache, { kind: 'marked', filter: { tags: ['срочно'] } }).map((e) => e.tender_id)).toEqual([1, 1, 1, 1]);
    expect(deadlineEvents(cache, { kind: 'marked', filter: { status: ['declined'] } }).map((e) => e.uid)).toEqual(['tender-2@tender-workbench']);
    expect(deadlineEvents(cache, { kind: 'marked' })).toHaveLength(5);
  });

  it('a list or saved search the cache does not know is named, in both languages', () => {
    let thrown: unknown;
    try {
      deadlineEvents(fixture(), { kind: 'list', listId: 'lst_none' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ code: 'not_found', text: { ru: 'Списка lst_none нет в кэше.', en: 'There is no list lst_none in the cache.' } });
  });
});

interface Parsed {
  uid: string;
  start: string;
  allDayValue: boolean;
  summary: string;
  url: string | null;
  description: string;
  alarmAt: string;
  sequence: number;
}

/** Every VEVENT through ical.js: its start as an instant, and its alarm's moment (trigger applied to the start). */
function parse(text: string): Parsed[] {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  expect(vcalendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(vcalendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return vcalendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration;
    const start = event.startDate.toJSDate().getTime();
    return {
      uid: event.uid,
      start: new Date(start).toISOString(),
      allDayValue: event.startDate.isDate,
      summary: event.summary,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      description: event.description,
      alarmAt: new Date(start + trigger.toSeconds() * 1000).toISOString(),
      sequence: event.sequence,
    };
  });
}

describe('the ICS file, read back by ical.js', () => {
  it('one VEVENT per event at its exact instant, the name, the notice\'s link, the customer and price, an alarm one working day before', async () => {
    const cache = fixture();
    const events = deadlineEvents(cache, { kind: 'search', filterId: 'flt_test' });
    const file = join(tempDir(), 'сроки.ics');
    // Made on 20 February, before every deadline of the fixture.
    expect(await writeIcs(events, file, { locale: 'ru', now: new Date('2026-02-20T12:00:00+03:00') })).toEqual({ rows: 5 });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const parsed = parse(text);
    expect(parsed.map((p) => [p.uid, p.start])).toEqual(events.map((e) => [e.uid, e.at]));
    const [deadline, auction, stage, cancelled] = parsed;
    // Monday 09:00 Moscow = 06:00Z; the reminder on Friday 27 February at 09:00 Moscow.
    // SEQUENCE is the version read: tender 1's second.
    expect(deadline).toMatchObject({ start: '2026-03-02T06:00:00.000Z', alarmAt: '2026-02-27T06:00:00.000Z', summary: 'Поставка канцелярских товаров для нужд учреждения 1', sequence: 2 });
    expect(deadline!.url).toBe('https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=0373100000001');
    expect(deadline!.description).toContain('Заказчик: ГБОУ Школа № 1');
    expect(deadline!.description).toMatch(/Цена: 100\s000,00\s₽/);
    expect(deadline!.description).toContain('Извещение № 0373100000001');
    // Wednesday's auction: Tuesday.
    expect(auction).toMatchObject({ summary: 'Аукцион: Поставка канцелярских товаров для нужд учреждения 1', alarmAt: '2026-03-03T07:00:00.000Z' });
    expect(stage!.summary).toBe('Этап 1: Поставка канцелярских товаров для нужд учреждения 1');
    // Tuesday 12 May after the days off of 9-11 May: Friday 8 May (Saturday 9 May, and Monday 11 May moved there).
    expect(cancelled).toMatchObject({ start: '2026-05-12T07:00:00.000Z', alarmAt: '2026-05-08T07:00:00.000Z', summary: '[Отменена] Ремонт кровли; корпус «Б», этап 2', sequence: 1 });
    // The stage when the file was made, in the words of every surface: open for bids, or cancelled.
    expect(deadline!.description).toContain('Статус: Подача заявок');
    expect(cancelled!.description).toContain('Статус: Отменена');
  });

  it('every content line ends with CRLF, the last END:VCALENDAR too (RFC 5545 3.1), and ical.js reads the file', async () => {
    const cache = fixture();
    const events = deadlineEvents(cache, { kind: 'search', filterId: 'flt_test' });
    const file = join(tempDir(), 'сроки.ics');
    await writeIcs(events, file, { locale: 'ru', now: new Date('2026-02-20T12:00:00+03:00') });
    const bytes = readFileSync(file);
    // The file's last bytes are the line and its CRLF, nothing after them.
    expect(bytes.subarray(bytes.length - 15).toString('latin1')).toBe('END:VCALENDAR\r\n');
    const text = bytes.toString('utf8');
    // No bare LF and no bare CR anywhere: each line break is CRLF, so splitting on CRLF leaves one empty tail.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').at(-1)).toBe('');
    expect(parse(text).map((p) => p.uid)).toEqual(events.map((e) => e.uid));
    // icsText is what writeIcs writes (the app and the CLI both write through writeIcs).
    expect(icsText(events, { locale: 'ru', now: new Date('2026-02-20T12:00:00+03:00') })).toBe(text);
  });

  it('UIDs are the same in two exports, and after a new version of the tender', () => {
    const cache = fixture();
    const first = parse(icsText(deadlineEvents(cache, { kind: 'search', filterId: 'flt_test' }), { locale: 'en' }));
    feedStore(cache).saveFeedPage(tenderPage([tenderItem(tender(2, 2, { end: '2026-05-13T10:00:00+03:00' }))]));
    const second = parse(icsText(deadlineEvents(cache, { kind: 'search', filterId: 'flt_test' }), { locale: 'en' }));
    expect(second.map((p) => p.uid).sort()).toEqual(first.map((p) => p.uid).sort());
    // The moved deadline outranks the one imported before: SEQUENCE 1 -> 2.
    expect(first.find((p) => p.uid === 'tender-2@tender-workbench')!.sequence).toBe(1);
    expect(second.find((p) => p.uid === 'tender-2@tender-workbench')).toMatchObject({ start: '2026-05-13T07:00:00.000Z', sequence: 2 });
    expect(second[0]!.description).toContain('Customer: ГБОУ Школа № 1');
  });

  it('a day without a time is a whole-day event on its Moscow day', () => {
    const event: CalendarEvent = { uid: 'tender-5@tender-workbench', kind: 'submission', tender_id: 5, title: 'Т', at: '2026-03-01T21:00:00.000Z', date_only: true };
    const [parsed] = parse(icsText([event], { locale: 'ru' }));
    expect(parsed!.allDayValue).toBe(true);
    expect(icsText([event], { locale: 'ru' })).toContain('DTSTART;VALUE=DATE:20260302');
  });
});
