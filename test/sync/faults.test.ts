/**
 * Every fault knob of the sandbox, on its own and mixed — the sync completes, nothing is lost,
 * nothing is charged twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index';
import { quarantineStore } from '../../src-main/cache/quarantineStore';
import { previewCost, syncSavedSearch } from '../../src-main/sync/syncEngine';
import type { Sandbox } from '../sandbox/helpers';
import type { ClientEvent } from '../../src-main/api/types';
import { chargesByVersion, ctl, feedContents, heldVersions, login, makeHarness, port, sink, type Harness } from './harness';

let sb: Sandbox;
let token: string;
let h: Harness | null = null;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 21, tenders: 2500 });
}, 120_000);
afterAll(async () => {
  h?.dispose();
  await sb.close();
});
beforeEach(async () => {
  h?.dispose();
  h = null;
  await ctl(sb, 'reset');
  // Pages may be short (the strict sandbox sends at most 37 items): a full sync then takes more requests than
  // the 100 a minute the sandbox allows by default, and waiting out its 429s is not what these tests are about
  // (the 429 test sets its own limit).
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  await ctl(sb, 'balance', { login: 'demo', tenders: 100_000, contracts: 100_000 });
  token = await login(sb, 'demo');
});

/** Preview (which creates the filter), then a full sync of both streams and the contract feed. */
async function fullSync(harness: Harness, query: Record<string, unknown>, during?: (filterId: string) => Promise<void>) {
  const preview = await previewCost(port(harness), sink(harness), 'tender', query);
  if (during) await during(preview.filterId);
  const outcome = await syncSavedSearch(port(harness), sink(harness), {
    filterId: preview.filterId,
    feeds: ['tender', 'contract'],
    streams: ['created', 'updated'],
  });
  return { filterId: preview.filterId, outcome };
}

async function expectCompleteAndChargedOnce(harness: Harness, filterId: string) {
  const expected = await feedContents(sb, filterId, ['tender', 'contract'], ['created', 'updated']);
  const held = heldVersions(harness);
  expect(expected.size).toBeGreaterThan(500);
  expect([...expected].filter((k) => !held.has(k))).toEqual([]);
  expect([...held].filter((k) => !expected.has(k))).toEqual([]);
  const charges = await chargesByVersion(sb, token);
  expect([...charges.entries()].filter(([, n]) => n > 1)).toEqual([]);
  // Every charged version is held, and every held version was charged exactly once.
  expect([...charges.keys()].filter((k) => !held.has(k))).toEqual([]);
  expect(charges.size).toBe(held.size);
  // Every answer was understood: nothing paid sits in the quarantine.
  expect(quarantineStore(harness.cache).all()).toEqual([]);
}

const QUERY = { status: ['active', 'completed'] };

describe('sync under injected faults', () => {
  it.each([
    ['preparing', { preparing: 3 }],
    ['http500', { http500: 6 }],
    ['reset', { reset: 6 }],
    ['truncate', { truncate: 6 }],
    ['delay', { delay_ms: 30 }],
  ])('fault %s: the sync completes, nothing lost, nothing charged twice', async (_name, faults) => {
    h = makeHarness(sb, token);
    const { filterId, outcome } = await fullSync(h, QUERY, async () => {
      await ctl(sb, 'faults', faults);
    });
    await ctl(sb, 'faults', { delay_ms: 0 });
    expect(outcome.stoppedBy).toBe('done');
    await expectCompleteAndChargedOnce(h, filterId);
  });

  it('rebuild -> 409 cursor_expired mid-sync: the fresh slice is stored, repeats are free, nothing lost', async () => {
    h = makeHarness(sb, token);
    const preview = await previewCost(port(h), sink(h), 'tender', QUERY);
    const first = await syncSavedSearch(port(h), sink(h), { filterId: preview.filterId, feeds: ['tender'], streams: ['created'], maxSpend: 300 });
    expect(first.stoppedBy).toBe('spend_cap');
    await ctl(sb, 'rebuild', { filter_id: preview.filterId });
    const rest = await syncSavedSearch(port(h), sink(h), { filterId: preview.filterId, feeds: ['tender', 'contract'], streams: ['created', 'updated'] });
    expect(rest.stoppedBy).toBe('done');
    // The rebuilt feed starts again from its beginning: what was delivered before comes back free.
    expect(rest.free).toBeGreaterThanOrEqual(300);
    await expectCompleteAndChargedOnce(h, preview.filterId);
  });

  it('rate limit -> 429: the client waits Retry-After and the sync completes', async () => {
    // The client's waits move a virtual clock (the sandbox's and the limiter's) instead of the wall
    // clock, so a minute of Retry-After passes at once.
    let offsetMs = 0;
    const sleep = async (ms: number) => {
      // The server's clock moves first, so the client never believes in a minute the server has not seen.
      await ctl(sb, 'clock', { advance_s: Math.ceil(ms / 1000) });
      offsetMs += ms;
    };
    const limited: ClientEvent[] = [];
    h = makeHarness(sb, token, { sleep, now: () => Date.now() + offsetMs, onEvent: (e) => e.type === 'rate_limited' && limited.push(e) });
    await ctl(sb, 'rate-limit', { per_minute: 7 });
    const { filterId, outcome } = await fullSync(h, QUERY);
    expect(outcome.stoppedBy).toBe('done');
    expect(limited.length).toBeGreaterThan(0);
    await ctl(sb, 'rate-limit', { per_minute: 100_000 });
    await expectCompleteAndChargedOnce(h, filterId);
  });

  it('all faults mixed, with new versions arriving mid-sync: complete, charged once', async () => {
    h = makeHarness(sb, token);
    const { filterId, outcome } = await fullSync(h, QUERY, async (id) => {
      await ctl(sb, 'faults', { preparing: 2, http500: 3, reset: 3, truncate: 3, delay_ms: 5 });
      await ctl(sb, 'tick', { created: 40, updated: 60 });
      await ctl(sb, 'rebuild', { filter_id: id });
    });
    await ctl(sb, 'faults', { delay_ms: 0 });
    expect(outcome.stoppedBy).toBe('done');
    await expectCompleteAndChargedOnce(h, filterId);
  });
});
