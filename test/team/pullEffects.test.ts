/**
 * The loose ends between a team sync and the rest of the app, on a real team database:
 * - a body or a note PostgreSQL cannot hold as it is (a NUL character, a lone surrogate) goes to the team with
 *   U+FFFD in its place instead of failing its push chunk on every run (the local copy stays as it was);
 * - the app's team sync tells the notifications of a pulled newer version of a marked tender, and the list views
 *   of a teammate's list edits (`lists.changed`);
 * - a saved search a teammate changed reaches this machine unless it was changed here and not pushed yet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src-main/app/context';
import { listHandlers } from '../../src-main/app/lists';
import { AppNotifications } from '../../src-main/app/notificationTeller';
import { DEFAULT_SETTINGS, SettingsFile } from '../../src-main/workspace/settings';
import type { Session } from '../../src-main/app/sessions';
import { TeamSyncer } from '../../src-main/app/teamSyncer';
import type { HostPlatform } from '../../src-main/app/hostPlatform';
import type { CacheDb } from '../../src-main/cache/database';
import { feedStore } from '../../src-main/cache/feedStore';
import { listStore } from '../../src-main/cache/listStore';
import { markStore } from '../../src-main/cache/markStore';
import { searchStore } from '../../src-main/cache/searchStore';
import { versionStore } from '../../src-main/cache/versionStore';
import type { TeamStatus } from '../../src-main/contract/ipc';
import { pullFromTeam } from '../../src-main/team/pull';
import { pushToTeam } from '../../src-main/team/push';
import { zeroCounts } from '../../src-main/team/types';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { TeamSecretVault } from '../../src-main/vault/teamSecret';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';

let pg: PgCluster;
const connections: TeamConnection[] = [];

beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
  await pg?.stop();
});

async function teamOn(db: string): Promise<TeamConnection> {
  const team = await openTeamConnection({ url: await pg.createDatabase(db), password: pg.password, appVersion: 'test' });
  connections.push(team);
  return team;
}

const objectOf = (cache: CacheDb, id: number, version: number) => JSON.parse(versionStore(cache).getJson('tender', id, version)!) as Record<string, unknown>;

describe('team sync loose ends', () => {
  it('a body with a NUL character or a lone surrogate goes to the team with U+FFFD in its place; the local copy stays', async () => {
    const team = await teamOn('odd_bodies');
    const a = tempCache();
    feedStore(a).saveFeedPage(
      tenderPage([
        tenderItem(tender(1, 1, { name: 'Поставка\u0000бумаги', customer: 'Школа\u0000№1' })),
        tenderItem(tender(2, 1, { description: 'Половина пары \ud83d и конец', extra: { 'ключ\u0000': ['\u0000'] } })),
        tenderItem(tender(3, 1)),
      ]),
    );
    markStore(a).apply({ tender_ids: [1], note: 'Звонок\u0000заказчику' });
    expect(await pushToTeam(a, team)).toMatchObject({ tender_version: 3, shared_change: 1 });
    expect(await pg.psql('odd_bodies', 'SELECT text FROM tenderwb.mark_note')).toBe('Звонок\uFFFDзаказчику');
    const rows = await pg.psql('odd_bodies', "SELECT id, name, customer_name, body->>'name', body->>'description' FROM tenderwb.tender_version ORDER BY id");
    expect(rows.split('\n')[0]).toBe('1|Поставка\uFFFDбумаги|Школа\uFFFD№1|Поставка\uFFFDбумаги|Объект закупки: бумага офисная. Срок поставки: 30 календарных дней.');
    expect(rows.split('\n')[1]).toContain('Половина пары \uFFFD и конец');
    expect(await pushToTeam(a, team)).toEqual(zeroCounts());
    // What this machine holds is the API's object, NUL and all.
    expect(objectOf(a, 1, 1).name).toBe('Поставка\u0000бумаги');

    const b = tempCache();
    expect(await pullFromTeam(b, team)).toMatchObject({ tender_version: 3 });
    expect(objectOf(b, 1, 1).name).toBe('Поставка\uFFFDбумаги');
    expect(objectOf(b, 2, 1)['ключ\uFFFD']).toEqual(['\uFFFD']);
    expect(markStore(b).marksFor([1]).get(1)?.notes.map((n) => n.text)).toEqual(['Звонок\uFFFDзаказчику']);
  });

  it('the app’s team sync tells of a pulled newer version of a marked tender and of a teammate’s list edits', async () => {
    const db = 'app_pull';
    const team = await teamOn(db);
    // A holds tender 5 at versions 1 and 2 and shares a list; B has version 1, marked.
    const a = tempCache();
    feedStore(a).saveFeedPage(tenderPage([tenderItem(tender(5, 1)), tenderItem(tender(5, 2, { name: 'Поставка бумаги (изменена)' }))]));
    listStore(a).upsertList({ listId: 'lst_shared', name: 'Отбор', createdAt: '2026-11-01T10:00:00.000Z' });
    listStore(a).addItems('lst_shared', [5]);
    await pushToTeam(a, team);
    const b = tempCache();
    feedStore(b).saveFeedPage(tenderPage([tenderItem(tender(5, 1))]));
    markStore(b).apply({ tender_ids: [5], status: 'reviewing' });

    const dir = mkdtempSync(join(tmpdir(), 'tenderwb-pulleffects-'));
    try {
      const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS, team: { url: pg.urlOf(db), schema: 'tenderwb', author: 'Борисова' }, teamProfile: 'work' });
      const events: { event: string; payload: unknown }[] = [];
      const emit = (event: string, payload: unknown): void => void events.push({ event, payload });
      const session = { name: 'work', cache: b, generation: 'current' } as Session;
      const ctx = { session: () => session, sessionOrNull: () => session, emit } as unknown as AppContext;
      listHandlers(ctx, {} as HostPlatform);
      const notifications = new AppNotifications({ settings, locale: () => 'ru', emit: emit as never, cache: () => b, checkMs: 3_600_000 });
      let ended!: () => void;
      const done = new Promise<void>((resolve) => (ended = resolve));
      const syncer = new TeamSyncer({
        settings,
        secrets: new TeamSecretVault({ env: { TENDERWB_TEAM_PASSWORD: pg.password } }),
        session: () => session,
        locale: () => 'ru',
        emit: (event, payload) => {
          if (event === 'team.status' && (payload as TeamStatus).lastRun !== null && !(payload as TeamStatus).running) ended();
        },
        onVersionsStored: (cache, items) => notifications.versionsStored(cache, items),
        intervalMs: 3_600_000,
      });
      try {
        expect(syncer.start()).toBe(true);
        await done;
      } finally {
        await syncer.close();
        notifications.close();
      }
      expect(settings.value.teamLastRun).toMatchObject({ ok: true, pulled: { tender_version: 1 } });
      const told = events.filter((e) => e.event === 'notify').map((e) => e.payload as { kind: string; title: string; body: string });
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ kind: 'marked_tender_changed' });
      expect(JSON.stringify(told[0])).toContain('Поставка бумаги (изменена)');
      expect(events.filter((e) => e.event === 'lists.changed').map((e) => e.payload)).toEqual([{ listIds: ['lst_shared'] }]);
      expect(listStore(b).getList('lst_shared')?.name).toBe('Отбор');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a saved search a teammate changed is taken here, unless it was changed here and not pushed yet', async () => {
    const team = await teamOn('searches');
    const a = tempCache();
    const b = tempCache();
    const search = (cache: CacheDb) => searchStore(cache).get('flt_roads');
    searchStore(a).upsert({ filterId: 'flt_roads', params: { q: 'дороги' }, label: 'Ремонт', events: ['created'] });
    await pushToTeam(a, team);
    expect((await pullFromTeam(b, team)).saved_search).toBe(1);

    // A renames and widens it: B, which has not changed it, takes both.
    searchStore(a).upsert({ filterId: 'flt_roads', params: { q: 'дороги', region: 77 }, label: 'Ремонт дорог', events: ['created', 'updated'] });
    await pushToTeam(a, team);
    expect((await pullFromTeam(b, team)).saved_search).toBe(1);
    expect(search(b)).toMatchObject({ label: 'Ремонт дорог', params: { q: 'дороги', region: 77 }, events: ['created', 'updated'] });
    // Taken from the team, it is not sent back as B's change.
    expect(await pushToTeam(b, team)).toEqual(zeroCounts());
    expect(await pullFromTeam(b, team)).toEqual(zeroCounts());

    // B renames it and has not pushed yet while A changes it again: B keeps its own, which its push then sends.
    searchStore(b).upsert({ filterId: 'flt_roads', params: { q: 'дороги', region: 77 }, label: 'Мои дороги', events: ['created', 'updated'] });
    searchStore(a).upsert({ filterId: 'flt_roads', params: { q: 'мосты' }, label: 'Мосты', events: ['created'] });
    await pushToTeam(a, team);
    await pullFromTeam(b, team);
    expect(search(b)).toMatchObject({ label: 'Мои дороги', params: { q: 'дороги', region: 77 } });
    expect((await pushToTeam(b, team)).saved_search).toBe(1);
    expect((await pullFromTeam(a, team)).saved_search).toBe(1);
    expect(search(a)).toMatchObject({ label: 'Мои дороги', params: { q: 'дороги', region: 77 } });
  });
});
