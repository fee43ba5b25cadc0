/** The client-side limiter (section 8, D-LIM-1) on a fake clock: never more than N grants in any window. */
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src-main/api/rateLimiter';

function fakeClock() {
  const clock = {
    t: 1_000_000,
    now: () => clock.t,
    /** Lets everything already resolved run first (as real time would), then moves the clock. */
    sleep: async (ms: number) => {
      await new Promise((r) => setImmediate(r));
      clock.t += ms;
    },
  };
  return clock;
}

/** Every window of `windowMs` holds at most `n` of the sorted times. */
function maxInWindow(times: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('RateLimiter', () => {
  it('section 8: 250 concurrent requests at 100/min stay under 100 per sliding minute, first come first served', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ now: clock.now, sleep: clock.sleep });
    const start = clock.t;
    const granted: { i: number; at: number }[] = [];
    await Promise.all(Array.from({ length: 250 }, (_, i) => limiter.acquire().then(() => granted.push({ i, at: clock.now() }))));
    const times = granted.map((g) => g.at);
    expect(maxInWindow(times, 60_000)).toBe(100);
    expect(granted.map((g) => g.i)).toEqual([...Array(250).keys()]);
    expect(times.slice(0, 100).every((t) => t === start)).toBe(true);
    // The default window is the server's minute plus a second of margin for the trip.
    expect(times[100]).toBe(start + 61_000);
    expect(times[249]).toBe(start + 122_000);
  });

  it('is configurable (per minute and window) and rejects a nonsensical limit', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perMinute: 3, windowMs: 1000, now: clock.now, sleep: clock.sleep });
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      await limiter.acquire();
      times.push(clock.now());
      clock.t += 50; // some work between requests
    }
    expect(maxInWindow(times, 1000)).toBe(3);
    expect(limiter.used()).toBeLessThanOrEqual(3);
    expect(() => new RateLimiter({ perMinute: 0 })).toThrow(RangeError);
    limiter.perMinute = 7;
    expect(limiter.perMinute).toBe(7);
  });

  it('an aborted waiter leaves the queue with the abort reason and takes no slot', async () => {
    const clock = fakeClock();
    let release: () => void = () => {};
    // A sleep that only ends when the test says so, to hold waiters in the queue.
    const limiter = new RateLimiter({
      perMinute: 1,
      now: clock.now,
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          release = () => {
            clock.t += ms;
            resolve();
          };
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    });
    await limiter.acquire();
    const ac = new AbortController();
    const aborted = limiter.acquire(ac.signal);
    const next = limiter.acquire();
    ac.abort(new Error('sync cancelled'));
    await expect(aborted).rejects.toThrow('sync cancelled');
    await Promise.resolve();
    release();
    await next;
    expect(limiter.used()).toBe(1);
    await expect(limiter.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });

  it('pause(ms) holds every caller until the service\'s Retry-After has passed', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perMinute: 100, now: clock.now, sleep: clock.sleep });
    const t0 = clock.t;
    limiter.pause(30_000);
    await Promise.all([limiter.acquire(), limiter.acquire()]);
    expect(clock.t).toBe(t0 + 30_000);
    await limiter.acquire();
    expect(clock.t).toBe(t0 + 30_000);
  });
});
