/** Earlier generation, 2.6 and section 3: favorites — added once by etp_id, removed, listed, and `favorites/updates` (update_date > favorited_at); D-E-FAV-*. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, statusWord } from '../sandbox/helpers';
import { balance, ctl, fresh, get200, legacy, start, type EarlierSandbox, type Json } from './helpers';

let sb: EarlierSandbox;
let token: string;
let cat: Json[];

beforeAll(async () => {
  sb = await start();
  const t = await fresh(sb);
  cat = await catalogue(sb, t.test);
});
afterAll(async () => { await sb?.close(); });
beforeEach(async () => { ({ live: token } = await fresh(sb)); });

const add = (etp: string) => legacy(sb, 'POST', `/favorites/${encodeURIComponent(etp)}`, { token });
const remove = (etp: string) => legacy(sb, 'DELETE', `/favorites/${encodeURIComponent(etp)}`, { token });

async function allFavorites(): Promise<Json[]> {
  const out: Json[] = [];
  for (let p = 1; ; p++) {
    const r = await get200(sb, `/favorites?page=${p}&page_size=100`, token);
    out.push(...r.tenders);
    if (r.tenders.length < 100) return out;
  }
}

async function allUpdates(): Promise<{ items: Json[]; charged: number }> {
  const items: Json[] = [];
  let charged = 0;
  for (let p = 1; ; p++) {
    const r = await get200(sb, `/favorites/updates?page=${p}&page_size=100`, token);
    items.push(...r.items);
    charged += r.new_tenders_count;
    if (r.items.length < 100) return { items, charged };
  }
}

describe('2.6 favorites', () => {
  it('2.6: a tender can be added only once — the second add answers success false, is_favorite true, and makes no duplicate', async () => {
    const t = cat[10];
    expect((await add(t.etp_id)).json).toMatchObject({ success: true, is_favorite: true });
    const again = await add(t.etp_id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ success: false, is_favorite: true });
    expect(typeof again.json.message).toBe('string');
    const favs = await allFavorites();
    expect(favs).toHaveLength(1);
    expect(favs[0]).toMatchObject({ id: t.id, tender_id: t.etp_id, name: t.name });
  });

  it('D-E-FAV-1: removing what is not a favorite answers success false, is_favorite false; an unknown etp_id is 404', async () => {
    const t = cat[11];
    const r = await remove(t.etp_id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: false, is_favorite: false });
    expect((await remove('NO-SUCH')).status).toBe(404);
    expect((await add('NO-SUCH')).status).toBe(404);
  });

  it('D-E-FAV-2: GET /favorites lists the newest favorite first; id is the internal id, tender_id the etp_id; names of region, platform, status', async () => {
    const picks = [cat[20], cat[21], cat[22]];
    for (const t of picks) await add(t.etp_id);
    const favs = await allFavorites();
    expect(favs.map((f) => f.tender_id)).toEqual(picks.map((t) => t.etp_id).reverse());
    const f = favs.find((x) => x.id === cat[20].id);
    expect(f).toMatchObject({ price: cat[20].price, publish_date: cat[20].publish_date, end_date: cat[20].end_date });
    expect(f.region_name).toBe(cat[20].region.name);
    expect(f.platform_name).toBe(cat[20].platform.name);
    expect(typeof f.status_name).toBe('string');
    const paged = await get200(sb, '/favorites?page=2&page_size=2', token);
    expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2, pages: 2 });
    expect(paged.tenders.map((x: Json) => x.id)).toEqual([cat[20].id]);
  });

  it('2.6: favorites belong to the user of the token — every token of the account sees the same favorites', async () => {
    await add(cat[30].etp_id);
    const other = (await legacy(sb, 'POST', '/tokens', { token, body: { name: 'второй' } })).json.token;
    expect((await get200(sb, '/favorites', other)).tenders.map((x: Json) => x.id)).toEqual([cat[30].id]);
  });

  it('3/2.6: favorites/updates lists exactly the favorites whose update_date is later than favorited_at, and charges only those not received before', async () => {
    const active = cat.filter((t) => statusWord(t) === 'active');
    for (const t of active) expect((await add(t.etp_id)).json.success).toBe(true);
    const b0 = (await balance(sb, token)).balance.tenders;
    expect((await allUpdates()).items).toEqual([]);
    // Something changes a minute later: every tender a tick updates was active, so each one is a favorite.
    await ctl(sb, 'clock', { advance_s: 60 });
    await ctl(sb, 'tick', { created: 3, updated: 40 });
    const favs = new Map((await allFavorites()).map((f) => [f.id, f]));
    const { items: firstLook } = await allUpdates();
    expect(firstLook.length).toBe(40);
    const ids = firstLook.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of firstLook) {
      expect(Object.keys(t).sort()).toEqual(['end_date', 'etp_id', 'id', 'is_new', 'name', 'platform', 'price', 'publish_date', 'region', 'status', 'update_date']);
      expect(favs.has(t.id)).toBe(true);
      expect(Date.parse(t.update_date)).toBeGreaterThan(Date.parse(favs.get(t.id).favorited_at));
      expect(t.is_new).toBe(true);
    }
    expect((await balance(sb, token)).balance.tenders).toBe(b0 - 40);
    const second = await allUpdates();
    expect(second.items.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(second.charged).toBe(0);
    expect(second.items.some((t) => t.is_new)).toBe(false);
  });

  it('3: a tender favorited after its last change is not "updated"; re-adding after a removal starts from the new favorited_at', async () => {
    const active = cat.filter((t) => statusWord(t) === 'active').slice(0, 400);
    for (const t of active) await add(t.etp_id);
    await ctl(sb, 'clock', { advance_s: 60 });
    await ctl(sb, 'tick', { created: 0, updated: 400 });
    const changed = (await allUpdates()).items;
    expect(changed.length).toBeGreaterThan(0);
    const t = changed[0];
    await remove(t.etp_id);
    await ctl(sb, 'clock', { advance_s: 60 });
    await add(t.etp_id);
    const after = (await allUpdates()).items.map((x) => x.id);
    expect(after).not.toContain(t.id);
    expect(after.length).toBe(changed.length - 1);
  });

  it('2.6: the updates envelope carries new_tenders_count and remaining_balance like the tender list', async () => {
    await add(cat[40].etp_id);
    const r = await get200(sb, '/favorites/updates', token);
    expect(r).toMatchObject({ total: 0, page: 1, page_size: 20, pages: 0, new_tenders_count: 0 });
    expect(r.remaining_balance).toBe((await balance(sb, token)).balance.tenders);
  });
});
