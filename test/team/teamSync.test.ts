/**
 * The pieces around one team sync run that need no database: where a run's password comes from (the
 * URL, then TENDERWB_TEAM_PASSWORD/PGPASSWORD, then the keychain under `team:<user>@<host>:<port>/<database>`),
 * the earlier generation refused before anything is tried, and the app's background sync starting runs by
 * itself on its period and keeping their result (here an unreachable server's error, in Russian).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { DEFAULT_SETTINGS, SettingsFile } from '../../src-main/workspace/settings';
import { bindTeamProfile, TeamSyncer } from '../../src-main/app/teamSyncer';
import { teamHandlers } from '../../src-main/app/team';
import type { AppContext } from '../../src-main/app/context';
import { teamLinkStore } from '../../src-main/cache/teamLink';
import { defaultTeamAuthor } from '../../src-main/team/author';
import type { Session } from '../../src-main/app/sessions';
import { parseArgs, type TeamStatus } from '../../src-main/contract/ipc';
import { AppError } from '../../src-main/domain/appError';
import { runTeamSync } from '../../src-main/team/teamSync';
import { teamSchemaProblem } from '../../src-main/domain/teamSchemaName';
import { TeamSecretVault, teamSecretAccount } from '../../src-main/vault/teamSecret';
import type { KeychainBackend } from '../../src-main/vault/tokenVault';
import { makeCore, sandbox as appSandbox } from '../app/helpers';

let dir: string;
let cache: CacheDb;
let closedUrl: string;

/** An in-memory keychain with keytar's three calls. */
function memoryKeychain(): KeychainBackend & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getPassword: async (service, account) => items.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void items.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => items.delete(`${service}/${account}`),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-teamsync-'));
  cache = openCache(join(dir, 'cache.db'));
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });
  closedUrl = `postgres://analyst@127.0.0.1:${port}/team`;
});

