/**
 * Several saved searches sync at once without exceeding the account's shared request rate —
 * one limiter for everything the app does, so the server never has to answer 429.
 *
 * This runs in real time (about a minute): a virtual clock cannot be moved while requests are in flight
 * without stamping them late on the server, which is a flaw of the fake, not of the limiter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import { previewCost, syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { ClientEvent } from '../../src-main/api/types';
import type { Sandbox } from '../sandbox/helpers';
import { ctl, login, makeHarness, port, sink, type Harness } from './harness';

let sb: Sandbox;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 24, tenders: 1000 });
}, 120_000);
afterAll(async () => {
  h?.dispose();
  await sb.close();
});

describe('shared request rate', () => {
  it('three saved searches synced concurrently through one limiter never meet a 429', async () => {
    const perMinute = 6;
    const token = await login(sb, 'demo');
    // The searches are created first, outside the limited run.
    const setup = makeHarness(sb, token);
    const filterIds: string[] = [];
    for (const ids of [[1, 2], [3, 4], [5, 6]]) {
      filterIds.push((await previewCost(port(setup), sink(setup), 'tender', { ids, status: ['active', 'completed', 'cancelled'] })).filterId);
    }
    setup.dispose();
    // A minute later on the server's clock, with its limit lowered: the run starts with an empty window.
    await ctl(sb, 'clock', { advance_s: 61 });
    await ctl(sb, 'rate-limit', { per_minute: perMinute });
    const events: ClientEvent[] = [];
    h = makeHarness(sb, token, { perMinute, onEvent: (e) => events.push(e) });
    const started = Date.now();
    const outcomes = await Promise.all(
      filterIds.map((filterId) => syncSavedSearch(port(h), sink(h), { filterId, feeds: ['tender'], streams: ['created'], pageSize: 1 })),
    );
    expect(outcomes.map((o) => o.stoppedBy)).toEqual(['done', 'done', 'done']);
    // More requests than one minute allows were made, so the limiter really had to hold some back.
    expect(outcomes.reduce((n, o) => n + o.pages, 0)).toBeGreaterThan(perMinute);
    expect(Date.now() - started).toBeGreaterThan(30_000);
    expect(events.filter((e) => e.type === 'rate_limited')).toEqual([]);
  }, 240_000);
});
