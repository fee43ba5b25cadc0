/**
 * The team schema's BI views (migration 2) answer the sample queries of docs/team-database.md (the
 * README's «Team database» points there): the queries are read from that page itself (its ```sql blocks, each
 * named by its first comment line), so the documentation and what is tested are one text. Rows go in through plain SQL, the way any pusher's
 * rows look: two versions of a tender (the view shows the newer), a contract whose suppliers are not an array, a
 * ledger row without a time (its day is the version's first delivery), a charge outside the 30 days.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamConnection } from '../../src-main/teamdb/connection';
import { startPostgres, type PgCluster } from './postgresCluster';

let cluster: PgCluster;
let today: string;
const DB = 'views';

/** docs/team-database.md's sample queries by their first line (`-- Spend per day, last 30 days` → that title). */
function readmeQueries(): Map<string, string> {
  const section = readFileSync(new URL('../../docs/team-database.md', import.meta.url), 'utf8');
  const queries = new Map<string, string>();
  for (const m of section.matchAll(/```sql\n([\s\S]*?)```/g)) {
    const sql = m[1]!;
    const title = /^-- (.+)$/m.exec(sql)?.[1];
    expect(title).toBeDefined();
    queries.set(title!, sql);
  }
  return queries;
}

/** A query's rows as psql prints them unaligned: one array of fields per row. */
async function rows(sql: string): Promise<string[][]> {
  const out = await cluster.psql(DB, sql);
  return out === '' ? [] : out.split('\n').map((line) => line.split('|'));
}

