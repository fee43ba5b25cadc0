/**
 * D-ACC-1: a user's earlier-generation profile is linked to a current-generation profile
 * as the same account — a setting of the profile, checked by the core — so an earlier filter's load warns
 * about paying again and the balance views show the other generation's spending, as for the built-in pair.
 * The warning is an upper bound of this load ("up to N"), since which tenders a filter will deliver is not
 * known before paying.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { demoToken, finished, makeCore, rejection, sandbox, tempDir, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let dir: string;

beforeAll(async () => {
  sb = await sandbox();
  dir = tempDir();
  const store = new Map<string, string>();
  const keychain = {
    getPassword: async (_s: string, a: string) => store.get(a) ?? null,
    setPassword: async (_s: string, a: string, p: string) => void store.set(a, p),
    deletePassword: async (_s: string, a: string) => store.delete(a),
  };
  t = await makeCore(sb.baseUrl, { dataDir: dir, keychain });
  const token = await demoToken(sb);
  await t.call('profiles.add', { name: 'work', baseUrl: sb.baseUrl, token });
  await t.call('profiles.add', { name: 'work-old', baseUrl: sb.earlierBaseUrl, generation: 'earlier', token });
  await t.call('profiles.add', { name: 'other-old', baseUrl: sb.earlierBaseUrl, generation: 'earlier', token });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('linking a user\'s earlier profile to a current one as the same account', () => {
  it('the core refuses a wrong pair in words; a linked pair warns before an earlier load and shows the twin balance; unlinking forgets it', async () => {
    await t.call('profiles.activate', { name: 'work' });
    const run = await t.call('search.run', { criteria: { regions: [77] }, maxSpend: 30 });
    expect((await finished(t, run.jobId)).charged).toBeGreaterThan(0);
    const heldCurrent = (await t.call('cache.info', {})).tenders;
    expect(heldCurrent).toBeGreaterThan(0);

    await t.call('profiles.activate', { name: 'work-old' });
    await t.call('earlier.filters', { refresh: true });
    // Not linked: nothing is known about the account, so no warning and no twin.
    expect((await t.call('earlier.estimate', { filterId: 2 })).heldInCurrent).toBeNull();
    expect(await t.call('balance.twin', {})).toEqual({ profile: null, generation: null, charges: [] });

    expect(await rejection(t.call('profiles.linkAccount', { name: 'work-old', sameAccountAs: 'sandbox' }))).toMatchObject({ code: 'not_supported', message: expect.stringMatching(/встроенный профиль/) });
    expect((await rejection(t.call('profiles.linkAccount', { name: 'sandbox-earlier', sameAccountAs: 'work' }))).code).toBe('not_supported');
    expect(await rejection(t.call('profiles.linkAccount', { name: 'work-old', sameAccountAs: 'nowhere' }))).toMatchObject({ code: 'not_found', message: 'Профиля «nowhere» нет.' });
    expect(await rejection(t.call('profiles.linkAccount', { name: 'work-old', sameAccountAs: 'other-old' }))).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/одного поколения/) });
    expect(await t.call('profiles.accountLinks', {})).toEqual([]);

    expect(await t.call('profiles.linkAccount', { name: 'work-old', sameAccountAs: 'work' })).toEqual([{ earlier: 'work-old', current: 'work' }]);
    expect(await t.call('profiles.accountLinks', {})).toEqual([{ earlier: 'work-old', current: 'work' }]);
    expect(JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8')).profiles.find((p: { name: string }) => p.name === 'work-old').sameAccountAs).toBe('work');
    // One account has one profile of each generation.
    expect(await rejection(t.call('profiles.linkAccount', { name: 'other-old', sameAccountAs: 'work' }))).toMatchObject({ code: 'conflict', message: expect.stringMatching(/уже связан с профилем прежнего поколения «work-old»/) });

    const before = await t.call('earlier.estimate', { filterId: 2 });
    // Never loaded: up to the whole of what the current generation holds (the load's bound is larger).
    expect(before).toMatchObject({ estimate: null, heldInCurrent: heldCurrent });
    expect(await t.call('balance.twin', {})).toMatchObject({ profile: 'work', generation: 'current' });

    const job = await finished(t, (await t.call('earlier.sync', { filterId: 2 })).jobId);
    expect(job.state).toBe('done');
    // Loaded: nothing new to load, so nothing can be paid again (not the whole count of the other generation).
    expect(await t.call('earlier.estimate', { filterId: 2 })).toMatchObject({ estimate: 0, heldInCurrent: 0 });

    // From the current side the twin is the earlier profile.
    await t.call('profiles.activate', { name: 'work' });
    expect(await t.call('balance.twin', {})).toMatchObject({ profile: 'work-old', generation: 'earlier' });
    expect(await t.call('profiles.linkAccount', { name: 'work', sameAccountAs: null })).toEqual([]);
    expect(await t.call('balance.twin', {})).toEqual({ profile: null, generation: null, charges: [] });
  });
});
