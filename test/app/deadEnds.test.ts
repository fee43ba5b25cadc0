/**
 * A way out of every dead end, in the app: a server that forgot everything (the sandbox reset: accounts, tokens, filters, cursors,
 * with a new cursor signing key) answers a user's profile 401, then refuses the saved search's filter and cursors.
 * The 401 says where in the app to log in again; once a new token is given, the estimate names the set again by
 * the saved criteria and the sync job restarts the refused feeds, says so in its notice, and ends done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { toIpcError } from '../../src-main/workspace/errors';
import type { SyncJob } from '../../src-main/contract/ipc';
import { control, demoToken, eventsOf, finished, makeCore, sandbox, tempDir, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  const store = new Map<string, string>();
  const keychain = {
    getPassword: async (_s: string, a: string) => store.get(a) ?? null,
    setPassword: async (_s: string, a: string, p: string) => void store.set(a, p),
    deletePassword: async (_s: string, a: string) => store.delete(a),
  };
  t = await makeCore(sb.baseUrl, { dataDir: tempDir(), keychain });
  await t.call('profiles.add', { name: 'work', baseUrl: sb.baseUrl, token: await demoToken(sb) });
  await t.call('profiles.activate', { name: 'work' });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('the app after the server forgot the account and its cursors', () => {
  let filterId = '';

  it('a saved search read before', async () => {
    const run = await t.call('search.run', { criteria: { keywords: ['вакцин'] }, label: 'vac', events: ['created', 'updated'] });
    filterId = run.filterId;
    expect((await finished(t, run.jobId)).state).toBe('done');
  });

  it('the 401 of a forgotten account names where to log in again, for this profile, in both languages', async () => {
    await control(sb, 'reset', {});
    await control(sb, 'rate-limit', { per_minute: 1_000_000 });
    const error = await t.call('sync.estimate', { filterId }).catch((e: unknown) => e);
    const ru = toIpcError(error, 'ru');
    expect(ru.code).toBe('unauthorized');
    expect(ru.message).toContain('Сервис не принимает токен профиля «work»');
    expect(ru.message).toContain('откройте «Настройки» → «Профили», у профиля «work» нажмите «Заменить токен»');
    expect(toIpcError(error, 'en').message).toContain('open Settings → Profiles, press “Replace token” at profile “work”');
  });

  it('with a new token the estimate names the set again by its criteria, and the job restarts each refused feed, says so once, and ends done', async () => {
    await t.call('profiles.setToken', { name: 'work', token: await demoToken(sb) });
    const estimate = await t.call('sync.estimate', { filterId });
    expect(estimate.total).toBeGreaterThan(0);
    const { jobId } = await t.call('sync.start', { filterId });
    const job = await finished(t, jobId);
    expect(job.error).toBeNull();
    expect(job.state).toBe('done');
    // One sentence for the run, naming every feed it started again.
    expect(job.notice).toBe(
      'Сервис не принял сохранённые позиции лент «закупки, новые» и «закупки, изменения» поиска «vac», поэтому ленты начаты заново по условиям поиска — с оценкой стоимости и пределом расходов, как новый запуск.',
    );
    // Told as it happened: the first restart at once, while the job was still running.
    const told = eventsOf(t, 'sync.progress').filter((j: SyncJob) => j.jobId === jobId && j.notice);
    expect(told[0]).toMatchObject({ state: 'running', notice: expect.stringContaining('Сервис не принял сохранённую позицию ленты «закупки, новые» поиска «vac», поэтому лента начата заново') });
    const held = (await t.call('search.results', { filterId, offset: 0, limit: 1 })).cachedCount;
    expect(held).toBeGreaterThanOrEqual(estimate.total!);
    // Read on by the new cursors: nothing refused, nothing restarted.
    const again = await finished(t, (await t.call('sync.start', { filterId })).jobId);
    expect(again).toMatchObject({ state: 'done', error: null, charged: 0 });
    expect(again.notice ?? null).toBeNull();
  });
});
