/**
 * What coherence means for the served world, shared by the tests that move the sandbox's date
 * (present.test.ts) and reopen a kept world later (persistence.test.ts).
 */
import { expect } from 'vitest';
import { okpd2Entry, regionByCode } from '../../src-main/sandbox/data/dictionaries';
import { ALL_STATUS, CONTRACTS, TENDERS, api, ctl, drain, login, obj, type Json, type Sandbox } from './helpers';

export const DAY_MS = 86_400_000;
export const BIDS = 'Подача заявок';
export const COMMISSION = 'Работа комиссии';
/** How long the served world lets an open tender wait for its result after its deadline. */
const COMMISSION_BOUND_MS = 14 * DAY_MS;

export const nowOf = async (sb: Sandbox): Promise<number> => Date.parse((await ctl(sb, 'state')).now);

/** The newest version of each object a feed delivered (a feed read again holds its earlier versions too). */
export function latest(items: Json[]): Json[] {
  const byId = new Map<number, Json>();
  for (const x of items.map(obj)) if ((byId.get(x.id)?.version ?? 0) < x.version) byId.set(x.id, x);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The whole served world, read free of charge with a test token: every tender and every contract. */
export async function servedWorld(sb: Sandbox): Promise<{ tenders: Json[]; contracts: Json[]; token: string }> {
  const token = await login(sb, 'demo-test');
  const both = ['created', 'updated'];
  const tenders = latest((await drain(sb, token, TENDERS, { status: ALL_STATUS, events: both }, 100)).items);
  const contracts = latest((await drain(sb, token, CONTRACTS, { events: both }, 100)).items);
  return { tenders, contracts, token };
}

export function expectCoherent(world: { tenders: Json[]; contracts: Json[] }, nowMs: number, where: string): void {
  const byId = new Map<number, Json>(world.tenders.map((t) => [t.id, t]));
  let open = 0;
  let waiting = 0;
  for (const t of world.tenders) {
    const at = `${where}: tender ${t.id}`;
    const [publish, end, update] = [Date.parse(t.publish_date), Date.parse(t.end_date), Date.parse(t.update_date)];
    expect(publish, at).toBeLessThan(end);
    expect(publish, at).toBeLessThanOrEqual(nowMs);
    expect(update, at).toBeLessThanOrEqual(nowMs);
    expect(Number(t.organization.inn.slice(0, 2)), at).toBe(t.region.id);
    if (t.status.code === 'active') {
      if (end > nowMs) {
        expect(t.status.name, at).toBe(BIDS);
        open++;
      } else {
        expect(t.status.name, at).toBe(COMMISSION);
        expect(nowMs - end, `${at} waits since ${t.end_date}`).toBeLessThanOrEqual(COMMISSION_BOUND_MS);
        waiting++;
      }
    }
    if (t.status.code === 'completed') expect(update, `${at}: decided after its deadline`).toBeGreaterThan(end);
  }
  expect(open, where).toBeGreaterThan(world.tenders.length / 10);
  expect(waiting / (open + waiting), `${where}: ${waiting} of ${open + waiting} open ones wait for a result`).toBeLessThan(0.3);
  for (const c of world.contracts) {
    const at = `${where}: contract ${c.id}`;
    const t = byId.get(c.tender_id);
    expect(t?.status.code, at).toBe('completed');
    const sign = Date.parse(c.sign_date);
    expect(sign, `${at}: signed on the result`).toBeGreaterThanOrEqual(Date.parse(t.update_date));
    expect(sign, at).toBeLessThanOrEqual(nowMs);
    expect(Date.parse(c.update_date), at).toBeLessThanOrEqual(nowMs);
    expect(Number(c.customer.inn.slice(0, 2)), at).toBe(c.region.id);
  }
  expect(world.contracts.length, where).toBeGreaterThan(world.tenders.length / 10);
}

/** Cards of a spread of tenders: the address is in the tender's region; every unit price is in its class's range. */
export async function expectCardsCoherent(sb: Sandbox, token: string, tenders: Json[], where: string): Promise<void> {
  const step = Math.max(1, Math.floor(tenders.length / 30));
  for (let i = 0; i < tenders.length; i += step) {
    const r = await api(sb, 'GET', `/tenders/${tenders[i].id}?positions_limit=100`, { token });
    expect(r.status).toBe(200);
    const card = r.json;
    const region = regionByCode(card.region.id);
    expect(region.cities.some((c) => card.organization.address.includes(`г. ${c.name},`)), `${where}: ${card.organization.address}`).toBe(true);
    for (const p of card.positions) {
      const [low, high] = okpd2Entry(p.okpd2_code).unitPrice;
      expect(p.price, `${where}: tender ${card.id} ${p.quantity} × ${p.price} of ${p.okpd2_code}`).toBeGreaterThanOrEqual(low * 0.5);
      expect(p.price, `${where}: tender ${card.id} ${p.quantity} × ${p.price} of ${p.okpd2_code}`).toBeLessThanOrEqual(high * 1.5);
    }
  }
}

