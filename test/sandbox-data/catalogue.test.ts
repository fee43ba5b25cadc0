/** The generated catalogue: identifiers, shares, formats, versions, contracts and the discovery log. */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidInn, isValidKpp, isValidOgrn } from '../../src-main/domain/identifiers';
import { OKPD2_CODES, PLACEMENT_TYPES, regionByCode } from '../../src-main/sandbox/data/dictionaries';
import { archivalTenderIds, catalogueAnchor, catalogueSize } from '../../src-main/sandbox/data/generate';
import type { ContractRow, ContractVersionRow, DiscoveryLogRow, OrganizationRow, TenderRow, TenderVersionRow } from '../../src-main/sandbox/data/rows';
import { mskIso, unixSeconds } from '../../src-main/sandbox/data/rows';
import { all, digest, FIXED_NOW, makeCatalogue, one } from './helpers';

/** The catalogue's anchor: the start of FIXED_NOW's Moscow day. */
const ANCHOR = catalogueAnchor(unixSeconds(FIXED_NOW));
const ANCHOR_ISO = mskIso(ANCHOR);

const SEED = 20261120;
const N = 4000;
const DAY = 86_400;
let db: Database.Database;
let tenders: TenderRow[];

beforeAll(() => {
  db = makeCatalogue(SEED, N);
  tenders = all<TenderRow>(db, 'SELECT * FROM tenders ORDER BY id');
});
afterAll(() => db.close());

const share = (count: number): number => count / N;

