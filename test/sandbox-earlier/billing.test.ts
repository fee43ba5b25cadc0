/**
 * Earlier generation, section 1 (pay per tender, once), 2.2 (`is_new`, `new_tenders_count`,
 * `remaining_balance`), 2.6 (favorites do not touch the balance, details charge), 2.8 (history) and the
 * decisions D-E-BILL-*, D-E-BAL-*, D-E-FLT-*.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL, ARCHIVE, COMPUTERS, MOSCOW_44, api, balance, ctl, errorOf, fresh, get200, history, legacy, start,
  type EarlierSandbox, type Json,
} from './helpers';

let sb: EarlierSandbox;
let token: string;
let testToken: string;

beforeAll(async () => { sb = await start(); });
afterAll(async () => { await sb?.close(); });
beforeEach(async () => { ({ live: token, test: testToken } = await fresh(sb)); });

const tenders = (filter: number, page = 1, size = 20) => get200(sb, `/tenders?filter_id=${filter}&page=${page}&page_size=${size}`, token);

describe('1 pay per tender', () => {
  it('1: the example — 20 new tenders cost 20; the same 20 an hour later cost 0; 5 newly appeared cost 5', async () => {
    const start = (await balance(sb, token)).balance.tenders;
    const first = await tenders(ALL);
    expect(first.items).toHaveLength(20);
    expect(first.new_tenders_count).toBe(20);
    expect(first.items.every((t: Json) => t.is_new)).toBe(true);
    expect(first.remaining_balance).toBe(start - 20);

    await ctl(sb, 'clock', { advance_s: 3600 });
    const again = await tenders(ALL);
    expect(again.items.map((t: Json) => t.id)).toEqual(first.items.map((t: Json) => t.id));
    expect(again.new_tenders_count).toBe(0);
    expect(again.items.some((t: Json) => t.is_new)).toBe(false);
    expect(again.remaining_balance).toBe(start - 20);

    await ctl(sb, 'tick', { created: 5, updated: 0 });
    const later = await tenders(ALL);
    expect(later.total).toBe(first.total + 5);
    expect(later.new_tenders_count).toBe(5);
    const fresh5 = later.items.filter((t: Json) => t.is_new);
    expect(fresh5).toHaveLength(5);
    expect(fresh5.every((t: Json) => t.id > Math.max(...first.items.map((x: Json) => x.id)))).toBe(true);
    expect(later.remaining_balance).toBe(start - 25);
    expect((await balance(sb, token)).balance.tenders).toBe(start - 25);
  });

  it('2.2: is_new is true exactly for the tenders charged in this response; new_tenders_count equals the units charged', async () => {
    const a = await tenders(ALL, 1, 10);
    const b = await tenders(ALL, 1, 30);
    expect(b.new_tenders_count).toBe(20);
    const charged = new Set(b.items.filter((t: Json) => t.is_new).map((t: Json) => t.id));
    for (const t of a.items) expect(charged.has(t.id)).toBe(false);
    expect(charged.size).toBe(20);
    expect(b.remaining_balance).toBe(a.remaining_balance - 20);
    expect((await balance(sb, token)).balance.tenders).toBe(b.remaining_balance);
  });

  it('D-E-BILL-1: a tender is charged once per account across filters, detail, positions and favorites updates', async () => {
    const comp = await tenders(COMPUTERS, 1, 10);
    expect(comp.new_tenders_count).toBe(comp.items.length);
    const t = comp.items[0];
    // The same tender through another filter, its detail and its positions: free.
    const all = await tenders(ALL, 1, 100);
    const overlap = all.items.filter((x: Json) => comp.items.some((c: Json) => c.id === x.id));
    for (const x of overlap) expect(x.is_new).toBe(false);
    expect(all.new_tenders_count).toBe(all.items.length - overlap.length);
    const before = (await balance(sb, token)).balance.tenders;
    const d = await get200(sb, `/tenders/${t.id}`, token);
    expect(d.is_new).toBe(false);
    await get200(sb, `/tenders/${t.id}/positions`, token);
    expect((await balance(sb, token)).balance.tenders).toBe(before);
  });

  it('D-E-BILL-3: the detail of a tender never received charges one unit (is_new true); the second read is free; positions likewise', async () => {
    const deep = (await tenders(ALL, 100, 20)).items.map((t: Json) => t.id);
    const page1 = await tenders(ALL, 1, 20);
    const unseen = page1.items[0].id - 1000; // a tender not on the pages read so far
    expect(deep).not.toContain(unseen);
    const b0 = (await balance(sb, token)).balance.tenders;
    const d1 = await get200(sb, `/tenders/${unseen}`, token);
    expect(d1.is_new).toBe(true);
    expect((await balance(sb, token)).balance.tenders).toBe(b0 - 1);
    const d2 = await get200(sb, `/tenders/${unseen}`, token);
    expect(d2.is_new).toBe(false);
    const other = unseen - 1;
    await get200(sb, `/tenders/${other}/positions`, token);
    expect((await balance(sb, token)).balance.tenders).toBe(b0 - 2);
    expect((await get200(sb, `/tenders/${other}`, token)).is_new).toBe(false);
  });

  it('1: a filter with autosearch false returns an empty result, free', async () => {
    const b0 = (await balance(sb, token)).balance.tenders;
    const r = await tenders(ARCHIVE);
    expect(r).toMatchObject({ total: 0, pages: 0, items: [], new_tenders_count: 0, remaining_balance: b0 });
  });

  it('D-E-FLT-1: a filter\'s tenders are those its conditions match now (Moscow 44-FZ: every item is region 77)', async () => {
    const r = await tenders(MOSCOW_44, 1, 100);
    expect(r.total).toBeGreaterThan(0);
    for (const t of r.items) expect(t.region.id).toBe(77);
    for (const t of r.items) expect(t.status.id).toBe(1);
  });

  it('D-E-TND-1: newest discovered first, so a new tender appears on page 1', async () => {
    const r = await tenders(ALL, 1, 100);
    const ids = r.items.map((t: Json) => t.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('2.6: adding, removing and listing favorites do not touch the balance; getting a favorite\'s details charges if not received before', async () => {
    const unseen = (await tenders(ALL, 1, 1)).items[0].id - 500;
    const card = await api(sb, 'GET', `/tenders/${unseen}`, { token: testToken });
    const etp = card.json.etp_id;
    const b0 = (await balance(sb, token)).balance.tenders;
    await legacy(sb, 'POST', `/favorites/${etp}`, { token });
    await get200(sb, '/favorites', token);
    await legacy(sb, 'DELETE', `/favorites/${etp}`, { token });
    await legacy(sb, 'POST', `/favorites/${etp}`, { token });
    expect((await balance(sb, token)).balance.tenders).toBe(b0);
    expect((await get200(sb, `/tenders/${unseen}`, token)).is_new).toBe(true);
    expect((await balance(sb, token)).balance.tenders).toBe(b0 - 1);
  });

  it('D-E-BILL-4: when the balance cannot pay for the new tenders of an answer, 402 balance_exhausted and nothing is charged', async () => {
    await tenders(ALL, 1, 10);
    await ctl(sb, 'balance', { login: 'demo', tenders: 5 });
    const e = errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page=1&page_size=20`, { token }), 402, 'balance_exhausted');
    expect(e).toMatchObject({ remaining_balance: 5, required: 10 });
    expect((await balance(sb, token)).balance.tenders).toBe(5);
    // What was received before is still free; what fits is delivered.
    expect((await tenders(ALL, 1, 10)).new_tenders_count).toBe(0);
    const fits = await tenders(ALL, 1, 15);
    expect(fits.new_tenders_count).toBe(5);
    expect(fits.remaining_balance).toBe(0);
    errorOf(await legacy(sb, 'GET', `/tenders?filter_id=${ALL}&page=2&page_size=15`, { token }), 402, 'balance_exhausted');
  });
});

describe('2.8 balance history', () => {
  it('2.8: one debit per charged tender (amount -1, entity fields, filter_id); credits carry no entity fields', async () => {
    const r = await tenders(COMPUTERS, 1, 3);
    const other = [1, 2, 3, 4].find((id) => !r.items.some((t: Json) => t.id === id))!;
    const d = await get200(sb, `/tenders/${other}`, token);
    expect(d.is_new).toBe(true);
    const h = await history(sb, token);
    const debits = h.filter((t: Json) => t.transaction_type === 'debit');
    expect(debits).toHaveLength(4);
    for (const t of debits) {
      expect(t).toMatchObject({ amount: -1, balance_type: 'tenders', entity_type: 'tender' });
      expect(Object.keys(t).sort()).toEqual(['amount', 'balance_type', 'created_at', 'description', 'entity_id', 'entity_type', 'filter_id', 'id', 'transaction_type']);
    }
    expect(debits.filter((t: Json) => t.filter_id === COMPUTERS).map((t: Json) => t.entity_id).sort()).toEqual(r.items.map((t: Json) => t.id).sort());
    expect(debits.find((t: Json) => t.entity_id === d.id).filter_id).toBeNull();
    const credits = h.filter((t: Json) => t.transaction_type === 'credit');
    expect(credits.map((t: Json) => t.balance_type).sort()).toEqual(['contracts', 'protocols', 'tenders']);
    for (const t of credits) {
      expect(t.amount).toBeGreaterThan(0);
      expect(Object.keys(t).sort()).toEqual(['amount', 'balance_type', 'created_at', 'description', 'id', 'transaction_type']);
    }
  });

  it('D-E-BAL-2: a top-up through the account manager (POST /__sandbox/balance) is a credit; the history explains the balance', async () => {
    await tenders(ALL, 1, 7);
    const b = (await balance(sb, token)).balance;
    await ctl(sb, 'balance', { login: 'demo', tenders: b.tenders + 100, protocols: 42 });
    const h = await history(sb, token);
    const tenderCredit = h.find((t: Json) => t.transaction_type === 'credit' && t.balance_type === 'tenders' && t.amount === 100);
    expect(tenderCredit).toBeDefined();
    expect(tenderCredit.entity_id).toBeUndefined();
    const correction = h.find((t: Json) => t.balance_type === 'protocols' && t.transaction_type === 'debit');
    expect(correction).toMatchObject({ amount: 42 - b.protocols });
    expect(correction.entity_id).toBeUndefined();
    // Credits and debits of the tenders balance add up to it (this generation only was used).
    const sum = h.filter((t: Json) => t.balance_type === 'tenders').reduce((n: number, t: Json) => n + t.amount, 0);
    expect(sum).toBe((await balance(sb, token)).balance.tenders);
    expect((await balance(sb, token)).balance.protocols).toBe(42);
  });
});

describe('D-E-BAL / D-E-BILL-2 the two generations', () => {
  it('D-E-BAL-1: tenders and contracts balances are the account\'s own, shared with the current generation; protocols belong to the earlier one', async () => {
    const cur = (await api(sb, 'GET', '/balance', { token })).json.balance;
    const old = (await balance(sb, token)).balance;
    expect(old.tenders).toBe(cur.tenders);
    expect(old.contracts).toBe(cur.contracts);
    expect(old.protocols).toBe(500);
    await tenders(ALL, 1, 4);
    expect((await api(sb, 'GET', '/balance', { token })).json.balance.tenders).toBe(cur.tenders - 4);
  });

  it('D-E-BILL-2: "received before" is this generation\'s own accounting — a card read in the current generation does not make it free here', async () => {
    const t = (await tenders(ALL, 1, 1)).items[0].id - 700;
    const card = await api(sb, 'GET', `/tenders/${t}`, { token });
    expect(card.json.billed).toBe(true);
    expect((await get200(sb, `/tenders/${t}`, token)).is_new).toBe(true);
    // and the current generation's ledger holds only its own charge
    const ledger = (await api(sb, 'GET', '/balance/ledger', { token })).json.data;
    expect(ledger).toHaveLength(1);
  });
});
