/**
 * Marks, tags and lists shared through a real team database (merge rule in domain/sharedChanges.ts).
 * Two caches A and B stand for two analysts on one team database: a push is `pushSharedChanges`, a pull reads
 * S.shared_change past the other machine's own rows and hands them to `applyPulledChanges` (one test goes
 * through the whole push and pull halves). What travels: status, assignee, tags, notes, tag rename/merge/delete,
 * note delete, list members; concurrent edits of one field end with the same winner everywhere and both show in
 * the history; a tag deleted while a teammate tags another tender keeps that tender's tag everywhere; two
 * concurrent pushes of different fields both land in S.mark; a 0017 cache's marks become
 * initial changes; a second push moves nothing. The triage label «Интересно / Неинтересно» travels as a mark
 * field with its own time, trains a teammate's model only when allowed, and a hostile label row is held.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { listStore } from '../../src-main/cache/listStore';
import { markStore, tenderMarksFor } from '../../src-main/cache/markStore';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { sharedChangeStore } from '../../src-main/cache/sharedChangeStore';
import { teamLinkStore } from '../../src-main/cache/teamLink';
import type { SharedChange } from '../../src-main/domain/sharedChanges';
import { feedStore } from '../../src-main/cache/feedStore';
import { triageStore } from '../../src-main/cache/triageStore';
import { labelsFrom } from '../../src-main/domain/triageLabels';
import { teamSkippedLine } from '../../src-main/i18n/teamSyncText';
import { pullFromTeam, pullFromTeamOutcome } from '../../src-main/team/pull';
import { triageModel } from '../../src-main/triage/triage';
import { inSchema } from '../../src-main/teamdb/schemaName';
import { pushToTeam } from '../../src-main/team/push';
import { applyPulledChanges, pushSharedChanges } from '../../src-main/team/sharedChanges';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';

let pg: PgCluster;
const open: TeamConnection[] = [];
let dbCount = 0;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(async () => {
  for (const team of open) await team.close();
  await pg?.stop();
});

async function teamDb(): Promise<TeamConnection> {
  const url = await pg.createDatabase(`shared_${++dbCount}`);
  const team = await openTeamConnection({ url, password: pg.password, appVersion: 'test' });
  open.push(team);
  return team;
}

function analyst(author: string, cache: CacheDb = tempCache()): CacheDb {
  teamLinkStore(cache).setAuthor(author);
  return cache;
}

/** The pull's shared-change part, read straight from the team database: every change another machine pushed. */
async function pull(cache: CacheDb, team: TeamConnection): Promise<number> {
  const { rows } = await team.pool.query<{ machine_id: string; local_seq: string; entity: SharedChange['entity']; key: string; field: string; value: unknown; at: Date; author: string }>(
    `SELECT machine_id, local_seq, entity, key, field, value, at, author FROM "${team.schema}".shared_change WHERE machine_id <> $1 ORDER BY change_xid, machine_id, local_seq`,
    [teamLinkStore(cache).machineId],
  );
  return applyPulledChanges(
    cache,
    rows.map((r) => ({ machineId: r.machine_id, localSeq: Number(r.local_seq), entity: r.entity, key: r.key, field: r.field, value: r.value, at: r.at.toISOString(), author: r.author })),
  );
}

async function sync(team: TeamConnection, ...caches: CacheDb[]): Promise<void> {
  for (const cache of caches) await pushSharedChanges(cache, team);
  for (const cache of caches) await pull(cache, team);
}

const marksOf = (cache: CacheDb, id: number) => {
  const m = tenderMarksFor(cache, [id]).get(id)!;
  return { status: m.status, assignee: m.assignee, tags: m.tags.map((t) => `${t.name} ${t.color}`), notes: m.notes.map((n) => n.text) };
};

const query = async <T extends Record<string, unknown>>(team: TeamConnection, sql: string): Promise<T[]> =>
  (await team.pool.query<T>(sql.replace(/\bS\./g, `"${team.schema}".`))).rows;

