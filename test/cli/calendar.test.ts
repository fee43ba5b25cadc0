/**
 * `tenderwb calendar` on a cache filled from the sandbox (default and strict): the ICS of a saved
 * search parsed back with ical.js, every deadline at the instant the server's `end_date` says, the same UIDs in
 * a second export; marked tenders by tag; bad input exits 2 naming what is accepted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, exportHistoryNames, feedItems, type CliHarness } from './helpers';

const QUERY = { keywords: ['вакцин'] };
let sb: RunningSandbox;
let cli: CliHarness;
/** The server's newest version of each tender of the search: its end_date. */
const endDates = new Map<number, string>();

beforeAll(async () => {
  let test: string;
  ({ sb, cli, test } = await cliOnSandbox());
  await cli.ok(['search', '--query', JSON.stringify(QUERY), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
  const newest = new Map<number, { version: number; end: string }>();
  for (const item of await feedItems(sb, test, QUERY)) {
    const id = item.tender.id as number;
    if ((newest.get(id)?.version ?? -1) < (item.version as number)) newest.set(id, { version: item.version as number, end: item.tender.end_date as string });
  }
  for (const [id, v] of newest) endDates.set(id, v.end);
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

const vevents = (file: string) =>
  new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8'))).getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, start: e.startDate.toJSDate().getTime(), summary: e.summary, alarm: v.getFirstSubcomponent('valarm') !== null };
  });

/** Each VEVENT's URL property, null where it has none. */
const veventUrls = (file: string): (string | null)[] =>
  new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8'))).getAllSubcomponents('vevent').map((v) => (v.getFirstPropertyValue('url') as string | null) ?? null);

describe('tenderwb calendar', () => {
  it('a saved search: one VEVENT per deadline at the server\'s instant, with a reminder; UIDs the same in a second export', async () => {
    const dir = cli.dir('ics');
    const first = join(dir, 'вакцины.ics');
    const run = await cli.ok(['calendar', '--out', first, '--label', 'вакцины']);
    // The verb agrees with the count in Russian: «1 событие записано», «3 события записаны», «5 событий записано».
    const written = Number(/^(\d+) /.exec(run.stdout)![1]);
    const form = [2, 3, 4].includes(written % 10) && ![12, 13, 14].includes(written % 100) ? 'события записаны' : written % 10 === 1 && written % 100 !== 11 ? 'событие записано' : 'событий записано';
    expect(run.stdout).toMatch(new RegExp(`^${written} ${form} в `));
    // The ICS's provenance beside it (whose deadlines, the events, what their tenders cost), and the history.
    expect(run.stderr).toContain(`Сведения об источнике записаны в ${first}.provenance.json`);
    expect(JSON.parse(readFileSync(`${first}.provenance.json`, 'utf8'))).toMatchObject({ what: { kind: 'calendar', scope: { kind: 'search' }, name: 'вакцины' }, format: 'ics', rows: written, freshness: expect.stringMatching(/^\d{4}-/) });
    expect(exportHistoryNames(cli)[0]).toBe('вакцины.ics');
    // RFC 5545: the last line ends with CRLF like every other (outside readers found it bare).
    expect(readFileSync(first).toString('utf8')).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    const events = vevents(first).filter((e) => /^tender-\d+@tender-workbench$/.test(e.uid));
    expect(endDates.size).toBeGreaterThan(0);
    expect(events.map((e) => e.uid).sort()).toEqual([...endDates.keys()].map((id) => `tender-${id}@tender-workbench`).sort());
    for (const e of events) {
      const id = Number(/^tender-(\d+)@/.exec(e.uid)![1]);
      expect(e.start).toBe(Date.parse(endDates.get(id)!));
      expect(e.alarm).toBe(true);
    }
    const second = join(dir, 'again.ics');
    const json = await cli.ok(['--json', 'calendar', '--out', second, '--label', 'вакцины']);
    expect(json.lines).toEqual([{ out: second, events: vevents(first).length, by_kind: expect.objectContaining({ submission: events.length }), tenders: endDates.size, held: endDates.size }]);
    expect(vevents(second).map((e) => e.uid)).toEqual(vevents(first).map((e) => e.uid));
  });

  it('events whose tender has no card have no URL and are counted on stderr, nothing opened; --open-cards opens those cards first and every VEVENT links to its notice', async () => {
    const dir = cli.dir('links');
    const file = join(dir, 'без-ссылок.ics');
    const without = await cli.ok(['calendar', '--out', file, '--label', 'вакцины']);
    const unlinked = /У (\d+) событи[яй] нет ссылки на извещение: карточки закупок \((\d+)\) не открывались\. Добавьте --open-cards/.exec(without.stderr);
    expect(unlinked, without.stderr).not.toBeNull();
    expect(Number(unlinked![2])).toBe(endDates.size);
    expect(veventUrls(file).every((u) => u === null)).toBe(true);
    // Nothing was opened: a second run still counts the same events without a link.
    expect((await cli.ok(['calendar', '--out', file, '--label', 'вакцины'])).stderr).toContain(unlinked![0]);
    const capWithout = await cli.run(['calendar', '--out', file, '--label', 'вакцины', '--max-spend', '5']);
    expect(capWithout.code).toBe(2);
    expect(capWithout.stderr).toContain('только вместе с --open-cards');

    const linked = join(dir, 'со-ссылками.ics');
    const opened = await cli.ok(['calendar', '--out', linked, '--label', 'вакцины', '--open-cards', '--max-spend', String(endDates.size)]);
    expect(opened.stderr).toContain(`Открываем карточки закупок ради ссылок: ${endDates.size}`);
    expect(opened.stderr).not.toContain('нет ссылки на извещение');
    const urls = veventUrls(linked);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^https?:\/\/\S+$/);
  });

  it('marked tenders by tag, a marked id not held named with the command that loads it; bad input exits 2 naming what is accepted', async () => {
    const ids = [...endDates.keys()].slice(0, 3);
    expect(ids).toHaveLength(3);
    for (const id of ids) await cli.ok(['mark', 'tender', String(id), '--tag', 'Срочно']);
    await cli.ok(['mark', 'tender', '987654321', '--tag', 'Срочно', '--allow-missing']);
    const file = join(cli.dir('marked'), 'срочно.ics');
    const run = await cli.ok(['calendar', '--out', file, '--tag', 'срочно']);
    expect(run.stdout).toContain('3 события записаны в');
    expect(run.stderr).toContain('Нет в кэше закупок: 1 из 4; их сроков здесь нет (загрузить: tenderwb card tender ID)');
    expect(vevents(file).map((e) => e.uid).sort()).toEqual(ids.map((id) => `tender-${id}@tender-workbench`).sort());

    const both = await cli.run(['calendar', '--out', file, '--label', 'вакцины', '--tag', 'Срочно']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('укажите одно: --list, --label или отметки');
    const noOut = await cli.run(['calendar', '--label', 'вакцины']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('укажите файл: --out FILE.ics');
  });
});
