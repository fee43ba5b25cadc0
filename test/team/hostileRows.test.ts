/**
 * An attack of the same kind as the hostile-teammate review's seven rows finds nothing new: hostile rows in every team table (values
 * out of range, shapes the app never writes, texts of any size) never stop a pull. Each is either taken (as data
 * the app can live with) or held and named; the honest rows beside them are always taken.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchStore } from '../../src-main/cache/searchStore';
import { tenderMarksFor } from '../../src-main/cache/markStore';
import { versionStore } from '../../src-main/cache/versionStore';
import { pullFromTeamOutcome } from '../../src-main/team/pull';
import { openTeamConnection, type TeamConnection } from '../../src-main/teamdb/connection';
import { inSchema } from '../../src-main/teamdb/schemaName';
import { tempCache, tender } from '../cache/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SCHEMA = 'tenderwb';
const M = '00000000-0000-4000-8000-00000000000c';
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();

let pg: PgCluster;
let team: TeamConnection;

beforeAll(async () => {
  pg = await startPostgres();
  team = await openTeamConnection({ url: await pg.createDatabase('hostile'), password: pg.password, schema: SCHEMA, appVersion: 'test' });
});

afterAll(async () => {
  await team?.close();
  await pg?.stop();
});

const sql = (text: string, params: unknown[] = []) => team.pool.query(inSchema(SCHEMA, text), params);

describe('hostile teammate rows in every table', () => {
  it('never stop a pull: each is taken or held and named, and the honest rows beside them are taken', async () => {
    const version = (id: number, v: number, body: string, deliveredAt = at(-60), via = 'feed', event: string | null = 'created') =>
      sql(
        `INSERT INTO S.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, 'req', 'flt', true, $7)`,
        [id, v, body, deliveredAt, via, event, M],
      );
    await version(21, 1, JSON.stringify(tender(21, 1)));
    await version(22, 1, '{"id": 22.5}');
    await version(23, 1, '{"id": "23", "version": "1", "price": "дорого", "organization": [], "okpd2": "x", "region": null}');
    await version(24, 1, '{"id": 24}', at(-60), 'card', 'created');
    await version(25, 2147483647, JSON.stringify({ id: 25, name: 'x'.repeat(200_000) }));
    await sql(
      `INSERT INTO S.contract_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id)
       VALUES (31, 1, '{"id": 31, "tender_id": -4, "suppliers": "нет"}', $1, 'feed', 'created', 'req', 'flt', true, $2),
              (32, 1, '{"id": 32, "tender_id": 9007199254740993}', $1, 'feed', 'created', 'req', 'flt', true, $2)`,
      [at(-60), M],
    );
    await sql(
      `INSERT INTO S.card (kind, id, version, positions_page, positions_limit, body, delivered_at, request_id, billed, machine_id) VALUES
         ('tender', 21, 1, 1, 20, '{"id": 21, "positions": "нет"}', $1, 'req', true, $2),
         ('tender', 21, 1, -1, 0, '{"id": 21}', $1, 'req', true, $2),
         ('tender', 26, -2, 1, 20, '{"id": 26}', $1, 'req', true, $2)`,
      [at(-60), M],
    );
    await sql(
      `INSERT INTO S.ledger_row (id, balance_type, amount, object_id, version, request_id, created_at, machine_id) VALUES
         (1, 'tenders', -5, 21, 1, 'req', $1, $2), (2, 'tenders', 1, 0, 1, 'req', $1, $2), (3, 'contracts', 1, 21, -1, NULL, NULL, $2)`,
      [at(-60), M],
    );
    await sql(
      `INSERT INTO S.saved_search (filter_id, label, params, events, created_at, expires_at, machine_id) VALUES
         ('flt_ok', 'Честный', '{"query": "бумага"}', '["created"]', $1, NULL, $2),
         ('flt_arr', 'Массив', '[]', '["created"]', $1, NULL, $2),
         ('flt_events', 'События', '{}', '"created"', $1, NULL, $2),
         ('flt_events2', 'События 2', '{}', '[1, null, "deleted"]', $1, NULL, $2),
         ('flt_exp', 'Срок', '{}', '["created"]', $1, '20000-01-01T00:00:00Z', $2),
         ('', 'Пустой', '{}', '["created"]', $1, NULL, $2)`,
      [at(-60), M],
    );
    const change = (seq: number, entity: string, key: string, field: string, value: string | null) =>
      sql(`INSERT INTO S.shared_change (machine_id, local_seq, entity, key, field, value, at, author) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 'Вера')`, [
        M,
        seq,
        entity,
        key,
        field,
        value,
        at(-30),
      ]);
    await change(1, 'mark', '21', 'status', '"reviewing"');
    await change(2, 'mark', '22', 'status', '42');
    await change(3, 'mark', '23', 'status', '"hacked"');
    await change(4, 'mark', '24', 'assignee', '{"a": 1}');
    await change(5, 'mark', '25', 'tag:срочно', '[]');
    await change(6, 'mark', '26', 'note:x', '"просто строка"');
    await change(7, 'mark', '27', 'bogus', '1');
    await change(8, 'tag', '', 'name', 'null');
    await change(9, 'tag', 'срочно', 'color', '{"r": 1}');
    await change(10, 'list', 'lst_1', 'name', '123');
    await change(11, 'list', 'lst_1', 'member:abc', 'true');
    await change(12, 'list', '', 'hidden', '"yes"');
    await change(13, 'list', 'lst_2', 'metadata', '"' + 'я'.repeat(100_000) + '"');
    await change(14, 'mark', '28', 'status', '"won"');

    const cache = tempCache();
    const outcome = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(versionStore(cache).has('tender', 21, 1)).toBe(true);
    expect(searchStore(cache).get('flt_ok')).toBeDefined();
    expect(tenderMarksFor(cache, [21]).get(21)?.status).toBe('reviewing');
    expect(tenderMarksFor(cache, [28]).get(28)?.status).toBe('won');
    // What was not taken is named, with why.
    expect(outcome.skipped.map((r) => [r.table, r.id, r.reason, r.detail])).toEqual([
      ['tender_version', '22', 'body_key', 'id 22.5'],
      ['card', '21', 'value', 'positions_page -1'],
      ['card', '26', 'version', '-2'],
      ['ledger_row', '2', 'id', '0'],
      ['ledger_row', '3', 'version', '-1'],
      ['saved_search', 'flt_arr', 'value', 'array'],
      ['saved_search', 'flt_exp', 'time', '20000-01-01T00:00:00.000Z'],
      ['saved_search', '', 'value', 'filter_id'],
      ['shared_change', 'lst_1', 'id', 'abc'],
    ]);
    // The rest was taken as data the app can live with: a saved search's events it cannot read are its default
    // ones, a mark's value out of its range changes nothing.
    expect(searchStore(cache).get('flt_events')?.events).toEqual(['created', 'updated']);
    expect(searchStore(cache).get('flt_events2')?.events).toEqual(['created', 'updated']);
    expect([22, 23, 24, 25, 26, 27].map((id) => tenderMarksFor(cache, [id]).get(id)?.status ?? null)).toEqual([null, null, null, null, null, null]);
    expect(outcome.counts).toMatchObject({ tender_version: 4, contract_version: 2, card: 1, ledger_row: 1, saved_search: 3 });
    // A second pull is quiet: nothing named again, the held rows stay held.
    const again = await pullFromTeamOutcome(cache, team, { now: () => NOW });
    expect(again.skipped).toEqual([]);
    expect(again.held).toBe(9);
  });
});