describe('shared marks and lists through the team database', () => {
  it('B marks a tender (status, tag, note, assignee) and A sees it after both sync; S.mark and S.mark_note hold it; a second run moves nothing', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    markStore(b).apply({ tender_ids: [101], status: 'reviewing', assignee: 'Петров', add_tags: ['Срочно'], note: 'Позвонить заказчику' });
    expect(await pushSharedChanges(b, team)).toBe(5 /* status, assignee, tag name + colour, tender's tag */ + 1 /* note */);
    expect(await pull(a, team)).toBe(6);
    const seen = marksOf(a, 101);
    expect(seen).toEqual(marksOf(b, 101));
    expect(seen).toMatchObject({ status: 'reviewing', assignee: 'Петров', notes: ['Позвонить заказчику'] });
    expect(seen.tags).toHaveLength(1);

    const [mark] = await query<{ tender_id: string; status: string; status_by: string; assignee: string; tags: string[] }>(team, 'SELECT tender_id, status, status_by, assignee, tags FROM S.mark');
    expect(mark).toEqual({ tender_id: '101', status: 'reviewing', status_by: 'Петров', assignee: 'Петров', tags: ['Срочно'] });
    expect(await query(team, 'SELECT tender_id, text, author FROM S.mark_note')).toEqual([{ tender_id: '101', text: 'Позвонить заказчику', author: 'Петров' }]);

    // A's view of the pulled change is not pushed back as A's own, and nothing moves again.
    expect(await pushSharedChanges(a, team)).toBe(0);
    expect(await pushSharedChanges(b, team)).toBe(0);
    expect(await pull(a, team)).toBe(0);
    const history = sharedChangeStore(a).markHistory(101);
    expect(history.map((h) => [h.field, h.author, h.pulled])).toContainEqual(['status', 'Петров', true]);
  });

  it('A and B set the status of one tender concurrently: both end with the same winner, and both histories show both edits', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    markStore(a).apply({ tender_ids: [7], status: 'preparing' });
    markStore(b).apply({ tender_ids: [7], status: 'declined' });
    await sync(team, a, b);
    await sync(team, a, b);
    expect(marksOf(a, 7).status).toBe(marksOf(b, 7).status);
    const [state] = await query<{ value: string }>(team, `SELECT value #>> '{}' AS value FROM S.shared_state WHERE entity = 'mark' AND key = '7' AND field = 'status'`);
    expect(marksOf(a, 7).status).toBe(state!.value);
    const [mark] = await query<{ status: string }>(team, 'SELECT status FROM S.mark WHERE tender_id = 7');
    expect(mark!.status).toBe(state!.value);
    for (const cache of [a, b]) {
      const statuses = sharedChangeStore(cache).markHistory(7).filter((h) => h.field === 'status');
      expect(statuses.map((h) => [h.value, h.author]).sort()).toEqual([['declined', 'Петров'], ['preparing', 'Иванова']]);
      expect(statuses.filter((h) => h.pulled)).toHaveLength(1);
    }
  });

  it('tag rename, merge and delete, a note deleted and list members added and removed travel', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    const marks = markStore(a);
    marks.apply({ tender_ids: [1, 2, 3], add_tags: ['ИТ', 'Срочно', 'Лишний'], note: 'Первая' });
    marks.apply({ tender_ids: [1], note: 'Вторая' });
    listStore(a).upsertList({ listId: 'lst_team', name: 'Отбор', createdAt: '2026-11-01T10:00:00.000Z' });
    listStore(a).addItems('lst_team', [1, 2, 3]);
    await sync(team, a, b);
    expect(marksOf(b, 1)).toEqual(marksOf(a, 1));
    expect(listStore(b).items('lst_team').map((m) => m.tenderId)).toEqual([1, 2, 3]);
    expect(listStore(b).getList('lst_team')?.name).toBe('Отбор');

    const tagId = (cache: CacheDb, name: string) => markStore(cache).tags().find((t) => t.name === name)!.id;
    expect(marks.renameTag(tagId(a, 'ИТ'), 'Информатика').result).toBe('renamed');
    marks.recolorTag(tagId(a, 'Информатика'), '#123456');
    marks.mergeTags([tagId(a, 'Лишний')], tagId(a, 'Срочно'));
    const first = tenderMarksFor(a, [1]).get(1)!.notes.find((n) => n.text === 'Первая')!;
    marks.deleteNote(first.id);
    listStore(a).removeItems('lst_team', [2]);
    listStore(a).renameLocally('lst_team', 'Отбор на декабрь');
    await sync(team, a, b);
    for (const id of [1, 2, 3]) expect(marksOf(b, id)).toEqual(marksOf(a, id));
    expect(marksOf(b, 1)).toEqual({ status: null, assignee: null, tags: ['Информатика #123456', expect.stringMatching(/^Срочно /)], notes: ['Вторая'] });
    expect(markStore(b).tags().map((t) => t.name)).toEqual(['Информатика', 'Срочно']);
    expect(listStore(b).items('lst_team').map((m) => m.tenderId)).toEqual([1, 3]);
    expect(listStore(b).getList('lst_team')?.name).toBe('Отбор на декабрь');

    marks.deleteTag(tagId(a, 'Срочно'));
    await sync(team, a, b);
    expect(markStore(b).tags().map((t) => t.name)).toEqual(['Информатика']);
    expect(marksOf(b, 2)).toEqual(marksOf(a, 2));

    const bi = await query<{ tender_id: string; tags: string[] }>(team, 'SELECT tender_id, tags FROM S.mark ORDER BY tender_id');
    expect(bi).toEqual([1, 2, 3].map((id) => ({ tender_id: String(id), tags: ['Информатика'] })));
    expect(await query(team, `SELECT tender_id, text FROM S.mark_note ORDER BY tender_id, text`)).toEqual([
      { tender_id: '1', text: 'Вторая' },
      { tender_id: '2', text: 'Первая' },
      { tender_id: '3', text: 'Первая' },
    ]);
    expect(await query(team, 'SELECT list_id, name, hidden FROM S.list')).toEqual([{ list_id: 'lst_team', name: 'Отбор на декабрь', hidden: false }]);
    expect(await query(team, 'SELECT tender_id FROM S.list_member ORDER BY tender_id')).toEqual([{ tender_id: '1' }, { tender_id: '3' }]);
  });

  it('a tag deleted on A while B tags another tender with it: both end with the tag on B\'s tender only', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    markStore(a).apply({ tender_ids: [11], add_tags: ['Общий'] });
    await sync(team, a, b);
    const tagOn = (cache: CacheDb) => markStore(cache).tags().find((t) => t.name === 'Общий');
    markStore(a).deleteTag(tagOn(a)!.id);
    markStore(b).apply({ tender_ids: [12], add_tags: ['Общий'] });
    await sync(team, a, b);
    for (const cache of [a, b]) {
      expect(marksOf(cache, 11).tags).toEqual([]);
      expect(marksOf(cache, 12).tags).toEqual([expect.stringMatching(/^Общий #/)]);
    }
    expect(await query(team, 'SELECT tender_id, tags FROM S.mark ORDER BY tender_id')).toEqual([{ tender_id: '12', tags: ['Общий'] }]);
  });

  it('two concurrent pushes touching different fields of one tender both land in S.mark (they meet at its row: both wait, then one after the other)', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    markStore(a).apply({ tender_ids: [500], note: 'Смотрим' });
    await pushSharedChanges(a, team);
    markStore(a).apply({ tender_ids: [500], status: 'won' });
    markStore(b).apply({ tender_ids: [500], assignee: 'Петров', add_tags: ['Горит'] });
    // A third session holds the tender's S.mark row, so both pushes have written their own fields' states and
    // are waiting for it when it is let go: the order two real pushes meet in at their worst.
    const holder = await team.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM "${team.schema}".mark WHERE tender_id = 500 FOR UPDATE`);
      const pushes = Promise.all([pushSharedChanges(a, team), pushSharedChanges(b, team)]);
      for (;;) {
        // Asked on another session: inside the holder's transaction pg_stat_activity stays as first read.
        const { rows } = await team.pool.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.waiting >= 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await holder.query('COMMIT');
      await pushes;
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    const [mark] = await query<{ status: string; assignee: string; tags: string[] }>(team, 'SELECT status, assignee, tags FROM S.mark WHERE tender_id = 500');
    expect(mark).toEqual({ status: 'won', assignee: 'Петров', tags: ['Горит'] });
  });

  it('through the push and pull halves: B marks, both sync, A sees it', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    markStore(b).apply({ tender_ids: [42], status: 'submitted', add_tags: ['Заявка'] });
    expect((await pushToTeam(b, team)).shared_change).toBe(4);
    await pushToTeam(a, team);
    expect((await pullFromTeam(a, team)).shared_change).toBe(4);
    expect(marksOf(a, 42)).toEqual(marksOf(b, 42));
    expect((await pullFromTeam(a, team)).shared_change).toBe(0);
  });

  it('a cache made before migration 0018 with marks and a list: they become initial changes that a first push shares', async () => {
    const team = await teamDb();
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 17) });
    markStore(old).apply({ tender_ids: [9], status: 'won', add_tags: ['Старый'], note: 'Записка' }, '2026-10-01T09:00:00.000Z');
    listStore(old).upsertList({ listId: 'lst_old', name: 'Старый список', createdAt: '2026-09-01T09:00:00Z' });
    listStore(old).addItems('lst_old', [9], '2026-09-02T09:00:00.000Z');
    old.close();
    const a = analyst('Иванова', openCache(file));
    const b = analyst('Петров');
    const fields = sharedChangeStore(a).ownSince(0, 100).map((c) => `${c.entity} ${c.field}`);
    expect(fields.sort()).toEqual(['list member:9', 'list name', 'mark note:' + fields.find((f) => f.startsWith('mark note:'))!.slice(10), 'mark status', 'mark tag:старый', 'tag color', 'tag name'].sort());
    await sync(team, a, b);
    expect(marksOf(b, 9)).toEqual(marksOf(a, 9));
    expect(listStore(b).items('lst_old').map((m) => m.tenderId)).toEqual([9]);
    a.close();
  });

  it('the «Интересно / Неинтересно» label travels with its time: B’s training sees A’s label only when B allows it, and A’s later «Неинтересно» replaces it', async () => {
    const team = await teamDb();
    const a = analyst('Иванова');
    const b = analyst('Петров');
    // B holds the tender (a label trains only on a held tender); times are hours ago, whatever day the test runs.
    feedStore(b).saveFeedPage(tenderPage([tenderItem(tender(501, 1))], { filterId: 'flt_b', cursor: 'cur_b' }));
    const hoursAgo = (h: number): string => new Date(Date.now() - h * 3_600_000).toISOString();
    const trainingOf = (teammates: boolean) => ({
      labels: labelsFrom(triageStore(b).decisions(), teammates),
      counts: (({ positives, negatives }) => ({ positives, negatives }))(triageModel(b, { teammates }).info),
    });
    const syncBoth = async (): Promise<void> => {
      for (const cache of [a, b]) await pushToTeam(cache, team);
      for (const cache of [a, b]) await pullFromTeam(cache, team);
    };

    const first = hoursAgo(3);
    markStore(a).apply({ tender_ids: [501], interest: true }, first);
    await syncBoth();
    expect(tenderMarksFor(b, [501]).get(501)!.interest).toBe(true);
    expect(trainingOf(false)).toEqual({ labels: [], counts: { positives: 0, negatives: 0 } });
    expect(trainingOf(true)).toEqual({ labels: [{ tender_id: 501, positive: true, at: first, source: 'explicit' }], counts: { positives: 1, negatives: 0 } });
    const [shown] = await query<{ interest: boolean; interest_by: string }>(team, 'SELECT interest, interest_by FROM S.mark WHERE tender_id = 501');
    expect(shown).toEqual({ interest: true, interest_by: 'Иванова' });

    // B's own status in between, then A's later «Неинтересно»: on, the later decision (A's) is the label; off, B's own.
    const own = hoursAgo(2);
    markStore(b).apply({ tender_ids: [501], status: 'preparing' }, own);
    const later = hoursAgo(1);
    markStore(a).apply({ tender_ids: [501], interest: false }, later);
    await syncBoth();
    expect(tenderMarksFor(b, [501]).get(501)).toMatchObject({ interest: false, status: 'preparing' });
    expect(trainingOf(true)).toEqual({ labels: [{ tender_id: 501, positive: false, at: later, source: 'explicit' }], counts: { positives: 0, negatives: 1 } });
    expect(trainingOf(false)).toEqual({ labels: [{ tender_id: 501, positive: true, at: own, source: 'status' }], counts: { positives: 1, negatives: 0 } });
    expect(sharedChangeStore(b).markHistory(501).filter((h) => h.field === 'interest').map((h) => [h.value, h.author, h.pulled])).toEqual([
      [true, 'Иванова', true],
      [false, 'Иванова', true],
    ]);
    const [state] = await query<{ interest: boolean; at: Date }>(team, 'SELECT interest, interest_at AS at FROM S.mark WHERE tender_id = 501');
    expect({ interest: state!.interest, at: state!.at.toISOString() }).toEqual({ interest: false, at: later });
  });

  it('a teammate’s damaged or hostile label row is refused and named with its reason; the rows beside it are taken', async () => {
    const team = await teamDb();
    const b = analyst('Петров');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const rows: [number, string, string, string | null][] = [
      [1, '601', 'interest', JSON.stringify('x'.repeat(100_000))],
      [2, '602', 'interest', '{"interesting": true}'],
      [3, '603', 'interest', 'true'],
      [4, '603', 'status', '"reviewing"'],
      [5, '604', 'interest', 'false'],
    ];
    for (const [seq, key, field, value] of rows) {
      await team.pool.query(
        inSchema(team.schema, `INSERT INTO S.shared_change (machine_id, local_seq, entity, key, field, value, at, author) VALUES ($1, $2, 'mark', $3, $4, $5::jsonb, $6, 'Вера')`),
        ['00000000-0000-4000-8000-00000000000e', seq, key, field, value, at],
      );
    }
    const outcome = await pullFromTeamOutcome(b, team);
    expect(outcome.counts.shared_change).toBe(3);
    expect(outcome.skipped.map((r) => [r.id, r.field, r.reason])).toEqual([
      ['601', 'interest', 'value'],
      ['602', 'interest', 'value'],
    ]);
    // Bounded: a 100,000-character value is named by its first characters only.
    expect(outcome.skipped[0]!.detail!.length).toBeLessThan(80);
    expect(teamSkippedLine(outcome.skipped[1]!, 'ru')).toBe('отметка тендера 602 («Интересно / Неинтересно») (отправитель: машина 00000000): недопустимое значение ({"interesting": true})');
    const marks = tenderMarksFor(b, [601, 602, 603, 604]);
    expect([601, 602, 603, 604].map((id) => [marks.get(id)!.interest, marks.get(id)!.status])).toEqual([
      [null, null],
      [null, null],
      [true, 'reviewing'],
      [false, null],
    ]);
    expect(outcome.held).toBe(2);
  });
});
