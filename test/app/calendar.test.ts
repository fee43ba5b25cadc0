/**
 * The deadlines calendar through the app core against the sandbox (and the strict one under
 * TENDERWB_SANDBOX_STRICT=1): `calendar.events` of a saved search in a period, each deadline at its row's
 * instant; `calendar.exportIcs` writes the ICS where the save dialog says (read back by ical.js); the contract
 * refuses a period out of order and a scope that is not one, naming the field.
 */
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';
import { coreOnSandbox, finished } from './helpers';

const env = coreOnSandbox();
const DAY = 86_400_000;
/** Each VEVENT's URL, null where it has none. */
const urls = (file: string): (string | null)[] =>
  new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8'))).getAllSubcomponents('vevent').map((v) => (v.getFirstPropertyValue('url') as string | null) ?? null);

describe('calendar through the app core', () => {
  it('events of a saved search in a period at their rows\' instants, and the ICS of the search where the dialog says', async () => {
    const { t } = env;
    const run = await t.call('search.run', { criteria: { regions: [77], keywords: ['поставка'] }, label: 'Москва', events: ['created'] });
    expect((await finished(t, run.jobId)).state).toBe('done');
    const rows = (await t.call('search.results', { filterId: run.filterId, limit: 500 })).rows.filter((r) => r.endDate !== null);
    expect(rows.length).toBeGreaterThan(0);
    const row = rows[0]!;
    const at = Date.parse(row.endDate!);
    const from = new Date(at - DAY).toISOString();
    const to = new Date(at + DAY).toISOString();
    const events = await t.call('calendar.events', { scope: { kind: 'search', filterId: run.filterId }, from, to });
    expect(events.find((e) => e.uid === `tender-${row.id}@tender-workbench`)).toMatchObject({ kind: 'submission', tender_id: row.id, title: row.name, at: new Date(at).toISOString() });
    expect(events.every((e) => Date.parse(e.at) >= at - DAY && Date.parse(e.at) < at + DAY)).toBe(true);
    const expected = rows.filter((r) => Date.parse(r.endDate!) >= at - DAY && Date.parse(r.endDate!) < at + DAY).map((r) => r.id).sort();
    expect(events.filter((e) => e.kind === 'submission').map((e) => e.tender_id).sort()).toEqual(expected);

    const written = await t.call('calendar.exportIcs', { scope: { kind: 'search', filterId: run.filterId } });
    expect(written).toMatchObject({ saved: true, fileName: 'Сроки — Москва.ics', downloadUrl: null });
    const vevents = new ICAL.Component(ICAL.parse(readFileSync(written.path!, 'utf8'))).getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(written.rows);
    // RFC 5545: the last line ends with CRLF like every other.
    expect(readFileSync(written.path!, 'utf8')).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    const uids = vevents.map((v) => new ICAL.Event(v).uid);
    for (const r of rows) expect(uids).toContain(`tender-${r.id}@tender-workbench`);
    // Like every export, its provenance beside it and an entry in «Выгрузки».
    expect(JSON.parse(readFileSync(`${written.path!}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'calendar', name: 'Москва' }, format: 'ics', rows: written.rows });
    expect((await t.call('exports.history', {}))[0]).toMatchObject({ file_name: 'Сроки — Москва.ics', provenance: { what: { kind: 'calendar', scope: { kind: 'search', filterId: run.filterId } }, format: 'ics' } });
  });

  it('events of tenders whose card was never opened have no link; linkEstimate previews their cards for free and opens none; exportIcs with openCards opens them first and links every event', async () => {
    const { t } = env;
    const run = await t.call('search.run', { criteria: { regions: [50], keywords: ['поставка'] }, label: 'Подмосковье', events: ['created'] });
    expect((await finished(t, run.jobId)).state).toBe('done');
    const scope = { kind: 'search' as const, filterId: run.filterId };
    const before = await t.call('calendar.linkEstimate', { scope });
    expect(before.events).toBeGreaterThan(0);
    expect(before.estimate).toMatchObject({ objects: before.tenders, cards: before.tenders, pages: 0, expectedCost: 0, worstCase: before.tenders });
    const plain = await t.call('calendar.exportIcs', { scope });
    expect(urls(plain.path!).filter((u) => u === null).length).toBe(before.events);
    // Neither the preview nor the plain export opened a card.
    expect(await t.call('calendar.linkEstimate', { scope })).toEqual(before);

    const linked = await t.call('calendar.exportIcs', { scope, openCards: { confirmCost: before.estimate.spend.bound ?? 0 } });
    expect(linked.rows).toBe(plain.rows);
    expect(urls(linked.path!).every((u) => u !== null && /^https?:\/\/\S+$/.test(u))).toBe(true);
    expect(await t.call('calendar.linkEstimate', { scope })).toMatchObject({ events: 0, tenders: 0 });
  });

  it('the contract refuses a period out of order and a scope that is not one, naming the field', () => {
    const backwards = parseArgs('calendar.events', { scope: { kind: 'marked' }, from: '2026-03-02T00:00:00+03:00', to: '2026-03-01T00:00:00+03:00' }, 'en');
    expect(!backwards.ok && backwards.error).toMatchObject({ code: 'invalid_input', fields: ['to'] });
    expect(!backwards.ok && backwards.error.message).toContain('the period must start before it ends');
    const notInstant = parseArgs('calendar.events', { scope: { kind: 'marked' }, from: '02.03.2026', to: '2026-03-03T00:00:00Z' }, 'ru');
    expect(!notInstant.ok && notInstant.error.fields).toEqual(['from']);
    expect(!notInstant.ok && notInstant.error.message).toContain('момент ISO-8601 со смещением');
    const long = parseArgs('calendar.events', { scope: { kind: 'marked' }, from: '2026-01-01T00:00:00Z', to: '2027-03-01T00:00:00Z' }, 'ru');
    expect(!long.ok && long.error.message).toContain('период не длиннее 400 дней');
    const scope = parseArgs('calendar.exportIcs', { scope: { kind: 'list', listId: 'not-a-list' } }, 'en');
    expect(!scope.ok && scope.error.fields).toEqual(['scope.listId']);
    expect(parseArgs('calendar.events', { scope: { kind: 'marked', filter: { status: ['won'] } }, from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' }).ok).toBe(true);
  });
});
