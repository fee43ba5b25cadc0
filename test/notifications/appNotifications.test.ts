/**
 * Notifications through the app core: a followed search's news reaches the window as a `notify`
 * event worded in Russian and leading to the search; during quiet hours (settings) the news is held and, when
 * they are lifted, told as one; a bad time is refused in the user's words; the settings are kept in
 * settings.json; a muted search is listed as muted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';
import { control, coreOnSandbox, eventsOf, finished, until } from '../app/helpers';

const world = coreOnSandbox();

/** "HH:MM" Moscow time, `minutes` from now. */
const mskClock = (minutes: number): string => new Date(Date.now() + 3 * 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);

describe('notifications in the app', () => {
  it('a followed search\'s news is told; held during quiet hours and told when they are lifted', async () => {
    const { t, sb } = world;
    const run = await t.call('search.run', { criteria: { keywords: ['поставка'] }, label: 'Поставки', events: ['created', 'updated'] });
    await finished(t, run.jobId);
    await t.call('savedSearches.follow', { filterId: run.filterId, follow: true });
    const following = async () => (await t.call('sync.jobs', {})).some((j) => j.filterId === run.filterId && j.state === 'following');
    await until(following, 30_000, 'the follow job to wait on its long poll');

    // Quiet now (an hour either side of this minute, Moscow time): the news is held, not told.
    await t.call('notifications.setSettings', { enabled: true, quietHours: { from: mskClock(-60), to: mskClock(60) } });
    const feedUpdates = eventsOf(t, 'feed.updated').length;
    await control(sb, 'tick', { created: 100, updated: 100 });
    await until(() => eventsOf(t, 'feed.updated').length > feedUpdates, 30_000, 'the follow job to store the news');
    expect(eventsOf(t, 'notify')).toEqual([]);

    // Lifted: what was held is told at once (one event as itself, several as one summary).
    await t.call('notifications.setSettings', { enabled: true, quietHours: null });
    const [told] = await until(() => (eventsOf(t, 'notify').length ? eventsOf(t, 'notify') : undefined), 10_000, 'the held news');
    expect(told!.kind === 'summary' ? told!.title : told!.body).toMatch(told!.kind === 'summary' ? /^Пока уведомления молчали: \d+ уведомлени/ : /закуп/);
    expect(told!.target).toEqual({ view: 'search', filterId: run.filterId });

    // Later news is told as it comes, one event per stored page, with the search's name.
    const before = eventsOf(t, 'notify').length;
    await control(sb, 'tick', { created: 100, updated: 0 });
    const later = await until(() => eventsOf(t, 'notify').slice(before).find((n) => n.kind === 'saved_search_updated'), 30_000, 'the news told');
    expect(later).toMatchObject({ title: 'Поставки', body: expect.stringMatching(/^\d+ (новая|новые|новых) закуп/), target: { view: 'search', filterId: run.filterId } });
    await t.call('savedSearches.follow', { filterId: run.filterId, follow: false });
  });

  it('a marked tender\'s new version brought by opening its card is told once; opening it again tells nothing', async () => {
    const { t, sb } = world;
    await t.call('notifications.setSettings', { enabled: true, quietHours: null });
    // Tenders held from a search's pages only: none of their cards is cached, so opening one fetches it.
    const run = await t.call('search.run', { criteria: { regions: [78] }, label: 'Карточки', events: ['created'] });
    await finished(t, run.jobId);
    const ids = (await t.call('search.results', { filterId: run.filterId, offset: 0, limit: 40 })).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    await t.call('marks.apply', { tender_ids: ids, status: 'reviewing' });
    const marked = new Map((await t.call('marks.ofTenders', { ids })).map((m) => [m.tender_id, m.marked_version]));
    // Most of the sandbox's tenders get a new version: some of the marked ones among them.
    await control(sb, 'tick', { updated: 1800 });
    const told = () => eventsOf(t, 'notify').filter((n) => n.kind === 'marked_tender_changed');
    const before = told().length;
    const newer: number[] = [];
    for (const id of ids) {
      const card = await t.call('card.tender', { id });
      if (card.version > (marked.get(id) ?? Infinity)) newer.push(id);
    }
    expect(newer.length).toBeGreaterThan(0);
    const fromCards = told().slice(before);
    expect(fromCards.map((n) => n.target)).toEqual(newer.map((id) => ({ view: 'card', tenderId: id })));
    expect(fromCards[0]).toMatchObject({ title: 'Отмеченная закупка изменилась' });

    for (const id of newer) await t.call('card.tender', { id });
    expect(told().length).toBe(before + newer.length);
  });

  it('settings are kept in settings.json; a bad time is refused in the user\'s words; mutes are listed', async () => {
    const { t } = world;
    const bad = parseArgs('notifications.setSettings', { enabled: true, quietHours: { from: '25:00', to: '08:00' } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.message).toContain('Время в формате ЧЧ:ММ');
    await t.call('notifications.setSettings', { enabled: false, quietHours: { from: '22:00', to: '08:00' } });
    expect(JSON.parse(readFileSync(join(t.dir, 'settings.json'), 'utf8')).notifications).toEqual({ enabled: false, quietHours: { from: '22:00', to: '08:00' } });
    expect(await t.call('notifications.settings', {})).toEqual({ enabled: false, quietHours: { from: '22:00', to: '08:00' } });
    await t.call('notifications.mute', { filterId: 'flt_muted', muted: true });
    expect(await t.call('notifications.muted', {})).toEqual(['flt_muted']);
    await t.call('notifications.mute', { filterId: 'flt_muted', muted: false });
    expect(await t.call('notifications.muted', {})).toEqual([]);
  });
});
