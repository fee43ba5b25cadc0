/** Realism of the demo data against ../shared/DOMAIN.md: identifiers, classifications, notice numbers, Russian text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS, api, catalogue, fresh, query, start, statusWord, type Json, type Sandbox, type Tokens } from './helpers';

let sb: Sandbox;
let t: Tokens;
let cat: Json[];
const cards: Json[] = [];

const digits = (s: string) => [...s].map(Number);
const weighted = (d: number[], w: number[]) => (w.reduce((acc, wi, i) => acc + wi * d[i]!, 0) % 11) % 10;

/** INN checksum as in DOMAIN.md: 10 digits for organisations, 12 for individuals. */
function validInn(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false;
  const d = digits(inn);
  if (d.length === 10) return weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** OGRN (13 digits, mod 11) or OGRNIP (15 digits, starts with 3, mod 13). */
function validOgrn(ogrn: string): boolean {
  if (/^[15]\d{12}$/.test(ogrn)) return Number((BigInt(ogrn.slice(0, 12)) % 11n) % 10n) === Number(ogrn[12]);
  if (/^3\d{14}$/.test(ogrn)) return Number((BigInt(ogrn.slice(0, 14)) % 13n) % 10n) === Number(ogrn[14]);
  return false;
}

const OKPD2 = /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{3})?)?)?$/;
const cyrShare = (s: string) => {
  const letters = s.match(/\p{L}/gu) ?? [];
  return letters.length ? letters.filter((c) => /[А-Яа-яЁё]/.test(c)).length / letters.length : 0;
};

beforeAll(async () => {
  sb = await start();
  t = await fresh(sb);
  cat = await catalogue(sb, t.test);
  const step = Math.floor(cat.length / 40);
  for (let i = 0; i < 40; i++) {
    const r = await api(sb, 'GET', `/tenders/${cat[i * step].id}`, { token: t.test });
    if (r.status !== 200) throw new Error(`card ${cat[i * step].id}: ${r.status} ${r.text}`);
    cards.push(r.json);
  }
});
afterAll(async () => { await sb?.close(); });

