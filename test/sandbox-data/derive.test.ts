/** Positions, lots, documents and contract execution derived from (seed, row): deterministic and summing up. */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractIndex,
  contractPosition,
  contractPositions,
  deriveContractExtras,
  deriveTenderExtras,
  tenderLots,
  tenderPosition,
  tenderPositions,
  type Position,
} from '../../src-main/sandbox/data/derive';
import { okpd2Entry, UNITS } from '../../src-main/sandbox/data/dictionaries';
import type { ContractRow, ContractVersionRow, OrganizationRow, TenderRow, TenderVersionRow } from '../../src-main/sandbox/data/rows';
import { all, makeCatalogue, one } from './helpers';

const SEED = 4242;
let db: Database.Database;
let tenders: TenderRow[];

beforeAll(() => {
  db = makeCatalogue(SEED, 3000);
  tenders = all<TenderRow>(db, 'SELECT * FROM tenders ORDER BY id');
});
afterAll(() => db.close());

const kop = (rub: number): number => Math.round(rub * 100);
const sumKop = (items: { amount?: number; price?: number }[], key: 'amount' | 'price'): number => items.reduce((s, p) => s + kop(p[key]!), 0);
const versionsOf = (id: number): TenderVersionRow[] => all<TenderVersionRow>(db, 'SELECT * FROM tender_versions WHERE tender_id = ? ORDER BY version', id);
const customerOf = (t: TenderRow): OrganizationRow => one<OrganizationRow>(db, 'SELECT * FROM organizations WHERE id = ?', t.customer_id);

/** A spread of tenders: the biggest position lists, multi-lot ones, multi-version ones and a few ordinary. */
function sample(): TenderRow[] {
  const big = [...tenders].sort((a, b) => b.positions_count - a.positions_count).slice(0, 5);
  const lots = tenders.filter((t) => t.lots_count > 1).slice(0, 5);
  const versioned = tenders.filter((t) => t.version > 1).slice(0, 5);
  return [...big, ...lots, ...versioned, ...tenders.slice(0, 20)];
}

describe('tender positions', () => {
  it('sum exactly to the price of every version; quantities stay the same across versions', () => {
    for (const t of sample()) {
      const versions = versionsOf(t.id);
      let quantities: number[] | undefined;
      for (const v of versions) {
        const positions = tenderPositions(SEED, t, v, 1, 300);
        expect(positions).toHaveLength(t.positions_count);
        expect(sumKop(positions, 'amount'), `tender ${t.id} v${v.version}`).toBe(kop(v.price));
        const q = positions.map((p) => p.quantity);
        if (quantities) expect(q).toEqual(quantities);
        quantities = q;
      }
    }
  });

  it('are deterministic, O(1) by ordinal, and page without gaps or overlaps', () => {
    for (const t of sample()) {
      const v = versionsOf(t.id).at(-1)!;
      const whole = tenderPositions(SEED, t, v, 1, 300);
      expect(tenderPositions(SEED, t, v, 1, 300)).toEqual(whole);
      const paged: Position[] = [];
      for (let page = 1; ; page++) {
        const p = tenderPositions(SEED, t, v, page, 7);
        if (p.length === 0) break;
        expect(p.length).toBeLessThanOrEqual(7);
        paged.push(...p);
      }
      expect(paged).toEqual(whole);
      expect(whole.map((p) => p.position_ordinal)).toEqual(whole.map((_, i) => i + 1));
      const k = Math.ceil(t.positions_count / 2);
      expect(tenderPosition(SEED, t, v, k)).toEqual(whole[k - 1]);
      expect(tenderPositions(SEED, t, v, 1000, 20)).toEqual([]);
    }
    expect(() => tenderPosition(SEED, tenders[0]!, tenders[0]!, tenders[0]!.positions_count + 1)).toThrow(RangeError);
  });

  it('take their codes from the okpd2 column, use every code, and read like the catalogue', () => {
    for (const t of sample()) {
      const codes = t.okpd2.split(' ');
      const positions = tenderPositions(SEED, t, t, 1, 300);
      expect(new Set(positions.map((p) => p.okpd2_code))).toEqual(new Set(codes));
      for (const p of positions) {
        const entry = okpd2Entry(p.okpd2_code);
        expect(p.okpd2_name).toBe(entry.name);
        expect(entry.items).toContain(p.title);
        expect(UNITS).toContain(p.unit as (typeof UNITS)[number]);
        expect(p.quantity).toBeGreaterThanOrEqual(1);
        expect(p.price).toBeGreaterThan(0);
        expect(p.characteristics).toMatch(/^[^:]+: .+/);
        expect(p.lot_ordinal).toBeGreaterThanOrEqual(1);
        expect(p.lot_ordinal).toBeLessThanOrEqual(t.lots_count);
        if (p.ktru_code === null) expect(p.ktru_name).toBeNull();
        else expect(p.ktru_code).toMatch(new RegExp(`^${p.okpd2_code.replace(/\./g, '\\.')}-\\d{8}$`));
        if (t.purchase_type === 3) expect(p.ktru_code).toBeNull();
      }
      // All but the last position are exactly quantity × unit price.
      for (const p of positions.slice(0, -1)) expect(kop(p.amount)).toBe(Math.round(p.quantity * kop(p.price)));
    }
  });

  it('lots are consecutive blocks of positions priced as their sums', () => {
    for (const t of sample()) {
      const lots = tenderLots(SEED, t, t);
      expect(lots.map((l) => l.ordinal)).toEqual(lots.map((_, i) => i + 1));
      expect(lots).toHaveLength(t.lots_count);
      const positions = tenderPositions(SEED, t, t, 1, 300);
      for (const lot of lots) expect(kop(lot.price)).toBe(sumKop(positions.filter((p) => p.lot_ordinal === lot.ordinal), 'amount'));
      expect(sumKop(lots, 'price')).toBe(kop(t.price));
      if (t.lots_count === 1) expect(lots[0]!.title).toBe(t.title);
      else expect(lots[1]!.title).toMatch(/^Лот № 2: /);
    }
  });
});