/** `today - n` as YYYY-MM-DD (today is the server's Moscow date, read once). */
function daysBefore(n: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** Noon of `today - n` in Moscow, as a timestamptz literal. */
const moscowNoon = (n: number): string => `(('${today}'::date - ${n}) + time '12:00') AT TIME ZONE 'Europe/Moscow'`;

beforeAll(async () => {
  cluster = await startPostgres();
  const url = await cluster.createDatabase(DB);
  const team = await openTeamConnection({ url, password: cluster.password, appVersion: '1.0.0-test' });
  await team.close();
  today = await cluster.psql(DB, `SELECT (now() AT TIME ZONE 'Europe/Moscow')::date::text`);
  const me = `'00000000-0000-4000-8000-000000000001'::uuid`;
  const delivered = `${moscowNoon(3)}, 'feed', 'created', 'req-1', 'flt_a', true, ${me}`;
  await cluster.psql(
    DB,
    `
    INSERT INTO tenderwb.tender_version (id, version, body, name, customer_inn, customer_name, price, published_at, delivered_at, via, event, request_id, filter_id, billed, machine_id) VALUES
      (101, 1, '{}', 'Бумага (черновик)', '7701234567', 'ГБУ Школа 1', 900, '2026-11-01T09:00:00+03', ${delivered}),
      (101, 2, '{}', 'Поставка бумаги', '7701234567', 'ГБУ Школа 1', 1000, '2026-11-02T09:00:00+03', ${delivered}),
      (102, 1, '{}', 'Поставка мебели', '7701234567', 'ГБУ Школа 1', 5000, '2026-11-10T09:00:00+03', ${delivered}),
      (103, 1, '{}', 'Ремонт кровли', '7709999999', 'ГБУ Больница', 70000, '2026-11-11T09:00:00+03', ${delivered});
    INSERT INTO tenderwb.contract_version (id, version, body, registry_number, customer_name, supplier_inns, price, signed_at, delivered_at, via, event, request_id, filter_id, billed, machine_id) VALUES
      (201, 1, '{"suppliers":[{"inn":"7712345678","name":"ООО Ромашка"}]}', '1770123456724000001', 'ГБУ Школа 1', '{7712345678}', 800, '2026-10-05T10:00:00+03', ${moscowNoon(2)}, 'card', NULL, 'req-2', NULL, true, ${me}),
      (201, 2, '{"suppliers":[{"inn":"7712345678","name":"ООО Ромашка"}]}', '1770123456724000001', 'ГБУ Школа 1', '{7712345678}', 850, '2026-10-05T10:00:00+03', ${delivered}),
      (202, 1, '{"suppliers":[{"inn":"7712345678","name":"ООО Ромашка"},{"inn":"7700000001","name":"ООО Лютик"}]}', '1770123456724000002', 'ГБУ Школа 1', '{7712345678,7700000001}', 3000, '2026-11-01T10:00:00+03', ${delivered}),
      (203, 1, '{"suppliers":null}', '1770123456724000003', 'ГБУ Больница', '{7700000002}', 60000, '2026-11-12T10:00:00+03', ${delivered});
    INSERT INTO tenderwb.saved_search (filter_id, label, params, events, created_at, machine_id) VALUES
      ('flt_a', 'Бумага Москва', '{}', '["created"]', now(), ${me}),
      ('flt_b', NULL, '{}', '["created"]', now(), ${me});
    INSERT INTO tenderwb.ledger_row (id, balance_type, amount, object_id, version, filter_id, request_id, created_at, machine_id) VALUES
      (1, 'tenders', 1, 101, 1, 'flt_a', 'req-1', ${moscowNoon(1)}, ${me}),
      (2, 'tenders', 1, 101, 2, 'flt_a', 'req-1', ${moscowNoon(1)}, ${me}),
      (3, 'tenders', 1, 102, 1, 'flt_b', 'req-3', ${moscowNoon(2)}, ${me}),
      (4, 'contracts', 1, 201, 1, NULL, 'req-2', NULL, ${me}),
      (5, 'tenders', 1, 103, 1, 'flt_a', 'req-4', ${moscowNoon(40)}, ${me});
    INSERT INTO tenderwb.mark (tender_id, status, assignee, tags, updated_at) VALUES
      (101, 'reviewing', 'Анна', '{бумага,срочно}', now()),
      (102, 'reviewing', NULL, '{}', now()),
      (103, 'won', 'Борис', '{}', now()),
      (104, NULL, 'Анна', '{}', now());
    INSERT INTO tenderwb.mark_note (note_uid, tender_id, text, at, author) VALUES
      ('n1', 101, 'Позвонить заказчику', '2026-11-03T10:00:00+03', 'Анна'),
      ('n2', 101, 'Заказчик подтвердил объём', '2026-11-04T10:00:00+03', 'Борис');
    `,
  );
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

describe("docs/team-database.md's BI queries", () => {
  const queries = readmeQueries();
  const query = (title: string): string => {
    const sql = queries.get(title);
    expect(sql, `docs/team-database.md has no query "${title}"`).toBeDefined();
    return sql!;
  };

  it('are the five the page promises', () => {
    expect([...queries.keys()]).toEqual([
      'Spend per day, last 30 days',
      'Spend per saved search',
      'Latest tenders of a customer',
      'Marks by status with assignee',
      'Contracts of a supplier',
    ]);
  });

  it('spend per day: Moscow days of the last 30, a row without a time on its first delivery’s day', async () => {
    expect(await rows(query('Spend per day, last 30 days'))).toEqual([
      [daysBefore(1), 'tenders', '2', '2'],
      [daysBefore(2), 'contracts', '1', '1'],
      [daysBefore(2), 'tenders', '1', '1'],
    ]);
  });

  it('spend per saved search: by label, the filter id without one, cards opened by hand apart', async () => {
    expect(await rows(query('Spend per saved search'))).toEqual([
      ['Бумага Москва', 'tenders', '3', '3'],
      ['cards opened by hand', 'contracts', '1', '1'],
      ['flt_b', 'tenders', '1', '1'],
    ]);
  });

  it("latest tenders of a customer: each tender once, at its newest version", async () => {
    const got = await rows(query('Latest tenders of a customer'));
    expect(got.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['102', '1', 'Поставка мебели', '5000'],
      ['101', '2', 'Поставка бумаги', '1000'],
    ]);
  });

  it('marks by status with assignee', async () => {
    expect(await rows(query('Marks by status with assignee'))).toEqual([
      ['reviewing', 'Анна', '1'],
      ['reviewing', '—', '1'],
      ['won', 'Борис', '1'],
    ]);
    // The overview itself: the tender's newest name, its tags, the latest note.
    expect(await rows(`SELECT tender_name, tags, latest_note, latest_note_by FROM tenderwb.mark_overview WHERE tender_id = 101`)).toEqual([
      ['Поставка бумаги', '{бумага,срочно}', 'Заказчик подтвердил объём', 'Борис'],
    ]);
  });

  it('contracts of a supplier: newest versions, supplier names from the body', async () => {
    const got = await rows(query('Contracts of a supplier'));
    expect(got.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['202', 'ГБУ Школа 1', '{"ООО Ромашка","ООО Лютик"}', '3000'],
      ['201', 'ГБУ Школа 1', '{"ООО Ромашка"}', '850'],
    ]);
    // Suppliers that are not an array give no names rather than an error.
    expect(await rows(`SELECT supplier_names FROM tenderwb.latest_contract WHERE id = 203`)).toEqual([['{}']]);
  });
});