afterAll(() => {
  cache?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a team sync run', () => {
  it('takes the password from the URL, then the environment, then the keychain (by user, host, port and database)', async () => {
    const keychain = memoryKeychain();
    const url = 'postgres://analyst@db.example:6543/team';
    expect(teamSecretAccount(url)).toBe('team:analyst@db.example:6543/team');
    expect(teamSecretAccount('postgres://analyst@db.example/team')).toBe('team:analyst@db.example:5432/team');

    const bare = new TeamSecretVault({ env: {}, keychain });
    expect(await bare.resolve(url)).toEqual({ source: 'none' });
    await bare.set(url, 'from-keychain');
    expect([...keychain.items]).toEqual([['tender-workbench/team:analyst@db.example:6543/team', 'from-keychain']]);
    expect(await bare.resolve(url)).toEqual({ password: 'from-keychain', source: 'keychain' });
    expect(await new TeamSecretVault({ env: { PGPASSWORD: 'pg-env' }, keychain }).resolve(url)).toEqual({ password: 'pg-env', source: 'env' });
    expect(await new TeamSecretVault({ env: { PGPASSWORD: 'pg-env', TENDERWB_TEAM_PASSWORD: 'ours' }, keychain }).resolve(url)).toEqual({ password: 'ours', source: 'env' });
    expect(await bare.resolve('postgres://analyst:in-url@db.example:6543/team')).toEqual({ source: 'url' });
    expect(await bare.remove(url)).toBe(true);
    expect(await bare.resolve(url)).toEqual({ source: 'none' });
  });

  it('the app’s connection is checked at the IPC boundary: a postgres address without a password, a plain schema name', () => {
    const ok = parseArgs('team.setConnection', { connection: { url: 'postgres://anna@db.example:5432/tenders', schema: 'tenderwb', author: 'Анна' }, password: 'secret' });
    expect(ok.ok).toBe(true);
    const withPassword = parseArgs('team.setConnection', { connection: { url: 'postgres://anna:secret@db.example:5432/tenders', schema: 'tenderwb', author: '' } });
    expect(withPassword).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: ['connection.url'] } });
    expect(JSON.stringify(withPassword)).not.toContain('secret');
    expect(JSON.stringify(withPassword)).toContain('пароль в адрес не пишите');
    expect(parseArgs('team.setConnection', { connection: { url: 'https://db.example/tenders', schema: 'tenderwb', author: '' } })).toMatchObject({ ok: false, error: { fields: ['connection.url'] } });
    const badSchema = parseArgs('team.setConnection', { connection: { url: 'postgres://anna@db.example/tenders', schema: 'Team; DROP', author: '' } }, 'en');
    expect(badSchema).toMatchObject({ ok: false, error: { fields: ['connection.schema'] } });
    expect(JSON.stringify(badSchema)).toContain('lower-case Latin letters');
  });

  it('refuses PostgreSQL system schemas (information_schema, pg_…) as the team schema at the IPC boundary, in a sentence of their own', () => {
    for (const schema of ['information_schema', 'pg_catalog', 'pg_toast', 'pg_temp_3', 'pg_team']) {
      const refused = parseArgs('team.setConnection', { connection: { url: 'postgres://anna@db.example/tenders', schema, author: '' } });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: ['connection.schema'] } });
      expect(JSON.stringify(refused)).toContain('системная схема PostgreSQL');
      expect(parseArgs('team.test', { connection: { url: 'postgres://anna@db.example/tenders', schema } })).toMatchObject({ ok: false });
    }
    // Names that only look alike stay allowed.
    for (const schema of ['tenderwb', 'public', 'team_pg_data', 'information']) expect(teamSchemaProblem(schema)).toBeNull();
  });

  it('refuses an earlier-generation profile in one sentence, before connecting anywhere', async () => {
    const refused = await runTeamSync(cache, { url: closedUrl, appVersion: '0.0.0', generation: 'earlier' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('not_supported');
    expect((refused as AppError).text.ru).toBe('С общей базой команды синхронизируется только текущее поколение API; этот профиль работает с прежним поколением.');
  });

  it('the app syncs on its own every period while a connection is set, and keeps the result (an error in Russian)', async () => {
    const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS, team: { url: closedUrl, schema: 'tenderwb', author: 'Иванова' }, teamProfile: 'work' });
    const statuses: TeamStatus[] = [];
    let ended!: (status: TeamStatus) => void;
    const done = new Promise<TeamStatus>((resolve) => (ended = resolve));
    const syncer = new TeamSyncer({
      settings,
      secrets: new TeamSecretVault({ env: {}, keychain: memoryKeychain() }),
      session: () => ({ name: 'work', cache, generation: 'current' }) as Session,
      locale: () => 'ru',
      emit: (event, payload) => {
        if (event !== 'team.status') return;
        statuses.push(payload as TeamStatus);
        if ((payload as TeamStatus).lastRun !== null && !(payload as TeamStatus).running) ended(payload as TeamStatus);
      },
      intervalMs: 10,
    });
    let first: TeamStatus;
    try {
      first = await done; // nobody called start(): the period did
    } finally {
      await syncer.close();
    }
    expect(statuses[0]!.running).toBe(true);
    // The first run's end (a later one may have begun before close() and been stopped by it).
    const last = first.lastRun!;
    expect(last).toMatchObject({ ok: false, pushed: null, pulled: null });
    expect(last.error).toContain('postgres://analyst@127.0.0.1:');
    expect(last.error).toMatch(/[а-я]/);
  });
});

