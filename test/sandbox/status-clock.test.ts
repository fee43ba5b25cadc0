/**
 * D-STATUS-1: a tender's status follows its deadline on the sandbox clock. An open (`active`) tender is
 * «Подача заявок» until its deadline and «Работа комиссии» after it, in both generations, in feeds and cards;
 * its id and code stay `active` (still in the `active` set). The clock passing a deadline makes no new version,
 * no `updated` event and no charge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedStatus } from '../../src-main/sandbox/service/tenderStatus';
import { api, balance, ctl, drain, fresh, ledger, obj, start, TENDERS, type Json, type Sandbox, type Tokens } from './helpers';

const BIDS = 'Подача заявок';
const COMMISSION = 'Работа комиссии';

describe('servedStatus', () => {
  const deadline = '2026-11-20T10:00:00+03:00';
  const at = (iso: string) => Date.parse(iso);

  it('an active version is «Подача заявок» before its deadline and «Работа комиссии» from it on, id and code unchanged', () => {
    expect(servedStatus(1, deadline, at('2026-11-20T09:59:59+03:00'))).toEqual({ id: 1, code: 'active', name: BIDS });
    expect(servedStatus(1, deadline, at('2026-11-20T10:00:00+03:00'))).toEqual({ id: 1, code: 'active', name: COMMISSION });
    expect(servedStatus(1, deadline, at('2026-12-01T00:00:00+03:00'))).toEqual({ id: 1, code: 'active', name: COMMISSION });
  });

  it('completed and cancelled are what they are; without a clock the stored status is served', () => {
    expect(servedStatus(2, deadline, at('2026-12-01T00:00:00+03:00'))).toEqual({ id: 2, code: 'completed', name: 'Завершена' });
    expect(servedStatus(3, deadline, at('2026-12-01T00:00:00+03:00'))).toEqual({ id: 3, code: 'cancelled', name: 'Отменена' });
    expect(servedStatus(1, deadline, null)).toEqual({ id: 1, code: 'active', name: BIDS });
  });
});

describe('the sandbox serves the status of its clock', () => {
  let sb: Sandbox & { earlierBaseUrl?: string };
  let t: Tokens;
  let active: Json[];
  const nowOf = async (): Promise<number> => Date.parse((await ctl(sb, 'state')).now as string);

  beforeAll(async () => {
    sb = await start();
    t = await fresh(sb);
    active = (await drain(sb, t.test, TENDERS, { status: ['active'] })).items.map(obj);
  });
  afterAll(() => sb?.close());

  it('no open tender past its deadline is «Подача заявок»; every one before it is', async () => {
    const now = await nowOf();
    const past = active.filter((x) => Date.parse(x.end_date) <= now);
    const ahead = active.filter((x) => Date.parse(x.end_date) > now + 60_000);
    expect(past.length).toBeGreaterThan(0);
    expect(ahead.length).toBeGreaterThan(0);
    for (const x of past) expect(x.status, `tender ${x.id}`).toEqual({ id: 1, code: 'active', name: COMMISSION });
    for (const x of ahead) expect(x.status, `tender ${x.id}`).toEqual({ id: 1, code: 'active', name: BIDS });
  });

  it('moving the clock past a deadline changes the card’s status name, not its version, and charges nothing', async () => {
    const now = await nowOf();
    const target = active.filter((x) => Date.parse(x.end_date) > now + 60_000).sort((a, b) => Date.parse(a.end_date) - Date.parse(b.end_date))[0];
    const first = await api(sb, 'GET', `/tenders/${target.id}`, { token: t.live });
    expect(first.status).toBe(200);
    expect(first.json.status.name).toBe(BIDS);
    const paid = await balance(sb, t.live);
    const rows = (await ledger(sb, t.live)).length;

    await ctl(sb, 'clock', { advance_s: Math.ceil((Date.parse(target.end_date) - now) / 1000) + 60 });
    const again = await api(sb, 'GET', `/tenders/${target.id}`, { token: t.live });
    expect(again.status).toBe(200);
    expect(again.json.status).toEqual({ id: 1, code: 'active', name: COMMISSION });
    expect(again.json.version).toBe(first.json.version);
    expect(await balance(sb, t.live)).toEqual(paid);
    expect((await ledger(sb, t.live)).length).toBe(rows);

    // Still in the active set, and the updated stream of a feed over it holds no event for the clock.
    const set = await drain(sb, t.test, TENDERS, { ids: [target.id], status: ['active'], events: ['updated'] });
    expect(set.items).toEqual([]);
    const inActive = (await drain(sb, t.test, TENDERS, { ids: [target.id], status: ['active'] })).items.map(obj);
    expect(inActive.map((x: Json) => [x.id, x.version, x.status.name])).toEqual([[target.id, first.json.version, COMMISSION]]);
  });

  it('the earlier generation serves the same status name by the same clock', async () => {
    const now = await nowOf();
    const past = active.find((x) => Date.parse(x.end_date) <= now)!;
    const r = await api(sb, 'GET', `${sb.origin}/legacy/api/v2/tenders/${past.id}`, { headers: { 'x-api-token': t.live } });
    expect(r.status).toBe(200);
    expect(r.json.status).toEqual({ id: 1, name: COMMISSION });
  });
});