describe('realism of the demo data', () => {
  it('realism: the checksum helpers accept the DOMAIN.md examples and reject a changed digit', () => {
    expect(validInn('7830002293')).toBe(true);
    expect(validInn('500100732259')).toBe(true);
    expect(validOgrn('1027812400868')).toBe(true);
    expect(validInn('7830002294')).toBe(false);
    expect(validInn('500100732258')).toBe(false);
    expect(validOgrn('1027812400869')).toBe(false);
  });

  it('realism: INN and OGRN checksums are valid on tender cards (KPP only for organisations)', () => {
    expect(cards).toHaveLength(40);
    for (const c of cards) {
      const o = c.organization;
      expect(validInn(o.inn), `inn ${o.inn} of tender ${c.id}`).toBe(true);
      expect(validOgrn(o.ogrn), `ogrn ${o.ogrn} of tender ${c.id}`).toBe(true);
      if (o.inn.length === 10) {
        expect(o.ogrn).toHaveLength(13);
        expect(o.kpp).toMatch(/^\d{4}[0-9A-Z]{2}\d{3}$/);
      } else {
        expect(o.ogrn).toHaveLength(15);
      }
      expect(cyrShare(o.name)).toBeGreaterThan(0.6);
      expect(cyrShare(o.address)).toBeGreaterThan(0.6);
    }
    for (const x of cat) expect(validInn(x.organization.inn), `feed inn of ${x.id}`).toBe(true);
  });

  it('realism: supplier INNs of contracts are valid', async () => {
    const done = cat.filter((x) => statusWord(x) === 'completed').slice(0, 100).map((x) => x.id);
    const r = await query(sb, t.test, CONTRACTS, { tender_ids: done });
    expect(r.json.results.length).toBeGreaterThan(10);
    for (const x of r.json.results) for (const s of x.contract.suppliers) expect(validInn(s.inn), s.inn).toBe(true);
  });

  it('realism: OKPD2 and KTRU codes have their formats on card positions', () => {
    let ktru = 0;
    for (const c of cards) {
      expect(c.positions.length).toBeGreaterThan(0);
      for (const p of c.positions) {
        expect(p.okpd2_code).toMatch(OKPD2);
        expect(p.okpd2_code.length).toBeGreaterThanOrEqual(8);
        expect(cyrShare(p.okpd2_name)).toBeGreaterThan(0.6);
        if (p.ktru_code !== null) {
          ktru++;
          expect(p.ktru_code).toMatch(/^\d{2}\.\d{2}\.\d{2}\.\d{3}-\d{8}$/);
          expect(p.ktru_code.startsWith(`${p.okpd2_code}-`)).toBe(true);
        }
      }
    }
    expect(ktru).toBeGreaterThan(0);
  });

  it('realism: etp_id has 19 digits under 44-FZ and 11 digits under 223-FZ', () => {
    const byLaw = { 1: 0, 2: 0, 3: 0 } as Record<number, number>;
    for (const x of cat) {
      const law = x.purchase_type.id;
      byLaw[law] = (byLaw[law] ?? 0) + 1;
      if (law === 1) expect(x.etp_id, `tender ${x.id}`).toMatch(/^\d{19}$/);
      if (law === 2) expect(x.etp_id, `tender ${x.id}`).toMatch(/^\d{11}$/);
    }
    expect(byLaw[1]).toBeGreaterThan(100);
    expect(byLaw[2]).toBeGreaterThan(100);
    for (const c of cards) expect(c.purchase_type.name).toBe(({ 1: '44-ФЗ', 2: '223-ФЗ', 3: 'Коммерческая закупка' } as Json)[c.purchase_type.id]);
  });

  it('realism: titles and descriptions are Russian', () => {
    for (const x of cat) expect(cyrShare(x.name), `title of ${x.id}: ${x.name}`).toBeGreaterThan(0.7);
    for (const c of cards) {
      expect(cyrShare(c.description)).toBeGreaterThan(0.7);
      for (const p of c.positions) expect(cyrShare(p.title)).toBeGreaterThan(0.5);
    }
    expect(new Set(cat.map((x) => x.name)).size).toBeGreaterThan(300);
  });

  it('realism: card positions are paged: positions_total, and a second page differs from the first', async () => {
    const c = cards.find((x) => x.positions_total >= 4);
    expect(c).toBeDefined();
    const p1 = await api(sb, 'GET', `/tenders/${c.id}?positions_limit=2&positions_page=1`, { token: t.test });
    const p2 = await api(sb, 'GET', `/tenders/${c.id}?positions_limit=2&positions_page=2`, { token: t.test });
    expect(p1.json.positions).toHaveLength(2);
    expect(p2.json.positions).toHaveLength(2);
    expect(p1.json.positions_total).toBe(c.positions_total);
    expect(p2.json.positions_total).toBe(c.positions_total);
    expect(p1.json.positions).toEqual(c.positions.slice(0, 2));
    const ord = (r: Json) => r.json.positions.map((p: Json) => `${p.lot_ordinal}/${p.position_ordinal}`);
    expect(ord(p2).some((o: string) => ord(p1).includes(o))).toBe(false);
    expect(p2.json.positions).not.toEqual(p1.json.positions);
    const lots = new Set(c.lots.map((l: Json) => l.ordinal));
    for (const p of [...p1.json.positions, ...p2.json.positions]) expect(lots.has(p.lot_ordinal)).toBe(true);
  });

  it('realism: prices, dates (Moscow time) and regions look like the real thing', () => {
    for (const x of cat) {
      expect(x.price).toBeGreaterThan(0);
      expect(Math.round(x.price * 100)).toBeCloseTo(x.price * 100, 5);
      expect(x.publish_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?\+03:00$/);
      expect(Date.parse(x.end_date)).toBeGreaterThan(Date.parse(x.publish_date));
      expect(cyrShare(x.region.name)).toBeGreaterThan(0.7);
    }
    const moscow = cat.find((x) => x.region.id === 77);
    expect(moscow.region.name).toBe('Москва');
  });
});