describe('tender extras', () => {
  it('are deterministic: advance, source link, contact, 1–9 documents with unique ids', () => {
    const ids = new Set<number>();
    for (const t of tenders.slice(0, 400)) {
      const v = versionsOf(t.id).at(-1)!;
      const extras = deriveTenderExtras(SEED, t, customerOf(t), v);
      expect(deriveTenderExtras(SEED, t, customerOf(t), v)).toEqual(extras);
      expect([0, 10, 15, 20, 30, 50]).toContain(extras.advance);
      if (t.purchase_type === 1) expect(extras.source_url).toContain(`zakupki.gov.ru/epz/order/notice/`);
      if (t.purchase_type !== 3) expect(extras.source_url).toContain(`regNumber=${t.etp_id}`);
      expect(extras.administrator.name).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
      expect(extras.administrator.phone).toMatch(/^\+7 \(\d{3,5}\) \d{1,3}-\d{2}-\d{2}$/);
      expect(extras.administrator.phone.replace(/\D/g, '')).toHaveLength(11);
      expect(extras.administrator.email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.ru$/);
      expect(extras.documents.length).toBeGreaterThanOrEqual(1);
      expect(extras.documents.length).toBeLessThanOrEqual(9);
      expect(extras.documents[0]!.name).toMatch(/^(Извещение|Приглашение)/);
      for (const d of extras.documents) {
        expect(ids.has(d.id)).toBe(false);
        ids.add(d.id);
        expect(Math.floor(d.id / 10)).toBe(t.id);
        expect(['pdf', 'docx', 'xlsx', 'zip', 'rtf', 'doc']).toContain(d.extension);
        // The sandbox's own file route (the origin is added by the running sandbox).
        expect(d.url).toMatch(new RegExp(`^/files/${t.id}/[a-z]\\d*\\.\\d+/`));
      }
      if (v.status === 2) expect(extras.documents.at(-1)!.name).toMatch(/^Протокол/);
      if (v.status === 3) expect(extras.documents.at(-1)!.name).toMatch(/отмене/);
      if (v.version > 1 && v.status === 1) expect(extras.documents.some((d) => d.name.startsWith('Изменения в извещение'))).toBe(true);
    }
  });
});

describe('contract positions and execution', () => {
  let contracts: ContractRow[];
  beforeAll(() => {
    contracts = all<ContractRow>(db, 'SELECT * FROM contracts ORDER BY id');
  });

  it('sum exactly to the contract price and repeat the tender positions they cover', () => {
    for (const c of contracts.slice(0, 300)) {
      const t = tenders[c.tender_id - 1]!;
      const positions = contractPositions(SEED, c, t, null, 1, 300);
      expect(positions).toHaveLength(c.positions_count);
      expect(sumKop(positions, 'amount'), `contract ${c.id}`).toBe(kop(c.price));
      expect(contractPosition(SEED, c, t, null, positions.length)).toEqual(positions.at(-1));
      const offset = contractIndex(c, t) === 0 ? 0 : t.positions_count - c.positions_count;
      const tenderSide = tenderPositions(SEED, t, t, 1, 300).slice(offset, offset + c.positions_count);
      expect(positions.map((p) => [p.title, p.quantity, p.okpd2_code, p.ktru_code])).toEqual(tenderSide.map((p) => [p.title, p.quantity, p.okpd2_code, p.ktru_code]));
    }
  });

  it('two contracts of one tender split its positions: lot 1 and the rest', () => {
    const byTender = new Map<number, ContractRow[]>();
    for (const c of contracts) byTender.set(c.tender_id, [...(byTender.get(c.tender_id) ?? []), c]);
    const pairs = [...byTender.values()].filter((l) => l.length === 2);
    expect(pairs.length).toBeGreaterThan(0);
    for (const [a, b] of pairs) {
      const t = tenders[a!.tender_id - 1]!;
      expect(a!.positions_count + b!.positions_count).toBe(t.positions_count);
      expect(new Set([contractIndex(a!, t), contractIndex(b!, t)])).toEqual(new Set([0, 1]));
    }
  });

  it('execution stages sum to the price and their paid parts to what is paid, for every version', () => {
    for (const c of contracts.slice(0, 300)) {
      const t = tenders[c.tender_id - 1]!;
      const extras = deriveContractExtras(SEED, c, t);
      expect(extras.stages.length).toBeGreaterThanOrEqual(1);
      expect(extras.stages.length).toBeLessThanOrEqual(3);
      expect(sumKop(extras.stages, 'amount')).toBe(kop(c.price));
      expect(extras.stages.reduce((s, x) => s + kop(x.paid), 0)).toBe(kop(c.paid));
      expect(extras.execution_end_date > c.sign_date).toBe(true);
      expect(extras.execution_end_date).toBe(extras.stages.at(-1)!.planned_date);
      for (const v of all<ContractVersionRow>(db, 'SELECT * FROM contract_versions WHERE contract_id = ?', c.id)) {
        const atVersion = deriveContractExtras(SEED, c, t, undefined, v);
        expect(atVersion.stages.reduce((s, x) => s + kop(x.paid), 0)).toBe(kop(v.paid));
        // Payments cover whole stages, in order.
        const partial = atVersion.stages.filter((s) => s.paid > 0 && s.paid < s.amount);
        expect(partial).toHaveLength(0);
      }
    }
  });
});
