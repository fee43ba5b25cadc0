/**
 * The team connection against a real throwaway PostgreSQL: it opens and migrates; a wrong password, a
 * missing one, a closed port, a missing database, a user without rights and a newer schema each get their own
 * clear sentence in both languages, none of which holds a password; two first connections at once both succeed
 * with one schema.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src-main/domain/appError';
import { describeTeamUrl, openTeamConnection } from '../../src-main/teamdb/connection';
import { teamError } from '../../src-main/teamdb/errors';
import { TEAM_MIGRATIONS } from '../../src-main/teamdb/schemaMigrations';
import { freePort, startPostgres, type PgCluster } from './postgresCluster';

let cluster: PgCluster;
const known = TEAM_MIGRATIONS[TEAM_MIGRATIONS.length - 1]!.version;

beforeAll(async () => {
  cluster = await startPostgres();
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

/** The error an opening fails with (an AppError, or the test fails). */
async function failure(open: Promise<unknown>): Promise<AppError> {
  const error = await open.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const withPassword = (url: string, password: string): string => url.replace('@', `:${encodeURIComponent(password)}@`);

describe('openTeamConnection', () => {
  it('connects, migrates the schema and names the team; a password in the URL wins over the given one', async () => {
    const url = await cluster.createDatabase('open_ok');
    const team = await openTeamConnection({ url: withPassword(url, cluster.password), password: 'not-this-one', appVersion: '1.2.3' });
    try {
      expect(team.schema).toBe('tenderwb');
      expect(team.schemaVersion).toBe(known);
      expect(team.teamId).toMatch(/^[0-9a-f-]{36}$/);
      const app = await team.pool.query<{ name: string }>('SELECT application_name AS name FROM pg_stat_activity WHERE pid = pg_backend_pid()');
      expect(app.rows[0]!.name).toBe('tenderwb');
    } finally {
      await team.close();
    }
    expect(describeTeamUrl(withPassword(url, 'p@ss:w/rd'))).toBe(url);
  });

  it('a wrong password, in the URL or given, is told as such and never shown', async () => {
    const url = await cluster.createDatabase('wrong_pw');
    for (const attempt of [
      { url: withPassword(url, 'url-secret-7781'), secret: 'url-secret-7781' },
      { url, password: 'kept-secret-4412', secret: 'kept-secret-4412' },
    ]) {
      const e = await failure(openTeamConnection({ url: attempt.url, password: attempt.password, appVersion: '1.2.3' }));
      expect(e.code).toBe('team_auth');
      expect(e.text.ru).toContain(`не приняла пользователя «${cluster.user}» или его пароль`);
      expect(e.text.ru).toContain(`(${url})`);
      expect(e.text.en).toContain('did not accept the user');
      expect(`${e.text.ru} ${e.text.en} ${e.message} ${e.stack ?? ''}`).not.toContain(attempt.secret);
    }
    const none = await failure(openTeamConnection({ url, appVersion: '1.2.3' }));
    expect(none.code).toBe('team_auth');
    expect(none.text.ru).toContain('требует пароль');
    // No socket to the server is left behind (pg 8 left one open when it had no password to answer with, which
    // kept a CLI alive after its message): the server ends a refused handshake itself.
    // The server waits 60 s (authentication_timeout) for an answer that never comes, so "closed within 10 s" tells
    // the two apart on a loaded machine too.
    const toServer = (): unknown[] =>
      (process as unknown as { _getActiveHandles(): unknown[] })
        ._getActiveHandles()
        .filter((h) => (h as { remotePort?: number }).remotePort === cluster.port && !(h as { destroyed?: boolean }).destroyed);
    await vi.waitFor(() => expect(toServer()).toHaveLength(0), { timeout: 10_000, interval: 50 });
  });

  it('a closed port is an unreachable server; a missing database and a user without rights are named', async () => {
    const port = await freePort();
    const down = `postgres://${cluster.user}@127.0.0.1:${port}/team`;
    const e = await failure(openTeamConnection({ url: withPassword(down, 'down-secret-99'), appVersion: '1.2.3', connectTimeoutMs: 5_000 }));
    expect(e.code).toBe('offline');
    expect(e.text.ru).toBe(`Сервер базы команды недоступен (${down}): проверьте адрес, порт и сеть. Локальные данные не изменились, синхронизацию можно повторить.`);
    expect(e.text.en).not.toContain('down-secret-99');

    // A server that takes the connection and never answers: the connect timeout, worded the same way.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address();
      const hung = `postgres://${cluster.user}@127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/team`;
      const t = await failure(openTeamConnection({ url: hung, password: cluster.password, appVersion: '1.2.3', connectTimeoutMs: 300 }));
      expect(t.code).toBe('offline');
      expect(t.text.ru).toContain(`Сервер базы команды недоступен (${hung})`);
    } finally {
      silent.close();
    }

    const missing = await failure(openTeamConnection({ url: cluster.urlOf('no_such_db'), password: cluster.password, appVersion: '1.2.3' }));
    expect(missing.code).toBe('not_found');
    expect(missing.text.ru).toContain('На сервере нет базы данных «no_such_db»');

    const url = await cluster.createDatabase('no_rights');
    await cluster.psql('no_rights', `CREATE ROLE reader LOGIN PASSWORD 'reader-pw-5510'; REVOKE CREATE ON DATABASE no_rights FROM PUBLIC`);
    const reader = url.replace(`${cluster.user}@`, 'reader@');
    const denied = await failure(openTeamConnection({ url: reader, password: 'reader-pw-5510', appVersion: '1.2.3' }));
    expect(denied.code).toBe('team_forbidden');
    expect(denied.text.ru).toContain('У пользователя «reader» не хватает прав в базе команды');
    expect(denied.text.ru).toContain('схему «tenderwb»');
    expect(denied.text.ru).not.toContain('reader-pw-5510');
  });

  it('an address or a schema name of the wrong shape, or a PostgreSQL system schema, is refused without echoing the address', async () => {
    for (const url of ['http://team_admin:shape-secret@127.0.0.1/db', 'postgres://team_admin:shape-secret@127.0.0.1:99999/db', 'team_admin:shape-secret@host/db']) {
      const e = await failure(openTeamConnection({ url, appVersion: '1.2.3' }));
      expect(e.code).toBe('invalid_input');
      expect(e.text.ru).toBe('Неверный адрес базы команды: нужен адрес вида postgres://пользователь@сервер:5432/база.');
    }
    const e = await failure(openTeamConnection({ url: cluster.urlOf('postgres'), password: cluster.password, schema: 'Team-DB', appVersion: '1.2.3' }));
    expect(e.code).toBe('invalid_input');
    expect(e.text.ru).toContain('Недопустимое имя схемы «Team-DB»');
    // PostgreSQL's own schemas are refused before connecting, with a sentence that says why.
    for (const schema of ['information_schema', 'pg_catalog', 'pg_temp_1']) {
      const system = await failure(openTeamConnection({ url: cluster.urlOf('postgres'), password: cluster.password, schema, appVersion: '1.2.3' }));
      expect(system.code).toBe('invalid_input');
      expect(system.text.ru).toBe(`«${schema}» — системная схема PostgreSQL (как information_schema и все pg_…): базе команды нужна своя схема, например tenderwb.`);
      expect(system.text.en).toContain('is a PostgreSQL system schema');
    }
    expect(await cluster.psql('postgres', "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'information_schema' AND table_name = 'schema_version'")).toBe('0');
  });

  it("any other failure is told with the driver's words, every known password cut out", () => {
    const url = 'postgres://team_admin:in-url-secret@db.example:6432/team';
    const e = teamError(new Error('could not write to postgres://team_admin:in-url-secret@db.example/team with kept-secret-1 and in-url-secret.'), {
      url,
      schema: 'tenderwb',
      secrets: ['kept-secret-1'],
    });
    expect(e.code).toBe('server');
    expect(e.text.ru).toBe('База команды (postgres://team_admin@db.example:6432/team) ответила ошибкой: could not write to postgres://team_admin:***@db.example/team with *** and ***. Локальные данные не изменились.');
    expect(e.text.en).not.toMatch(/secret/);
  });

  it('refuses a schema a newer app migrated, with the versions in its words', async () => {
    const url = await cluster.createDatabase('newer');
    const first = await openTeamConnection({ url, password: cluster.password, appVersion: '1.2.3' });
    await first.close();
    await cluster.psql('newer', `INSERT INTO tenderwb.schema_version (version, name, app_version) VALUES (99, 'future', '9.0.0')`);
    const e = await failure(openTeamConnection({ url, password: cluster.password, appVersion: '1.2.3' }));
    expect(e.code).toBe('team_schema_too_new');
    expect(e.text.ru).toBe(
      `База команды обновлена более новой версией Tender Workbench (схема 99), эта версия знает схему ${known}: обновите приложение.`,
    );
    expect(e.text.en).toContain('(schema 99)');
  });

  it('two machines connecting first at once to an empty database both succeed, with one schema and one team', async () => {
    const url = await cluster.createDatabase('race');
    const [a, b] = await Promise.all([
      openTeamConnection({ url, password: cluster.password, appVersion: '1.2.3' }),
      openTeamConnection({ url, password: cluster.password, appVersion: '1.2.3' }),
    ]);
    try {
      expect(a.teamId).toBe(b.teamId);
      expect([a.schemaVersion, b.schemaVersion]).toEqual([known, known]);
    } finally {
      await a.close();
      await b.close();
    }
    expect(await cluster.psql('race', 'SELECT count(*) FROM tenderwb.team')).toBe('1');
    expect(await cluster.psql('race', 'SELECT string_agg(version::text, \',\' ORDER BY version) FROM tenderwb.schema_version')).toBe(
      TEAM_MIGRATIONS.map((m) => m.version).join(','),
    );
  });
});
