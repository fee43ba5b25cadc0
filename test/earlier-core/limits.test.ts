/**
 * The daily limit (reference sections 7 and 8, D-E-LIM-*) during a sync: 1000 new tenders a day. A filter
 * of 3000 stops at the limit with what is stored, says in plain Russian when the next reset (00:00 Moscow
 * time) is, sends no charging request while the limit is known to be exhausted, and continues where it
 * stopped once the sandbox's clock passes midnight, picking up tenders that arrived meanwhile. At the end
 * the cache holds exactly the filter's set, each tender charged once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { moscowText } from '../../src-main/api/earlier/limits';
import { secondsToMidnight } from '../sandbox-earlier/helpers';
import { ALL, bench, cachedMembers, closeCaches, ctl, fresh, newCache, sentTo, serverBalance, serverCharges, serverFilterSet, sorted, startEarlier } from './helpers';

let sb: RunningSandbox;
let token: string;

beforeAll(async () => {
  sb = await startEarlier(3000);
  ({ live: token } = await fresh(sb));
  await ctl(sb, 'balance', { login: 'demo', tenders: 100_000 });
});
afterAll(async () => {
  closeCaches();
  await sb?.close();
});

describe('earlier sync and the daily limit', () => {
  it('stops at the limit saying when it resets, never hammers, continues after 00:00 Moscow time, ends charged once', async () => {
    const cache = newCache();
    const b = bench(sb, token, cache);
    const day1 = await b.wb.syncFilter(ALL);
    expect(day1).toMatchObject({ stoppedBy: 'daily_limit', complete: false, charged: 1000 });
    const limits = (await serverBalance(sb, token)).limits.tenders;
    expect(limits).toMatchObject({ current: 1000, remaining: 0 });
    expect(day1.resetAt).toBe(limits.reset_at);
    expect(day1.message).toMatch(/Дневной лимит новых тендеров \(1000 в сутки\) исчерпан/);
    expect(day1.message).toContain(`в 00:00 по Москве — ${moscowText(Date.parse(limits.reset_at))}`);
    expect(day1.message).toMatch(/через \d+ (ч|мин)/);

    // Asked again the same day: the client knows, one free balance check, no page asked for.
    const pages = sentTo(b.sent, '/tenders?').length;
    const balances = sentTo(b.sent, '/balance').length;
    const again = await b.wb.syncFilter(ALL);
    expect(again).toMatchObject({ stoppedBy: 'daily_limit', charged: 0, pages: 0 });
    expect(sentTo(b.sent, '/tenders?').length).toBe(pages);
    expect(sentTo(b.sent, '/balance').length).toBe(balances + 1);
    const wb = await b.wb.balance();
    expect(wb.blockedUntil).not.toBeNull();
    expect(wb.limits.tenders).toMatchObject({ current: 1000, limit: 1000, remaining: 0 });
    expect(wb.nextResetAt).toBe(limits.reset_at);

    // New tenders arrive at the top while the sync waits for the reset.
    await ctl(sb, 'tick', { created: 30 });
    let days = 1;
    let total = day1.charged;
    for (;;) {
      await ctl(sb, 'clock', { advance_s: await secondsToMidnight(sb as never, 60) });
      days++;
      // Another process: a fresh client that knows nothing of yesterday's 429.
      const next = bench(sb, token, cache);
      const out = await next.wb.syncFilter(ALL);
      expect(out.charged).toBeLessThanOrEqual(1000);
      total += out.charged;
      await next.close();
      if (out.stoppedBy === 'done') {
        expect(out.complete).toBe(true);
        break;
      }
      expect(out.stoppedBy).toBe('daily_limit');
      expect(out.charged).toBe(1000);
      expect(days).toBeLessThan(6);
    }
    expect(days).toBe(4);
    expect(total).toBe(3030);
    const set = await serverFilterSet(sb, token, ALL);
    expect(set.length).toBe(3030);
    expect(sorted(cachedMembers(cache, ALL))).toEqual(sorted(set));
    const charges = await serverCharges(sb, token);
    expect(charges.size).toBe(3030);
    for (const n of charges.values()) expect(n).toBe(1);
    const billed = cache.db.prepare('SELECT d.id, count(*) AS n FROM delivery d WHERE d.billed = 1 GROUP BY d.id').all() as { id: number; n: number }[];
    expect(billed.length).toBe(3030);
    expect(billed.every((r) => r.n === 1)).toBe(true);
    await b.close();
  });
});