describe('catalogue: organisations', () => {
  it('has tenders/25 customers and tenders/15 suppliers with floors of 300 and 500', () => {
    expect(catalogueSize(N)).toEqual({ customers: 300, suppliers: 500 });
    expect(catalogueSize(1_000_000)).toEqual({ customers: 40_000, suppliers: 66_667 });
    expect(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM organizations').n).toBe(800);
  });

  it('every INN, OGRN and KPP is valid; customers are organisations; ~10 % of suppliers are sole traders', () => {
    const orgs = all<OrganizationRow>(db, 'SELECT * FROM organizations ORDER BY id');
    let soleTraders = 0;
    for (const o of orgs) {
      expect(isValidInn(o.inn), `inn ${o.inn}`).toBe(true);
      expect(isValidOgrn(o.ogrn), `ogrn ${o.ogrn}`).toBe(true);
      expect(o.inn.slice(0, 2)).toBe(String(o.region).padStart(2, '0'));
      expect(() => regionByCode(o.region)).not.toThrow();
      if (o.inn.length === 12) {
        soleTraders++;
        expect(o.id).toBeGreaterThan(300);
        expect(o.kpp).toBeNull();
        expect(o.ogrn).toMatch(/^3\d{14}$/);
        expect(o.name).toMatch(/^ИП [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
      } else {
        expect(isValidKpp(o.kpp ?? ''), `kpp ${o.kpp}`).toBe(true);
        expect(o.ogrn).toMatch(/^[15]\d{12}$/);
      }
      expect(o.address).toMatch(/^\d{6}, .*г\. .+, д\. \d+/);
    }
    expect(soleTraders / 500).toBeGreaterThan(0.05);
    expect(soleTraders / 500).toBeLessThan(0.15);
    expect(new Set(orgs.map((o) => o.inn)).size).toBe(orgs.length);
    expect(new Set(orgs.map((o) => o.ogrn)).size).toBe(orgs.length);
  });
});

describe('catalogue: tenders', () => {
  it('mixes the laws ~55/30/15 and the current statuses ~60/32/8', () => {
    const by = (pick: (t: TenderRow) => number, value: number) => share(tenders.filter((t) => pick(t) === value).length);
    expect(by((t) => t.purchase_type, 1)).toBeCloseTo(0.55, 1);
    expect(by((t) => t.purchase_type, 2)).toBeCloseTo(0.3, 1);
    expect(by((t) => t.purchase_type, 3)).toBeCloseTo(0.15, 1);
    expect(by((t) => t.status, 1)).toBeCloseTo(0.6, 1);
    expect(by((t) => t.status, 2)).toBeCloseTo(0.32, 1);
    expect(by((t) => t.status, 3)).toBeGreaterThan(0.05);
    expect(by((t) => t.status, 3)).toBeLessThan(0.11);
  });

  it('etp_id, placement and platform agree with the law', () => {
    const placementLaw = new Map(PLACEMENT_TYPES.map((p) => [p.id, p.purchase_type]));
    const platforms: Record<number, number[]> = { 1: [2, 3, 4, 5, 6, 8], 2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 3: [9, 10, 11] };
    for (const t of tenders) {
      const format = { 1: /^0\d{18}$/, 2: /^3\d{10}$/, 3: /^COM-\d+$/ }[t.purchase_type as 1 | 2 | 3];
      expect(t.etp_id, `tender ${t.id}`).toMatch(format);
      expect(placementLaw.get(t.placement_type)).toBe(t.purchase_type);
      expect(platforms[t.purchase_type]).toContain(t.platform);
    }
    expect(new Set(tenders.map((t) => t.etp_id)).size).toBe(N);
  });

  it('prices are 50 000 – 500 000 000 ₽ with kopecks; dates are ISO with +03:00 around the 120 days before the anchor (but the archive)', () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/;
    // The archive (D-WORLD-7) keeps its own dates of early 2026: the window is the other tenders'.
    const archival = new Set(archivalTenderIds(ANCHOR));
    expect(archival.size).toBe(1);
    let withKopecks = 0;
    for (const t of tenders) {
      expect(t.price).toBeGreaterThanOrEqual(50_000);
      expect(t.price).toBeLessThanOrEqual(500_000_000);
      expect(Math.abs(Math.round(t.price * 100) - t.price * 100)).toBeLessThan(1e-4);
      if (Math.round(t.price * 100) % 100 !== 0) withKopecks++;
      for (const d of [t.publish_date, t.start_date, t.end_date, t.update_date]) expect(d).toMatch(iso);
      expect(t.start_date).toBe(t.publish_date);
      const age = (ANCHOR - unixSeconds(t.publish_date)) / DAY;
      expect(age).toBeGreaterThan(0);
      if (!archival.has(t.id)) expect(age, `tender ${t.id}`).toBeLessThan(140);
      expect(unixSeconds(t.update_date)).toBeLessThanOrEqual(ANCHOR);
    }
    expect(withKopecks / N).toBeGreaterThan(0.6);
    const v1 = all<TenderVersionRow & { publish_date: string }>(db, 'SELECT v.*, t.publish_date FROM tender_versions v JOIN tenders t ON t.id = v.tender_id WHERE v.version = 1');
    for (const v of v1) {
      const days = (unixSeconds(v.end_date) - unixSeconds(v.publish_date)) / DAY;
      expect(days, `tender ${v.tender_id}`).toBeGreaterThan(6);
      expect(days, `tender ${v.tender_id}`).toBeLessThan(31);
    }
  });

  it('open tenders nearly all take bids the whole anchor day and after; the rest passed their deadline within 3 days', () => {
    expect(ANCHOR_ISO).toBe('2026-11-20T00:00:00+03:00');
    const open = tenders.filter((t) => t.status === 1);
    const dayAfter = mskIso(ANCHOR + DAY);
    expect(open.filter((t) => t.end_date > dayAfter).length / open.length).toBeGreaterThan(0.93);
    for (const t of open.filter((x) => x.end_date <= dayAfter)) {
      expect(t.end_date < ANCHOR_ISO, `tender ${t.id} ends ${t.end_date}`).toBe(true);
      expect(ANCHOR - unixSeconds(t.end_date)).toBeLessThanOrEqual(3 * DAY);
    }
  });

  it('positions: mostly 1–10, ~10 % 20–300; lots ≤ positions; okpd2 holds 1–3 known codes', () => {
    expect(share(tenders.filter((t) => t.positions_count >= 20).length)).toBeGreaterThan(0.06);
    expect(share(tenders.filter((t) => t.positions_count >= 20).length)).toBeLessThan(0.15);
    expect(share(tenders.filter((t) => t.positions_count <= 10).length)).toBeGreaterThan(0.8);
    const known = new Set(OKPD2_CODES);
    for (const t of tenders) {
      expect(t.positions_count).toBeGreaterThanOrEqual(1);
      expect(t.positions_count).toBeLessThanOrEqual(300);
      expect(t.lots_count).toBeGreaterThanOrEqual(1);
      expect(t.lots_count).toBeLessThanOrEqual(Math.min(5, t.positions_count));
      const codes = t.okpd2.split(' ');
      expect(codes.length).toBeGreaterThanOrEqual(1);
      expect(codes.length).toBeLessThanOrEqual(Math.min(3, t.positions_count));
      expect(new Set(codes).size).toBe(codes.length);
      for (const c of codes) {
        expect(c).toMatch(/^\d{2}\.\d{2}\.\d{2}\.\d{3}$/);
        expect(known.has(c)).toBe(true);
      }
    }
    expect(tenders.filter((t) => t.lots_count > 1).length).toBeGreaterThan(0);
  });

  it('titles and descriptions are Russian and name the customer or the object', () => {
    for (const t of tenders) {
      expect(t.title).toMatch(/^(Поставка|Выполнение|Оказание|Изготовление|Приобретение|Разработка)/);
      expect(t.description).toMatch(/^Объект закупки: /);
      expect(t.customer_id).toBeLessThanOrEqual(300);
    }
    expect(tenders.some((t) => t.title.includes('для нужд '))).toBe(true);
  });

  it('~20 % of tenders have 2–3 versions; the tenders row is the latest version', () => {
    const multi = share(tenders.filter((t) => t.version > 1).length);
    expect(multi).toBeGreaterThan(0.15);
    expect(multi).toBeLessThan(0.25);
    expect(Math.max(...tenders.map((t) => t.version))).toBe(3);
    const latest = all<TenderVersionRow>(db, 'SELECT v.* FROM tender_versions v JOIN tenders t ON t.id = v.tender_id AND t.version = v.version ORDER BY v.tender_id');
    expect(latest).toHaveLength(N);
    for (const v of latest) {
      const t = tenders[v.tender_id - 1]!;
      expect([v.status, v.price, v.end_date, v.update_date]).toEqual([t.status, t.price, t.end_date, t.update_date]);
    }
    const counts = all<{ n: number; mx: number }>(db, 'SELECT COUNT(*) AS n, MAX(version) AS mx FROM tender_versions GROUP BY tender_id');
    for (const c of counts) expect(c.n).toBe(c.mx);
    const later = all<{ a: string; b: string; sa: number; sb: number }>(
      db,
      'SELECT a.update_date AS a, b.update_date AS b, a.status AS sa, b.status AS sb FROM tender_versions a JOIN tender_versions b ON b.tender_id = a.tender_id AND b.version = a.version + 1',
    );
    for (const p of later) {
      expect(p.b >= p.a).toBe(true);
      expect(p.sa).toBe(1);
    }
  });
});

describe('catalogue: contracts', () => {
  let contracts: ContractRow[];
  beforeAll(() => {
    contracts = all<ContractRow>(db, 'SELECT * FROM contracts ORDER BY id');
  });

  it('every completed tender has one contract (rarely two), and only completed tenders have contracts', () => {
    const perTender = new Map<number, number>();
    for (const c of contracts) perTender.set(c.tender_id, (perTender.get(c.tender_id) ?? 0) + 1);
    for (const t of tenders) {
      if (t.status === 2) expect(perTender.get(t.id) ?? 0, `tender ${t.id}`).toBeGreaterThanOrEqual(1);
      else expect(perTender.has(t.id)).toBe(false);
    }
    const two = [...perTender.values()].filter((n) => n === 2).length;
    expect(two / perTender.size).toBeLessThan(0.05);
    expect(Math.max(...perTender.values())).toBeLessThanOrEqual(2);
  });

  it('registry numbers are 19 unique digits; suppliers, prices, dates, stages and payments are consistent', () => {
    expect(new Set(contracts.map((c) => c.reestr_number)).size).toBe(contracts.length);
    const soleTraderIds = new Set(all<{ id: number }>(db, 'SELECT id FROM organizations WHERE kpp IS NULL').map((r) => r.id));
    let sole = 0;
    for (const c of contracts) {
      const t = tenders[c.tender_id - 1]!;
      expect(c.reestr_number).toMatch(/^\d{19}$/);
      expect(c.supplier_id).toBeGreaterThan(300);
      if (soleTraderIds.has(c.supplier_id)) sole++;
      expect(c.sign_date > t.end_date, `contract ${c.id}`).toBe(true);
      expect(unixSeconds(c.sign_date)).toBeLessThanOrEqual(ANCHOR);
      if (c.positions_count === t.positions_count) {
        expect(c.price / t.price).toBeGreaterThanOrEqual(0.699);
        expect(c.price / t.price).toBeLessThanOrEqual(1);
      } else {
        expect(c.positions_count).toBeLessThan(t.positions_count);
      }
      if (c.stage === 2) expect(c.paid).toBe(c.price);
      if (c.stage === 1) expect(c.paid).toBeLessThan(c.price);
      expect(c.paid).toBeGreaterThanOrEqual(0);
      expect(c.paid).toBeLessThanOrEqual(c.price);
    }
    expect(sole).toBeGreaterThan(0);
    const stages = [1, 2, 3].map((s) => contracts.filter((c) => c.stage === s).length / contracts.length);
    expect(stages[0]! + stages[1]!).toBeGreaterThan(0.9);
    expect(contracts.filter((c) => c.version > 1).length).toBeGreaterThan(0);
    expect(Math.max(...contracts.map((c) => c.version))).toBeLessThanOrEqual(3);
  });

  it('the contracts row is the latest contract version; paid never decreases', () => {
    const versions = all<ContractVersionRow>(db, 'SELECT * FROM contract_versions ORDER BY contract_id, version');
    const byContract = new Map<number, ContractVersionRow[]>();
    for (const v of versions) byContract.set(v.contract_id, [...(byContract.get(v.contract_id) ?? []), v]);
    for (const c of contracts) {
      const list = byContract.get(c.id)!;
      expect(list.map((v) => v.version)).toEqual(list.map((_, i) => i + 1));
      const last = list[list.length - 1]!;
      expect([last.version, last.stage, last.paid, last.update_date]).toEqual([c.version, c.stage, c.paid, c.update_date]);
      for (let i = 1; i < list.length; i++) expect(list[i]!.paid).toBeGreaterThanOrEqual(list[i - 1]!.paid);
    }
  });
});

describe('catalogue: discovery log', () => {
  let log: DiscoveryLogRow[];
  beforeAll(() => {
    log = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log ORDER BY seq');
  });

  it('seq runs 1..n; every version row has exactly one log row with its seq', () => {
    expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i + 1));
    const tv = all<TenderVersionRow>(db, 'SELECT * FROM tender_versions');
    const cv = all<ContractVersionRow>(db, 'SELECT * FROM contract_versions');
    expect(log).toHaveLength(tv.length + cv.length);
    for (const v of tv) expect(log[v.seq - 1]).toMatchObject({ kind: 'tender', object_id: v.tender_id, version: v.version });
    for (const v of cv) expect(log[v.seq - 1]).toMatchObject({ kind: 'contract', object_id: v.contract_id, version: v.version });
  });

  it('ids follow discovery order; versions of an object are discovered in order; time never goes back', () => {
    const firstSeq = { tender: [] as number[], contract: [] as number[] };
    const lastVersion = new Map<string, number>();
    for (let i = 0; i < log.length; i++) {
      const l = log[i]!;
      if (i > 0) expect(l.discovered_at >= log[i - 1]!.discovered_at).toBe(true);
      expect(unixSeconds(l.discovered_at)).toBeLessThan(ANCHOR);
      const key = `${l.kind}:${l.object_id}`;
      expect(l.version).toBe((lastVersion.get(key) ?? 0) + 1);
      lastVersion.set(key, l.version);
      if (l.version === 1) firstSeq[l.kind].push(l.object_id);
    }
    expect(firstSeq.tender).toEqual(firstSeq.tender.map((_, i) => i + 1));
    expect(firstSeq.contract).toEqual(firstSeq.contract.map((_, i) => i + 1));
  });

  it('later versions and contracts come well after their tender, and after the completing version', () => {
    const v1 = new Map(log.filter((l) => l.kind === 'tender' && l.version === 1).map((l) => [l.object_id, l.seq]));
    const gaps = log.filter((l) => l.kind === 'tender' && l.version === 2).map((l) => l.seq - v1.get(l.object_id)!);
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeGreaterThan(100);
    const completing = new Map(
      all<{ tender_id: number; seq: number }>(db, 'SELECT tender_id, MIN(seq) AS seq FROM tender_versions WHERE status = 2 GROUP BY tender_id').map((r) => [r.tender_id, r.seq]),
    );
    for (const c of all<{ tender_id: number; seq: number }>(db, 'SELECT c.tender_id, v.seq FROM contracts c JOIN contract_versions v ON v.contract_id = c.id AND v.version = 1')) {
      expect(c.seq).toBeGreaterThan(completing.get(c.tender_id)!);
    }
  });

  it('meta holds the seed, the size, the anchor, the world time (the anchor) and the tick counter', () => {
    const meta = Object.fromEntries(all<{ key: string; value: string }>(db, 'SELECT * FROM meta').map((r) => [r.key, r.value]));
    expect(meta).toEqual({ seed: String(SEED), tenders: String(N), anchor: ANCHOR_ISO, world_time: ANCHOR_ISO, next_tick: '0' });
  });

  it('the keyword index answers for every tender by its title words', () => {
    const names = new Map(all<OrganizationRow>(db, 'SELECT * FROM organizations').map((o) => [o.id, o.name]));
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    const expected = tenders.filter((t) => [t.title, t.description, names.get(t.customer_id)!].some((x) => words(x).includes('поставка')));
    expect(expected.length).toBeGreaterThan(N / 10);
    expect(one<{ n: number }>(db, "SELECT COUNT(*) AS n FROM tender_fts WHERE tender_fts MATCH 'поставка'").n).toBe(expected.length);
    const t = tenders[123]!;
    const word = t.title.split(' ')[0]!;
    const hits = all<{ rowid: number }>(db, 'SELECT rowid FROM tender_fts WHERE tender_fts MATCH ?', `"${word}"`).map((r) => r.rowid);
    expect(hits).toContain(t.id);
  });
});

describe('catalogue: determinism', () => {
  it('the same seed and size give identical tables; another seed differs', () => {
    const a = makeCatalogue(77, 2000);
    const b = makeCatalogue(77, 2000);
    const c = makeCatalogue(78, 2000);
    try {
      const da = digest(a);
      expect(digest(b)).toEqual(da);
      const dc = digest(c);
      for (const table of ['organizations', 'tenders', 'discovery_log', 'tender_fts_data']) expect(dc[table]).not.toBe(da[table]);
    } finally {
      a.close();
      b.close();
      c.close();
    }
  });
});
