/**
 * The world in the present, over HTTP: the sandbox serves a world in the present on any date, and what it serves is coherent:
 * statuses with dates, regions with the customers' INNs and addresses, keywords with what is bought, unit
 * prices with the items. Checked over the whole served world at the real now, 75 days and 400 days on (a New
 * Year between), both as a sandbox started on that date and as one whose clock moved there with catch_up.
 * Nothing here depends on the date it runs on: every date is the sandbox's own, set or read from it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { ALL_STATUS, TENDERS, api, ctl, drain, login, obj, query, type Json } from './helpers';
import { BIDS, DAY_MS, expectCardsCoherent, expectCoherent, nowOf, servedWorld } from './coherence';

const SEED = 26;
const SIZE = 2500;

const opened = new Set<RunningSandbox>();
afterAll(async () => {
  for (const sb of opened) await sb.close();
});

async function stop(sb: RunningSandbox): Promise<void> {
  opened.delete(sb);
  await sb.close();
}

async function startAt(nowMs: number, seed = SEED, tenders = SIZE): Promise<RunningSandbox> {
  const sb = await startSandbox({ port: 0, seed, tenders, now: nowMs });
  opened.add(sb);
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  return sb;
}

describe('the served world is coherent on any date', () => {
  it('started now, 75 days and 400 days on: statuses, dates, regions, keywords and unit prices agree', { timeout: 240_000 }, async () => {
    const real = Date.now();
    const years = new Set<string>();
    for (const days of [0, 75, 400]) {
      const sb = await startAt(real + days * DAY_MS);
      const now = await nowOf(sb);
      years.add(new Date(now).toISOString().slice(0, 4));
      const world = await servedWorld(sb);
      expect(world.tenders).toHaveLength(SIZE);
      expectCoherent(world, now, `+${days} d`);
      await expectCardsCoherent(sb, world.token, world.tenders, `+${days} d`);
      const computers = (await drain(sb, world.token, TENDERS, { keywords: ['компьютер'], status: ALL_STATUS }, 100)).items.map(obj);
      expect(computers.length).toBeGreaterThan(5);
      for (const t of computers) {
        const codes = t.okpd2.map((c: Json) => c.code as string);
        expect(codes.some((c: string) => c.startsWith('26.20.')), `${t.id}: ${t.name}`).toBe(true);
        expect(codes).not.toContain('26.60.11.111');
      }
      await stop(sb);
    }
    expect(years.size).toBeGreaterThanOrEqual(2);
  });

  it('a running sandbox whose clock moves on 75 and then 325 days with catch_up stays coherent', { timeout: 240_000 }, async () => {
    const sb = await startAt(Date.now(), 27, 1500);
    const start = await nowOf(sb);
    for (const days of [75, 325]) {
      const moved = await ctl(sb, 'clock', { advance_s: days * 86_400, catch_up: true });
      expect(moved.caught_up.entries).toBeGreaterThan(0);
      const now = Date.parse(moved.now);
      expect(now - start).toBeGreaterThanOrEqual((days === 75 ? 75 : 400) * DAY_MS);
      const state = await ctl(sb, 'state');
      expect(state.world_time).toBe(moved.caught_up.to);
      expect(Date.parse(moved.caught_up.to)).toBeGreaterThanOrEqual(start + days * DAY_MS);
      expectCoherent(await servedWorld(sb), now, `clock +${days} d`);
    }
  });

  it('the clock never moves back, and a set time moves it forward like advance_s', async () => {
    const sb = await startAt(Date.now(), 27, 1500);
    const now = await nowOf(sb);
    const back = await api(sb, 'POST', `${sb.origin}/__sandbox/clock`, { body: { set: new Date(now - DAY_MS).toISOString() } });
    expect(back.status).toBe(422);
    expect(back.json.error.message).toMatch(/forward only/);
    const target = new Date(now + 3 * DAY_MS).toISOString();
    const set = await ctl(sb, 'clock', { set: target });
    expect(Math.abs(Date.parse(set.now) - Date.parse(target))).toBeLessThan(60_000);
    expect((await api(sb, 'POST', `${sb.origin}/__sandbox/clock`, { body: { set: target, advance_s: 5 } })).status).toBe(422);
  });
});

describe('a new analyst’s first search delivers tenders still open for bids', () => {
  it('the first 300 of the default query (status active) are ≥ 90 % open, at any time of day and date; the newest tender is a day old at most', { timeout: 240_000 }, async () => {
    const real = Date.now();
    const mskDayStart = (ms: number): number => Math.floor((ms + 3 * 3600_000) / DAY_MS) * DAY_MS - 3 * 3600_000;
    // Now, a day's last minutes, a day's first minutes and 400 days on: the catalogue is made at the start of
    // the Moscow day, so its evening is the hardest case.
    const moments = [real, mskDayStart(real + 30 * DAY_MS) + DAY_MS - 10 * 60_000, mskDayStart(real + 120 * DAY_MS) + 5 * 60_000, real + 400 * DAY_MS];
    for (const moment of moments) {
      const sb = await startAt(moment, 28, 3000);
      const now = await nowOf(sb);
      const token = await login(sb, 'demo');
      const first: Json[] = [];
      let r = await query(sb, token, TENDERS, { limit: 100 });
      for (let page = 0; page < 3; page++) {
        expect(r.status, r.text).toBe(200);
        first.push(...r.json.results.map(obj));
        r = await query(sb, token, TENDERS, { cursor: r.json.next_cursor, limit: 100 });
      }
      expect(first).toHaveLength(300);
      const open = first.filter((t) => Date.parse(t.end_date) > now);
      for (const t of open) expect(t.status.name).toBe(BIDS);
      expect(open.length / first.length, new Date(now).toISOString()).toBeGreaterThanOrEqual(0.9);
      // Found minutes before the start of the sandbox's Moscow day: less than a day before now, but for a
      // sandbox started in the last half hour of a day.
      const state = await ctl(sb, 'state');
      const newest = Date.parse(state.newest_found);
      expect(newest).toBeLessThanOrEqual(now);
      expect(now - newest, `${state.now}: newest found ${state.newest_found}`).toBeLessThan(DAY_MS + 30 * 60_000);
      expect(newest).toBeGreaterThan(mskDayStart(now) - 30 * 60_000);
      await stop(sb);
    }
  });
});
