/** Earlier generation, sections 7 and 8: daily limits (1000/100/50), 429 when exhausted, reset at 00:00 Moscow time; D-E-LIM-*. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL, ISO, balance, ctl, errorOf, fresh, get200, legacy, nextMoscowMidnight, secondsToMidnight, start,
  type EarlierSandbox, type Json,
} from './helpers';

let sb: EarlierSandbox;
let token: string;

beforeAll(async () => { sb = await start(); });
afterAll(async () => { await sb?.close(); });
beforeEach(async () => { ({ live: token } = await fresh(sb)); });

const page = (n: number, size = 100) => legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page=${n}&page_size=${size}`, { token });

/** Reads pages 1..10 of 100: 1000 new tenders, today's whole limit. */
async function useWholeLimit(): Promise<void> {
  for (let n = 1; n <= 10; n++) {
    const r = await page(n);
    expect(r.status).toBe(200);
    expect(r.json.new_tenders_count).toBe(100);
  }
}

describe('8 limits', () => {
  it('2.7/8: GET /balance shows the daily limits — tenders 1000, contracts 100, protocols 50 — for today, resetting at the next 00:00 Moscow time', async () => {
    const b = await balance(sb, token);
    const types: [string, string, number][] = [['tenders', 'tender', 1000], ['contracts', 'contract', 100], ['protocols', 'protocol', 50]];
    for (const [key, entity, limit] of types) {
      const l = b.limits[key];
      expect(l).toMatchObject({ entity_type: entity, limit, current: 0, remaining: limit });
      expect(l.reset_at).toMatch(ISO);
      expect(Date.parse(l.reset_at)).toBe(nextMoscowMidnight(b.last_updated));
      expect(l.reset_at).toMatch(/T00:00:00\+03:00$/);
      expect(l.date).toBe(b.last_updated.slice(0, 10));
    }
  });

  it('D-E-LIM-1: the limit counts new tenders received today, not requests; re-reading does not count', async () => {
    await page(1, 30);
    await page(1, 30);
    await page(1, 50);
    const t = (await balance(sb, token)).limits.tenders;
    expect(t).toMatchObject({ current: 50, remaining: 950 });
  });

  it('7: when the daily limit is exhausted, 429 until 00:00 Moscow time; nothing is charged; what was received stays readable', async () => {
    await useWholeLimit();
    const b0 = await balance(sb, token);
    expect(b0.limits.tenders).toMatchObject({ current: 1000, remaining: 0 });
    const r = await page(11);
    const e = errorOf(r, 429, 'daily_limit_exceeded');
    expect(e).toMatchObject({ entity_type: 'tender', limit: 1000, current: 1000, remaining: 0 });
    expect(Date.parse(e.reset_at)).toBe(nextMoscowMidnight(b0.last_updated));
    const retryAfter = Number(r.headers['retry-after']);
    expect(Math.abs(retryAfter - (await secondsToMidnight(sb)))).toBeLessThanOrEqual(2);
    expect((await balance(sb, token)).balance.tenders).toBe(b0.balance.tenders);
    // Already received: free and not limited.
    const again = await page(3);
    expect(again.status).toBe(200);
    expect(again.json.new_tenders_count).toBe(0);
    // Other charging routes meet the same limit for a tender not received before.
    const unseen = again.json.items[0].id - 2000;
    errorOf(await legacy(sb, 'GET', `/tenders/${unseen}`, { token }), 429, 'daily_limit_exceeded');
    errorOf(await legacy(sb, 'GET', `/tenders/${unseen}/positions`, { token }), 429, 'daily_limit_exceeded');
    expect((await get200(sb, `/tenders/${again.json.items[0].id}`, token)).is_new).toBe(false);
  });

  it('D-E-LIM-2: an answer whose new tenders do not all fit into what is left today is 429 as a whole; a smaller page fits', async () => {
    for (let n = 1; n <= 9; n++) await page(n);
    for (let n = 91; n <= 99; n++) expect((await page(n, 10)).json.new_tenders_count).toBe(10);
    const left = (await balance(sb, token)).limits.tenders.remaining;
    expect(left).toBe(10);
    const over = await page(100, left + 1);
    const e = errorOf(over, 429, 'daily_limit_exceeded');
    expect(e).toMatchObject({ remaining: left, required: left + 1 });
    expect((await balance(sb, token)).limits.tenders.remaining).toBe(left);
    const fit = await page(100, left);
    expect(fit.status).toBe(200);
    expect(fit.json.new_tenders_count).toBe(left);
    expect((await balance(sb, token)).limits.tenders).toMatchObject({ current: 1000, remaining: 0 });
  });

  it('8: the limits reset at 00:00 Moscow time on the simulated clock (POST /__sandbox/clock)', async () => {
    await useWholeLimit();
    const before = await balance(sb, token);
    await ctl(sb, 'clock', { advance_s: (await secondsToMidnight(sb)) - 5 });
    errorOf(await page(11), 429, 'daily_limit_exceeded');
    await ctl(sb, 'clock', { advance_s: 10 });
    const r = await page(11);
    expect(r.status).toBe(200);
    expect(r.json.new_tenders_count).toBe(100);
    const after = await balance(sb, token);
    expect(after.limits.tenders).toMatchObject({ current: 100, remaining: 900 });
    expect(after.limits.tenders.date).not.toBe(before.limits.tenders.date);
    expect(Date.parse(after.limits.tenders.reset_at) - Date.parse(before.limits.tenders.reset_at)).toBe(86_400_000);
  });

  it('8: page_size defaults to 20 and is at most 100 on every paged route', async () => {
    for (const path of ['/tenders?filter_id=1', '/favorites', '/favorites/updates', '/balance/history', '/filters']) {
      const sep = path.includes('?') ? '&' : '?';
      const ok = await get200(sb, path, token);
      expect(ok.page_size, path).toBe(20);
      errorOf(await legacy(sb, 'GET', `${path}${sep}page_size=101`, { token }), 422, 'unprocessable_entity');
    }
    const t = (await get200(sb, '/tenders?filter_id=1', token)).items[0] as Json;
    expect((await get200(sb, `/tenders/${t.id}/positions`, token)).page_size).toBe(20);
  });

  it('D-E-LIM-3: no per-minute request limit on this generation (not shown): 300 quick requests all answer 200', async () => {
    await ctl(sb, 'rate-limit', { per_minute: 100 });
    const rs = await Promise.all(Array.from({ length: 300 }, () => legacy(sb, 'GET', '/balance', { token })));
    expect(rs.every((r) => r.status === 200)).toBe(true);
  });
});
