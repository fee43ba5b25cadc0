/** Reference section 6 (event rules 1-6) with D-Q-7, D-Q-8, D-Q-9 and D-LIST-5. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_STATUS, CONTRACTS, TENDERS, api, catalogue, createList, ctl, drain, fresh, ids, newKey, obj, query, start, statusWord,
  type Json, type Sandbox, type Tokens,
} from './helpers';

let sb: Sandbox;
let t: Tokens;
let all: number[];
let active: number[]; // only active tenders change on a tick

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  const cat = await catalogue(sb, t.test);
  all = cat.map((x) => x.id);
  active = cat.filter((x) => statusWord(x) === 'active').map((x) => x.id);
});
afterAll(async () => { await sb?.close(); });

const pairs = (items: Json[]) => items.map((x) => `${obj(x).id}@${x.version}`);

describe('6 events', () => {
  it('6 rule 1: two feeds per filter, each with created and updated streams read independently by separate cursors', async () => {
    t = await fresh(sb);
    const c1 = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 5 });
    const u1 = await query(sb, t.test, TENDERS, { status: ALL_STATUS, events: ['updated'], limit: 100 });
    const k1 = await query(sb, t.test, CONTRACTS, { filter_id: c1.json.filter_id, limit: 5 });
    expect(ids(c1.json.results)).toEqual(all.slice(0, 5));
    expect(u1.json.results).toEqual([]);
    expect(u1.json.filter_id).toBe(c1.json.filter_id);
    expect(k1.status).toBe(200);
    expect(k1.json.filter_id).toBe(c1.json.filter_id);
    expect(k1.json.results.every((x: Json) => x.contract && !x.tender)).toBe(true);

    await ctl(sb, 'tick', { created: 3, updated: 10 });
    const u2 = await query(sb, t.test, TENDERS, { cursor: u1.json.next_cursor });
    expect(u2.json.results).toHaveLength(10);
    expect(u2.json.results.every((x: Json) => x.event === 'updated')).toBe(true);
    // the created stream is where it was: the snapshot continues after the 5 read items
    const c2 = await query(sb, t.test, TENDERS, { cursor: c1.json.next_cursor, limit: 5 });
    expect(ids(c2.json.results)).toEqual(all.slice(5, 10));
    expect(c2.json.results.every((x: Json) => x.event === 'created')).toBe(true);
    // reading the created stream did not move the updated one
    const u3 = await query(sb, t.test, TENDERS, { cursor: u1.json.next_cursor });
    expect(pairs(u3.json.results)).toEqual(pairs(u2.json.results));
    // the contract feed has its own cursor and continues on its own
    const k2 = await query(sb, t.test, CONTRACTS, { cursor: k1.json.next_cursor, limit: 5 });
    expect(k2.status).toBe(200);
    expect(ids(k2.json.results).some((id) => ids(k1.json.results).includes(id))).toBe(false);
  });

  it('6 rule 2: events selects the streams at the first request; the default is [created]; with a cursor it is ignored', async () => {
    const d = await query(sb, t.test, TENDERS, { status: ALL_STATUS, limit: 2 });
    expect(d.json.applied.events).toEqual(['created']);
    const u = await query(sb, t.test, TENDERS, { status: ALL_STATUS, events: ['updated'], limit: 2 });
    expect(u.json.applied.events).toEqual(['updated']);
    expect(u.json.results.every((x: Json) => x.event === 'updated')).toBe(true);
    const both = await query(sb, t.test, TENDERS, { status: ALL_STATUS, events: ['updated', 'created'], limit: 2 });
    expect([...both.json.applied.events].sort()).toEqual(['created', 'updated']);
    const ign = await query(sb, t.test, TENDERS, { cursor: d.json.next_cursor, events: ['updated'], limit: 2 });
    expect(ign.json.applied.events).toEqual(['created']);
    expect(ids(ign.json.results)).toEqual(all.slice(2, 4));
    const bad = await api(sb, 'POST', TENDERS, { token: t.test, body: { status: ALL_STATUS, events: ['deleted'] } });
    expect(bad.status).toBe(422);
  });

  it('6 rule 3: order inside a feed is the order of discovery: the snapshot by id, later discoveries after it in order', async () => {
    t = await fresh(sb);
    const { items, cursor } = await drain(sb, t.test, TENDERS, { status: ALL_STATUS });
    expect(ids(items)).toEqual(all);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    await ctl(sb, 'tick', { created: 3, updated: 0 });
    const n1 = await query(sb, t.test, TENDERS, { cursor });
    await ctl(sb, 'tick', { created: 2, updated: 0 });
    const n2 = await query(sb, t.test, TENDERS, { cursor: n1.json.next_cursor });
    const fresh1 = ids(n1.json.results);
    const fresh2 = ids(n2.json.results);
    expect(fresh1).toHaveLength(3);
    expect(fresh2).toHaveLength(2);
    const later = [...fresh1, ...fresh2];
    expect([...later].sort((a, b) => a - b)).toEqual(later);
    expect(later[0]).toBeGreaterThan(all[all.length - 1]!);
    expect([...n1.json.results, ...n2.json.results].every((x: Json) => x.event === 'created' && x.version === 1)).toBe(true);
  });

  it('6 rule 4: a repeated delivery of the same version is billed false, in any stream', async () => {
    t = await fresh(sb);
    const whole = await createList(sb, t.live, all);
    const u0 = await query(sb, t.live, TENDERS, { list_id: whole, events: ['updated'] });
    await ctl(sb, 'tick', { created: 0, updated: 5 });
    const u1 = await query(sb, t.live, TENDERS, { cursor: u0.json.next_cursor });
    expect(u1.json.results).toHaveLength(5);
    expect(u1.json.results.every((x: Json) => x.billed === true)).toBe(true);
    const target = u1.json.results[0];
    // the same version through the created stream of another filter
    const one = await createList(sb, t.live, [obj(target).id]);
    const c = await query(sb, t.live, TENDERS, { list_id: one });
    expect(c.json.results.map((x: Json) => [obj(x).id, x.version, x.event, x.billed])).toEqual([[obj(target).id, target.version, 'created', false]]);
    // and again the same page of the updated stream
    const again = await query(sb, t.live, TENDERS, { cursor: u0.json.next_cursor });
    expect(again.json.results.map((x: Json) => x.billed)).toEqual([false, false, false, false, false]);
    expect((await api(sb, 'GET', '/balance', { token: t.live })).json.balance.tenders).toBe(9995);
  });

  it('6 rule 5 (D-LIST-5): after removal from a list future events of that tender do not enter the list feed; re-adding brings it back free', async () => {
    t = await fresh(sb);
    const members = active.slice(-200);
    const removed = members.slice(0, 100);
    const lst = await createList(sb, t.live, members);
    const first = await drain(sb, t.live, TENDERS, { list_id: lst, events: ['created', 'updated'] });
    expect(ids(first.items)).toEqual(members);
    const rm = await api(sb, 'DELETE', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: removed } });
    expect(rm.json.items_count).toBe(100);

    const whole = await createList(sb, t.test, all);
    const ctrl = await query(sb, t.test, TENDERS, { list_id: whole, events: ['updated'] });
    await ctl(sb, 'tick', { created: 0, updated: 300 });
    const changed = new Set(ids((await drain(sb, t.test, TENDERS, { cursor: ctrl.json.next_cursor })).items));
    expect(removed.some((id) => changed.has(id))).toBe(true);
    const after = await drain(sb, t.live, TENDERS, { cursor: first.cursor });
    expect(after.items.every((x: Json) => x.event === 'updated')).toBe(true);
    expect(new Set(ids(after.items))).toEqual(new Set(members.slice(100).filter((id) => changed.has(id))));

    const quiet = removed.find((id) => !changed.has(id))!;
    await api(sb, 'POST', `/lists/${lst}/items`, { token: t.live, key: newKey(), body: { ids: [quiet] } });
    const back = await query(sb, t.live, TENDERS, { cursor: after.cursor });
    expect(back.json.results.map((x: Json) => [obj(x).id, x.billed])).toEqual([[quiet, false]]);
  });

  it('6 rule 6: deduplication by id + version: no pair repeats inside a feed and versions grow per object', async () => {
    t = await fresh(sb);
    const lst = await createList(sb, t.test, active.slice(0, 300));
    const body = { list_id: lst, events: ['created', 'updated'] };
    const a = await drain(sb, t.test, TENDERS, body);
    await ctl(sb, 'tick', { created: 0, updated: 600 });
    await ctl(sb, 'tick', { created: 0, updated: 600 });
    const b = await drain(sb, t.test, TENDERS, { cursor: a.cursor });
    const items = [...a.items, ...b.items];
    expect(b.items.length).toBeGreaterThan(0);
    expect(new Set(pairs(items)).size).toBe(items.length);
    const last = new Map<number, number>();
    for (const x of items) {
      const id = obj(x).id;
      if (last.has(id)) {
        expect(x.event).toBe('updated');
        expect(x.version).toBeGreaterThan(last.get(id)!);
      } else expect(x.event).toBe('created');
      last.set(id, x.version);
    }
  });
});
