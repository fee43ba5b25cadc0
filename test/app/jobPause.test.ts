/**
 * A run held by the client's own request pace (100 a minute, D-LIM-1) says so at once instead of
 * standing still silently: the limiter tells how long it holds a request, and running jobs carry the moment
 * they continue (`pausedUntil`) until their next page arrives.
 */
import { describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { drivenJobs } from './jobHarness';

/** vi.waitFor gives up after 1 s by default: too short on a loaded machine (a wait on a condition, not a bound). */
const SETTLED = { timeout: 20_000 };

describe('a pause of the request pace is told, not silent', () => {
  it('the limiter tells how long the request over the limit waits', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new RateLimiter({
      perMinute: 2,
      windowMs: 60_000,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      onWait: (ms) => waits.push(ms),
    });
    await limiter.acquire();
    now = 10_000;
    await limiter.acquire();
    expect(waits).toEqual([]);
    await limiter.acquire();
    expect(waits).toEqual([50_000]);
  });

  it('running jobs carry the pause at once, and their next page clears it', async () => {
    const { jobs, emitted, progress, finish, started } = drivenJobs();
    const id = jobs.start({ filterId: 'flt_x', label: null, feeds: ['tender'], streams: ['created'], follow: false });
    await vi.waitFor(() => expect(started()).toBe(true), SETTLED);
    const until = new Date(Date.now() + 45_000).toISOString();
    jobs.notePause(until);
    expect(emitted.at(-1)).toMatchObject({ jobId: id, state: 'running', pausedUntil: until });
    progress({ filterId: 'flt_x', feed: 'tender', stream: 'created', pages: 1, items: 1, charged: 1, free: 0, total: 1, state: 'ready' });
    expect(emitted.at(-1)!.pausedUntil).toBeNull();
    finish();
    await vi.waitFor(() => expect(emitted.at(-1)).toMatchObject({ state: 'done', pausedUntil: null }), SETTLED);
    // A finished job is not marked by a later pause.
    const count = emitted.length;
    jobs.notePause(until);
    expect(emitted.length).toBe(count);
  });
});