describe('the app’s team connection belongs to one profile (a newcomer’s trial)', () => {
  /** The app's team handlers and syncer over a fake context whose active profile the test switches. */
  function teamApp(active: { name: string }, settings: SettingsFile, keychain = memoryKeychain()) {
    const events: TeamStatus[] = [];
    const waiters: (() => void)[] = [];
    const session = () => ({ name: active.name, cache, generation: 'current' }) as Session;
    const syncer = new TeamSyncer({
      settings,
      secrets: new TeamSecretVault({ env: {}, keychain }),
      session,
      locale: () => 'ru',
      emit: (event, payload) => {
        if (event !== 'team.status') return;
        events.push(payload as TeamStatus);
        if (!(payload as TeamStatus).running) waiters.splice(0).forEach((w) => w());
      },
      intervalMs: 3_600_000,
    });
    const ctx = { settings, sessionOrNull: session, locale: 'ru' } as unknown as AppContext;
    const handlers = teamHandlers(ctx, syncer, new TeamSecretVault({ env: {}, keychain }));
    /** Resolves when no run is going (the status event after a run's end). */
    const idle = async (): Promise<void> => {
      while (syncer.isRunning()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    const runs = () => events.filter((s, i) => s.running && !events[i - 1]?.running).length;
    return { syncer, handlers, keychain, idle, runs };
  }
  const conn = (schema = 'tenderwb') => ({ url: closedUrl, schema, author: '' });
  const refused = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e as AppError).text?.ru ?? String(e));

  it('is saved for the active profile, never for the sandbox; another profile neither syncs nor is told it does', async () => {
    const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS });
    const active = { name: 'sandbox' };
    const { syncer, handlers } = teamApp(active, settings);
    try {
      expect(await refused(handlers['team.setConnection']({ connection: conn(), forgetPassword: false }))).toBe('Встроенная песочница — демонстрационные данные: её не синхронизируют с базой команды.');
      expect(settings.value.team).toBeNull();
      active.name = 'work';
      const saved = await handlers['team.setConnection']({ connection: conn(), forgetPassword: false });
      expect(saved).toMatchObject({ connectionProfile: 'work', activeProfile: 'work', forActiveProfile: true, sandboxActive: false });
      expect(settings.value.teamProfile).toBe('work');

      active.name = 'other';
      expect(await syncer.status()).toMatchObject({ connectionProfile: 'work', activeProfile: 'other', forActiveProfile: false });
      expect(syncer.start()).toBe(false);
      expect(await refused(handlers['team.syncNow']({}))).toContain('Подключение команды относится к профилю «work»');
      active.name = 'sandbox';
      expect(await syncer.status()).toMatchObject({ sandboxActive: true, forActiveProfile: false });
      expect(await refused(handlers['team.syncNow']({}))).toContain('Встроенная песочница');
    } finally {
      await syncer.close();
    }
  });

  it('the setting that refuses teammates’ versions without delivery evidence is the profile cache’s: the app saves it where the CLI’s --refuse-unproven writes, and shows it', async () => {
    const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS });
    const { syncer, handlers } = teamApp({ name: 'work' }, settings);
    const link = teamLinkStore(cache);
    link.setRefuseUnproven(false);
    try {
      const saved = await handlers['team.setConnection']({ connection: { ...conn(), refuseUnproven: true }, forgetPassword: false });
      expect(link.refuseUnproven()).toBe(true);
      expect(saved.connection).toMatchObject({ refuseUnproven: true });
      // Lifted from the CLI (tenderwb team sync --accept-unproven): the app's form shows it lifted.
      link.setRefuseUnproven(false);
      expect((await syncer.status()).connection).toMatchObject({ refuseUnproven: false });
      // A save that does not name it keeps it as it is.
      link.setRefuseUnproven(true);
      await handlers['team.setConnection']({ connection: conn(), forgetPassword: false });
      expect(link.refuseUnproven()).toBe(true);
      expect(parseArgs('team.setConnection', { connection: { ...conn(), refuseUnproven: 'yes' } })).toMatchObject({ ok: false });
    } finally {
      link.setRefuseUnproven(false);
      await syncer.close();
    }
  });

  it('a connection kept from before goes to the profile active at the first start, unless that is the sandbox', async () => {
    const legacy = (): SettingsFile => new SettingsFile(dir, { ...DEFAULT_SETTINGS, team: conn(), teamProfile: undefined });
    const onSandbox = legacy();
    await bindTeamProfile(onSandbox, 'sandbox');
    expect(onSandbox.value.teamProfile).toBeNull();
    await bindTeamProfile(onSandbox, 'work'); // unbound stays unbound until saved again
    expect(onSandbox.value.teamProfile).toBeNull();
    const onWork = legacy();
    await bindTeamProfile(onWork, 'work');
    expect(onWork.value.teamProfile).toBe('work');
  });

  it('syncs after a paid load ends in any state (coalesced), signs with the profile’s author, tests the form’s address, keeps the password on disconnect', async () => {
    const settings = new SettingsFile(dir, { ...DEFAULT_SETTINGS });
    const active = { name: 'work' };
    const { syncer, handlers, keychain, idle, runs } = teamApp(active, settings);
    teamLinkStore(cache).setAuthor(''); // the earlier test's run signed this cache
    try {
      await handlers['team.setConnection']({ connection: conn(), password: 'pw', forgetPassword: false });
      // No name typed: the OS user's, in the profile's cache where the CLI's --author writes too.
      expect(teamLinkStore(cache).author()).toBe(defaultTeamAuthor());
      teamLinkStore(cache).setAuthor('Петрова (из CLI)');
      expect((await syncer.status()).connection?.author).toBe('Петрова (из CLI)');

      // A job stopped at the spend cap after storing pages: one run at its end, none while it ran.
      syncer.jobProgress({ jobId: 'j1', state: 'running' });
      syncer.versionsStored(cache);
      expect(syncer.isRunning()).toBe(false);
      syncer.jobProgress({ jobId: 'j1', state: 'spend_cap' });
      expect(syncer.isRunning()).toBe(true);
      // A search's first pages outside a job while that run goes: one more after it, not two.
      syncer.versionsStored(cache);
      syncer.versionsStored(cache);
      await idle();
      expect(runs()).toBe(2);
      expect(settings.value.teamLastRun).toMatchObject({ ok: false, url: closedUrl, schema: 'tenderwb' });
      // A job that stored nothing starts no run.
      syncer.jobProgress({ jobId: 'j2', state: 'running' });
      syncer.jobProgress({ jobId: 'j2', state: 'done' });
      expect(syncer.isRunning()).toBe(false);

      // team.test: the form's unsaved address, not the saved one.
      const other = closedUrl.replace('/team', '/other_db');
      expect(await refused(handlers['team.test']({ connection: { url: other, schema: 'tenderwb' }, password: 'typed' }))).toContain(other);
      expect([...keychain.items.values()]).toEqual(['pw']); // the typed one was never stored

      // «Отключить» keeps the password and the last result; the same address saved again keeps the result too.
      const lastRun = settings.value.teamLastRun;
      await handlers['team.setConnection']({ connection: null, forgetPassword: false });
      expect([...keychain.items.values()]).toEqual(['pw']);
      await handlers['team.setConnection']({ connection: conn(), forgetPassword: false });
      expect(settings.value.teamLastRun).toEqual(lastRun);
      await handlers['team.setConnection']({ connection: conn('another'), forgetPassword: false });
      expect(settings.value.teamLastRun).toBeNull();
      await handlers['team.setConnection']({ connection: null, forgetPassword: true });
      expect(keychain.items.size).toBe(0);
    } finally {
      await syncer.close();
    }
  });
});

