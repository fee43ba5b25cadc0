/**
 * One bad row in the team database no longer stops every teammate's pull. Each of the seven rows
 * of the attack stopped the pull until an administrator deleted it: a body naming another id, a body that is `[]`,
 * a string or `null`, a negative version, an id past 2^53 (9007199254740993 read as …992), a change dated year
 * 20000 (a raw «Invalid time value»); and a change dated 9999-12-31T23:59:59.999Z pinned a mark for good, every
 * later edit failing with «NOT NULL constraint failed: shared_change.at». Now the pull holds each such row in the
 * cache's quarantine, names it (with the pusher's author), takes every other row, and goes on; a change from more
 * than ten minutes ahead is held until its time comes and never pins a field; a cache pinned before the fix is
 * freed by its migration. Every clock here is set by the test (the pull's `now`); nothing depends on today's date.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { ledgerStore } from '../../src-main/cache/ledgerStore';
import { markStore, tenderMarksFor } from '../../src-main/cache/markStore';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { sharedChangeStore } from '../../src-main/cache/sharedChangeStore';
import { teamQuarantine } from '../../src-main/cache/teamQuarantine';
import { versionStore } from '../../src-main/cache/versionStore';
import { pullFromTeamOutcome } from '../../src-main/team/pull';
import type { TeamConnection } from '../../src-main/teamdb/connection';
import { inSchema } from '../../src-main/teamdb/schemaName';
import { tempCache, tempDir } from '../cache/helpers';
import { DEFAULT_SETTINGS, readSettings, SettingsFile } from '../../src-main/workspace/settings';
import type { Session } from '../../src-main/app/sessions';
import { TeamSyncer } from '../../src-main/app/teamSyncer';
import { teamStatusSchema, type TeamStatus } from '../../src-main/contract/ipc';
import { teamSkippedLines } from '../../src-main/i18n/teamSyncText';
import { TeamSecretVault } from '../../src-main/vault/teamSecret';
import { teamDatabases } from './teamDatabases';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SCHEMA = 'tenderwb';
/** The machine that pushed every row here, and its author in the team's roster. */
const VERA = '00000000-0000-4000-8000-00000000000a';
/** This test's «now»: the pull's clock, the day every honest row below was made on. */
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();

const databases = teamDatabases('rows', SCHEMA);

async function teamDb(): Promise<TeamConnection> {
  const team = await databases.open();
  await team.pool.query(inSchema(SCHEMA, `INSERT INTO S.machine (machine_id, author, app_version) VALUES ($1, 'Вера', 'test')`), [VERA]);
  return team;
}

const sql = (team: TeamConnection, text: string, params: unknown[] = []) => team.pool.query(inSchema(SCHEMA, text), params);

/** A tender version row as the push writes it (a body, its first delivery), by Vera's machine. */
const version = (team: TeamConnection, id: string, v: number, body: string, deliveredAt = at(-60)) =>
  sql(
    team,
    `INSERT INTO S.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id)
     VALUES ($1::bigint, $2, $3::jsonb, $4, 'feed', 'created', 'req_' || $1, 'flt_team', true, $5)`,
    [id, v, body, deliveredAt, VERA],
  );

const change = (team: TeamConnection, seq: number, key: string, field: string, value: string, when: string) =>
  sql(team, `INSERT INTO S.shared_change (machine_id, local_seq, entity, key, field, value, at, author) VALUES ($1, $2, 'mark', $3, $4, $5::jsonb, $6, 'Вера')`, [
    VERA,
    seq,
    key,
    field,
    value,
    when,
  ]);

const statusOf = (cache: CacheDb, id: number) => tenderMarksFor(cache, [id]).get(id)?.status ?? null;

