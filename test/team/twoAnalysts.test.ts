/**
 * The team database's first test, end to end through the CLI: two data directories stand for two analysts on one sandbox
 * account and one team database (a throwaway PostgreSQL cluster). A syncs a saved search, opens a card and
 * team-syncs; B team-syncs and then holds exactly A's versions (`cache versions --json` equal) and opens that card
 * with no request to the API; B marks a tender, both team-sync, and A sees B's mark; a second run moves nothing.
 * A wrong password and an unreachable server are refused with a clear message, exit non-zero and change nothing
 * locally; the database password never appears in anything the CLI printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { CliHarness, cliOnSandbox, ctl, type CliRun, type Json } from '../cli/helpers';
import { startPostgres, type PgCluster } from './postgresCluster';

let sb: RunningSandbox;
let a: CliHarness;
let b: CliHarness;
let pg: PgCluster;
let url: string;
let teamEnv: Record<string, string>;

const ZEROS = { tender_version: 0, contract_version: 0, card: 0, ledger_row: 0, saved_search: 0, shared_change: 0 };

/** A loopback port nobody listens on (taken and released at once). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const teamSync = (who: CliHarness, o: { url?: string; env?: Record<string, string> } = {}): Promise<CliRun> =>
  who.ok(['--json', 'team', 'sync', '--postgres', o.url ?? url], { env: o.env ?? teamEnv });

const summary = (run: CliRun): { teamId: string; pushed: Record<string, number>; pulled: Record<string, number> } => {
  expect(run.lines).toHaveLength(1);
  return run.lines[0] as never;
};

const versions = async (who: CliHarness): Promise<Json[]> => (await who.ok(['--json', 'cache', 'versions'])).lines;

beforeAll(async () => {
  [{ sb, cli: a }, pg] = await Promise.all([cliOnSandbox(), startPostgres()]);
  b = new CliHarness({ token: a.token });
  await b.ok(['profile', 'add', 'sb', '--base-url', sb.baseUrl]);
  url = await pg.createDatabase('team');
  teamEnv = { TENDERWB_TEAM_PASSWORD: pg.password };
});

afterAll(async () => {
  await Promise.all([sb?.close(), pg?.stop()]);
  a?.cleanup();
  b?.cleanup();
});

describe('two analysts share one team database (tenderwb team sync)', () => {
  let cardId: number;

  it('A pushes a saved search and a card; B pulls exactly A’s versions and opens the card with no request', async () => {
    await a.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
    await a.ok(['sync', 'вакцины']);
    const held = await versions(a);
    expect(held.length).toBeGreaterThan(0);
    cardId = held.find((v) => v.kind === 'tender')!.id as number;
    await a.ok(['card', 'tender', String(cardId)]);

    const pushedByA = summary(await teamSync(a));
    const tenderVersions = held.filter((v) => v.kind === 'tender').length;
    expect(pushedByA.pushed).toMatchObject({ tender_version: tenderVersions, saved_search: 1, shared_change: 0 });
    expect(pushedByA.pushed.card).toBeGreaterThan(0);
    expect(pushedByA.pulled).toEqual(ZEROS);
    // A never ran `ledger` or `audit`: the run read the ledger from the API first, so its rows reached the team.
    expect(pushedByA.pushed.ledger_row).toBeGreaterThan(0);

    const pulledByB = summary(await teamSync(b));
    expect(pulledByB.teamId).toBe(pushedByA.teamId);
    // B is on the same account: its own run read the same ledger rows from the API before pulling, so none is new.
    expect(pulledByB.pulled).toEqual({ ...pushedByA.pushed, ledger_row: 0 });
    expect(pulledByB.pushed).toEqual(ZEROS);
    expect(await versions(b)).toEqual(held);

    // Any API request now would consume this fault: it must still be there after B opens the card.
    await ctl(sb, 'faults', { reset: 5 });
    try {
      const card = await b.ok(['--json', 'card', 'tender', String(cardId)]);
      expect(card.lines[0]).toMatchObject({ source: 'cache' });
      expect((card.lines[0] as { card: { id: number } }).card.id).toBe(cardId);
      expect((await ctl(sb, 'state')).faults.reset).toBe(5);
    } finally {
      await ctl(sb, 'faults', { reset: 0 });
    }
  });

  it('B marks a tender; after both sync A sees B’s mark; a second run moves nothing', async () => {
    await b.ok(['mark', 'tender', String(cardId), '--status', 'reviewing', '--assignee', 'Петрова', '--tag', 'Команда']);
    const fromB = summary(await teamSync(b));
    expect(fromB.pushed.shared_change).toBeGreaterThan(0);
    const toA = summary(await teamSync(a));
    expect(toA.pulled.shared_change).toBe(fromB.pushed.shared_change);
    const marks = (await a.ok(['--json', 'marks'])).lines;
    expect(marks).toEqual([expect.objectContaining({ id: cardId, status: 'reviewing', assignee: 'Петрова', tags: ['Команда'] })]);

    // Again, both ways: nothing is new anywhere. B's run takes the password from the URL itself (this run only).
    const again = summary(await teamSync(a));
    expect([again.pushed, again.pulled]).toEqual([ZEROS, ZEROS]);
    const withPassword = url.replace(`${pg.user}@`, `${pg.user}:${encodeURIComponent(pg.password)}@`);
    const againB = summary(await teamSync(b, { url: withPassword, env: {} }));
    expect([againB.pushed, againB.pulled]).toEqual([ZEROS, ZEROS]);
  });

  it('a wrong password and an unreachable server: a clear error, exit non-zero, nothing changed locally; team password keeps it in the keychain; the password is never printed', async () => {
    await b.ok(['mark', 'tender', String(cardId), '--note', 'ещё не отправлено']);
    const before = { versions: await versions(b), marks: (await b.ok(['--json', 'marks'])).lines };

    const wrong = await b.run(['team', 'sync', '--postgres', url], { env: { TENDERWB_TEAM_PASSWORD: 'not-the-password-42' } });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/парол/i);
    expect(wrong.stderr).toContain(url);
    expect(wrong.stdout + wrong.stderr).not.toContain('not-the-password-42');

    const unreachable = `postgres://${pg.user}@127.0.0.1:${await closedPort()}/team`;
    const down = await b.run(['team', 'sync', '--postgres', unreachable], { env: teamEnv });
    expect(down.code).not.toBe(0);
    expect(down.stderr).toContain(unreachable);
    expect(down.stderr).toMatch(/недоступ|не отвечает|не удалось подключиться/i);

    expect({ versions: await versions(b), marks: (await b.ok(['--json', 'marks'])).lines }).toEqual(before);
    // The note waited locally and goes with the next run that reaches the database.
    expect(summary(await teamSync(b)).pushed.shared_change).toBeGreaterThan(0);

    // `team password` keeps it in the keychain: a run with no password in the URL or the environment uses it.
    const hasKeychain = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';
    const stored = await b.run(['team', 'password', '--postgres', url], { stdin: pg.password });
    if (hasKeychain) {
      expect(stored.code, stored.stderr).toBe(0);
      expect(stored.stdout).toContain(`пароль для ${url} сохранён в хранилище паролей`);
      expect(summary(await teamSync(b, { env: {} })).pulled).toEqual(ZEROS);
      expect((await b.ok(['team', 'password', '--postgres', url, '--forget'])).stdout).toContain(`пароль для ${url} удалён из хранилища паролей`);
    } else {
      expect(stored.code).not.toBe(0);
      expect(stored.stderr).toContain('хранилище паролей');
      // The team password's own variables, named once, in the CLI's language (not the API token's words).
      expect(stored.stderr.split('TENDERWB_TEAM_PASSWORD')).toHaveLength(2);
      expect(stored.stderr).not.toContain('TENDERWB_TOKEN');
      expect(stored.stderr).not.toContain('environment variable');
    }
    // The built-in sandbox's demo data never reaches the team database.
    mkdirSync(join(b.dataDir, 'profiles', 'sandbox'), { recursive: true });
    writeFileSync(join(b.dataDir, 'profiles', 'sandbox', 'cache.db'), '');
    const demo = await b.run(['--profile', 'sandbox', 'team', 'sync', '--postgres', url], { env: teamEnv });
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('Встроенная песочница — демонстрационные данные: её не синхронизируют с базой команды.');

    const none = await b.run(['team', 'sync', '--postgres', url]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/парол/i);

    for (const run of [...a.transcript, ...b.transcript]) {
      expect(run.stdout + run.stderr).not.toContain(pg.password);
      expect(run.stdout + run.stderr).not.toContain(encodeURIComponent(pg.password));
    }
  });

  it('a teammate\'s row the pull cannot take is named in the summary, in the CLI\'s language, with who pushed it; the rest is pulled', async () => {
    const vera = '00000000-0000-4000-8000-0000000000fe';
    await pg.psql('team', `INSERT INTO tenderwb.machine (machine_id, author, app_version) VALUES ('${vera}', 'Вера', 'test');
      INSERT INTO tenderwb.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id) VALUES
        (880001, 1, '[]', now(), 'feed', 'created', 'req_x', 'flt_x', true, '${vera}'),
        (880002, 1, '{"id": 880002, "name": "Поставка от Веры"}', now(), 'feed', 'created', 'req_x', 'flt_x', true, '${vera}')`);
    const text = await b.ok(['team', 'sync', '--postgres', url], { env: teamEnv });
    expect(text.stdout).toContain('Не принято из базы команды и отложено: 1 строка; всё остальное получено.');
    // The summary line above counts it too (it read «получать нечего» beside it).
    expect(text.stdout.split('\n')[0]).toMatch(/[Нн]е принято: 1 строка/);
    expect(text.stdout).toContain('— версия тендера 880001 v1 (отправитель: Вера): тело — не объект JSON, а массив');
    expect((await versions(b)).some((v) => v.id === 880002)).toBe(true);
    expect((await versions(b)).some((v) => v.id === 880001)).toBe(false);
    // Named once: the next run's window is past it (it stays held); --json tells how many are held.
    const again = await b.ok(['--json', 'team', 'sync', '--postgres', url], { env: teamEnv });
    expect(again.lines[0]).toMatchObject({ skipped: [], skippedTotal: 0, held: 1 });
  });

  it('--refuse-unproven holds a teammate\'s version without delivery evidence, for this profile, until --accept-unproven lifts it', async () => {
    const vera = '00000000-0000-4000-8000-0000000000fe';
    await pg.psql('team', `INSERT INTO tenderwb.tender_version (id, version, body, delivered_at, via, event, request_id, filter_id, billed, machine_id) VALUES
        (880003, 999, '{"id": 880003, "name": "цена 1 рубль"}', now(), 'feed', 'created', NULL, NULL, true, '${vera}')`);
    const refused = await b.ok(['team', 'sync', '--postgres', url, '--refuse-unproven'], { env: teamEnv });
    expect(refused.stdout).toContain('— версия тендера 880003 v999 (отправитель: Вера): нет подтверждения доставки от API (номера запроса и страницы), а такие версии в настройках не принимаются');
    // Kept for the profile: a plain run still holds it.
    await b.ok(['team', 'sync', '--postgres', url], { env: teamEnv });
    expect((await versions(b)).some((v) => v.id === 880003)).toBe(false);
    await b.ok(['team', 'sync', '--postgres', url, '--accept-unproven'], { env: teamEnv });
    expect((await versions(b)).some((v) => v.id === 880003)).toBe(true);
    const both = await b.run(['team', 'sync', '--postgres', url, '--refuse-unproven', '--accept-unproven'], { env: teamEnv });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--refuse-unproven и --accept-unproven вместе не даются');
  });

  it('refuses a PostgreSQL system schema (information_schema, pg_…) as the team schema, in one sentence, before connecting', async () => {
    for (const schema of ['information_schema', 'pg_catalog']) {
      const refused = await b.run(['team', 'sync', '--postgres', url, '--schema', schema], { env: teamEnv });
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim()).toBe(`tenderwb: «${schema}» — системная схема PostgreSQL (как information_schema и все pg_…): базе команды нужна своя схема, например tenderwb.`);
    }
    expect(await pg.psql('team', "SELECT count(*) FROM pg_namespace WHERE nspname IN ('information_schema', 'pg_catalog') AND EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = pg_namespace.oid AND relname = 'schema_version')")).toBe('0');
  });
});