describe('the app core starts a team sync after a paid load outside any job', () => {
  it('a card fetched in a live profile brings a team run (here to an unreachable server: its error is kept)', async () => {
    const sb = await appSandbox();
    const store = new Map<string, string>();
    const keychain: KeychainBackend = {
      getPassword: async (_s, a) => store.get(a) ?? null,
      setPassword: async (_s, a, p) => void store.set(a, p),
      deletePassword: async (_s, a) => store.delete(a),
    };
    const c = await makeCore(sb.baseUrl, { keychain });
    try {
      const login = (await (await fetch(`${sb.baseUrl}/auth/login?login=demo&password=demo&token_name=team-sync-test`, { method: 'POST' })).json()) as { token: string };
      await c.call('profiles.add', { name: 'work', baseUrl: sb.baseUrl, token: login.token });
      await c.call('profiles.activate', { name: 'work' });
      await c.call('team.setConnection', { connection: { url: closedUrl, schema: 'tenderwb', author: '' }, forgetPassword: false });
      expect((await c.call('team.status', {})).lastRun).toBeNull();
      await c.call('card.tender', { id: 1 });
      await expect.poll(async () => (await c.call('team.status', {})).lastRun?.url, { timeout: 60_000 }).toBe(closedUrl);
    } finally {
      await c.close();
      await sb.close();
    }
  }, 120_000);
});