describe('a pull and the teammate rows it cannot take', () => {
  it('holds each of the seven bad rows (and a 9999-12-31 change), names it with its pusher, and takes every other row', async () => {
    const team = await teamDb();
    await version(team, '21', 1, JSON.stringify({ id: 21, name: 'Поставка бумаги' }));
    await version(team, '11', 1, JSON.stringify({ id: 12, name: 'Чужое тело' }));
    await version(team, '13', 1, '[]');
    await version(team, '14', 1, '"строка"');
    await version(team, '15', 1, 'null');
    await version(team, '16', -3, JSON.stringify({ id: 16 }));
    await version(team, '9007199254740993', 1, JSON.stringify({ name: 'Слишком большой id' }));
    await sql(team, `INSERT INTO S.ledger_row (id, balance_type, amount, object_id, version, request_id, machine_id) VALUES
      (31, 'tenders', 1, 21, 1, 'req_21', $1), (9007199254740993, 'tenders', 1, 21, 1, 'req_21', $1)`, [VERA]);
    await change(team, 1, '21', 'status', '"reviewing"', at(-30));
    await change(team, 2, '17', 'status', '"won"', '20000-01-01T00:00:00Z');
    await change(team, 3, '19', 'status', '"won"', '9999-12-31T23:59:59.999Z');
    await change(team, 4, '9007199254740993', 'status', '"won"', at(-30));

    const cache = tempCache();
    const outcome = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    // Every good row is here: the version, the ledger row, the change.
    expect(outcome.counts).toMatchObject({ tender_version: 1, ledger_row: 1, shared_change: 1 });
    expect([...versionStore(cache).allVersions()]).toEqual([{ kind: 'tender', id: 21, version: 1 }]);
    expect(ledgerStore(cache).teamOnlyCount()).toBe(1);
    expect(statusOf(cache, 21)).toBe('reviewing');

    const named = outcome.skipped.map((s) => [s.table, s.id, s.version ?? s.field ?? null, s.reason, s.detail, s.author]);
    expect(named).toEqual([
      ['tender_version', '11', '1', 'body_key', 'id 12', 'Вера'],
      ['tender_version', '13', '1', 'body', 'array', 'Вера'],
      ['tender_version', '14', '1', 'body', 'string', 'Вера'],
      ['tender_version', '15', '1', 'body', 'null', 'Вера'],
      ['tender_version', '16', '-3', 'version', '-3', 'Вера'],
      // Read as text and refused: never rounded to 9007199254740992, another tender's id.
      ['tender_version', '9007199254740993', '1', 'id', '9007199254740993', 'Вера'],
      ['ledger_row', '9007199254740993', null, 'id', '9007199254740993', 'Вера'],
      ['shared_change', '17', 'status', 'time', '20000-01-01T00:00:00.000Z', 'Вера'],
      ['shared_change', '19', 'status', 'future', '9999-12-31T23:59:59.999Z', 'Вера'],
      ['shared_change', '9007199254740993', 'status', 'id', '9007199254740993', 'Вера'],
    ]);
    expect(outcome.skippedTotal).toBe(10);
    expect(outcome.held).toBe(10);
    expect(teamQuarantine(cache).heldCount()).toBe(10);
    expect(cache.db.prepare('SELECT count(*) FROM object_version WHERE id = 9007199254740992').pluck().get()).toBe(0);

    // The far-future change pinned nothing: tender 19 is not «won», and its status can be edited here.
    expect(statusOf(cache, 19)).toBeNull();
    markStore(cache).apply({ tender_ids: [19], status: 'lost' });
    expect(statusOf(cache, 19)).toBe('lost');
    // A teammate's later edit of that field (an honest time: a minute after this machine's edit, which SQLite
    // stamps with the real clock) is taken and wins as usual.
    const edited = Date.now();
    await change(team, 5, '19', 'status', '"submitted"', new Date(edited + 60_000).toISOString());
    const next = await pullFromTeamOutcome(cache, team, { now: () => edited + 2 * 60_000 });
    expect(next.counts.shared_change).toBe(1);
    expect(statusOf(cache, 19)).toBe('submitted');
    // The window moved past the bad rows: they are not named again, and they stay held (nothing lost).
    expect(next.skipped).toEqual([]);
    expect(next.held).toBe(10);
  });

  it('a change from more than ten minutes ahead is held and taken once its time comes; one within the skew is taken', async () => {
    const team = await teamDb();
    await change(team, 1, '41', 'status', '"reviewing"', at(5));
    await change(team, 2, '41', 'assignee', '"Вера"', at(20));
    const cache = tempCache();
    const first = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(first.counts.shared_change).toBe(1);
    expect(first.skipped).toMatchObject([{ table: 'shared_change', id: '41', field: 'assignee', reason: 'future', detail: at(20) }]);
    expect(tenderMarksFor(cache, [41]).get(41)).toMatchObject({ status: 'reviewing', assignee: null });

    // Still ahead at the next pull: still held, not named again.
    expect((await pullFromTeamOutcome(cache, team, { now: () => NOW + 5 * 60_000 })).held).toBe(1);
    expect(tenderMarksFor(cache, [41]).get(41)!.assignee).toBeNull();
    // Its time came (within the skew of now): taken, released from the quarantine.
    const later = await pullFromTeamOutcome(cache, team, { now: () => NOW + 15 * 60_000 });
    expect(later.counts.shared_change).toBe(1);
    expect(later.held).toBe(0);
    expect(tenderMarksFor(cache, [41]).get(41)!.assignee).toBe('Вера');
    expect(sharedChangeStore(cache).markHistory(41).map((h) => h.field)).toEqual(['status', 'assignee']);
  });

  it('a cache pinned before the fix is freed by its migration: the far-future change is held, and the field can be edited again', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 20) });
    // What the pull used to do with it: applied, the field's clock at 9999-12-31.
    sharedChangeStore(old).applyPulled([
      { machineId: VERA, localSeq: 3, entity: 'mark', key: '19', field: 'status', value: 'won', at: '9999-12-31T23:59:59.999Z', author: 'Вера' },
      // Tender 18 had an honest status before the pinning one.
      { machineId: VERA, localSeq: 4, entity: 'mark', key: '18', field: 'status', value: 'reviewing', at: '2026-01-10T09:00:00.000Z', author: 'Вера' },
      { machineId: VERA, localSeq: 5, entity: 'mark', key: '18', field: 'status', value: 'won', at: '9999-12-31T23:59:59.999Z', author: 'Вера' },
    ]);
    expect(() => markStore(old).apply({ tender_ids: [19], status: 'lost' })).toThrow('NOT NULL constraint failed: shared_change.at');
    expect(statusOf(old, 18)).toBe('won');
    old.close();

    const cache = openCache(file);
    try {
      // The pinned value is the quarantine's now: the status goes back to the honest winner, or to none.
      expect(statusOf(cache, 19)).toBeNull();
      expect(statusOf(cache, 18)).toBe('reviewing');
      expect(sharedChangeStore(cache).markHistory(18).map((h) => h.value)).toEqual(['reviewing']);
      // An honest later change of a teammate still wins over the restored one, an older one does not.
      sharedChangeStore(cache).applyPulled([
        { machineId: VERA, localSeq: 6, entity: 'mark', key: '18', field: 'status', value: 'lost', at: '2026-01-09T09:00:00.000Z', author: 'Вера' },
      ]);
      expect(statusOf(cache, 18)).toBe('reviewing');
      markStore(cache).apply({ tender_ids: [19], status: 'lost' });
      expect(statusOf(cache, 19)).toBe('lost');
      expect(teamQuarantine(cache).heldCount()).toBe(2);
      expect(sharedChangeStore(cache).markHistory(19).map((h) => [h.value, h.pulled])).toEqual([['lost', false]]);
    } finally {
      cache.close();
    }
  });

  it('the app keeps the refused rows of its last run and says them in the user’s language, as the CLI does', async () => {
    const team = await teamDb();
    await version(team, '61', 1, JSON.stringify({ id: 61, name: 'Принято' }), new Date(Date.now() - 60_000).toISOString());
    await version(team, '62', 1, 'null', new Date(Date.now() - 60_000).toISOString());
    const dir = tempDir();
    const cache = tempCache();
    const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS, team: { url: databases.cluster().urlOf(databases.lastName()), schema: SCHEMA, author: 'Анна' }, teamProfile: 'work' });
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const syncer = new TeamSyncer({
      settings,
      secrets: new TeamSecretVault({ env: { TENDERWB_TEAM_PASSWORD: databases.cluster().password }, keychain: { getPassword: async () => null, setPassword: async () => undefined, deletePassword: async () => false } }),
      session: () => ({ name: 'work', cache, generation: 'current' }) as Session,
      locale: () => 'ru',
      emit: (event, payload) => {
        if (event === 'team.status' && !(payload as TeamStatus).running && (payload as TeamStatus).lastRun !== null) ended();
      },
      intervalMs: 3_600_000,
    });
    try {
      expect(syncer.start()).toBe(true);
      await done;
    } finally {
      await syncer.close();
    }
    const last = settings.value.teamLastRun!;
    expect(last).toMatchObject({ ok: true, pulled: { tender_version: 1 }, skippedTotal: 1, skipped: [{ table: 'tender_version', id: '62', reason: 'body', detail: 'null', author: 'Вера' }] });
    // What the window is sent (the status event, checked by the contract) and the words it shows.
    const status = teamStatusSchema.parse(await syncer.status());
    expect(teamSkippedLines(status.lastRun!.skipped!, status.lastRun!.skippedTotal!, 'ru')).toEqual([
      'Не принято из базы команды и отложено: 1 строка; всё остальное получено.',
      '— версия тендера 62 v1 (отправитель: Вера): тело — не объект JSON, а null',
    ]);
    // settings.json keeps it across a restart.
    expect((await readSettings(dir)).teamLastRun).toEqual(last);
  });
});
