/**
 * "The demo world lives in the present": a catalogue is made for the Moscow day of the time it is
 * asked for (never a fixed date), and what it holds is coherent: dates with statuses, regions with the
 * customers' INNs and addresses, keywords with what is bought, prices with the items.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivalTenderIds, catalogueAnchor } from '../../src-main/sandbox/data/generate';
import { contractPositions, tenderPositions, tenderTopic } from '../../src-main/sandbox/data/derive';
import { okpd2Entry, regionByCode } from '../../src-main/sandbox/data/dictionaries';
import { DAY, mskIso, unixSeconds, type ContractRow, type OrganizationRow, type TenderRow, type TenderVersionRow } from '../../src-main/sandbox/data/rows';
import { ftsQuery } from '../../src-main/sandbox/service/filterSet';
import { all, FIXED_NOW, makeCatalogue, one } from './helpers';

const SEED = 2612;
const N = 4000;

/** Every timestamp column of the catalogue, by table, for the shift check. */
const TIMES: Record<string, string[]> = {
  tenders: ['publish_date', 'start_date', 'end_date', 'update_date'],
  tender_versions: ['end_date', 'update_date'],
  contracts: ['sign_date', 'update_date'],
  contract_versions: ['update_date'],
  discovery_log: ['discovered_at'],
};
const KEYS: Record<string, string> = {
  tenders: 'id',
  tender_versions: 'tender_id, version',
  contracts: 'id',
  contract_versions: 'contract_id, version',
  discovery_log: 'seq',
};

describe('a catalogue is made for the day it is asked for', () => {
  it('its anchor is the start of that Moscow day; nothing in it is later except deadlines', () => {
    for (const now of ['2026-12-31T23:59:00+03:00', '2027-01-01T00:01:00+03:00', '2028-02-29T14:30:00+03:00']) {
      const db = makeCatalogue(SEED, 1500, now);
      try {
        const anchor = catalogueAnchor(unixSeconds(now));
        expect(mskIso(anchor)).toBe(`${now.slice(0, 10)}T00:00:00+03:00`);
        const latest = (table: string, column: string): number =>
          unixSeconds(one<{ m: string }>(db, `SELECT max(${column}) AS m FROM ${table}`).m);
        for (const [table, column] of [['tenders', 'publish_date'], ['tenders', 'update_date'], ['contracts', 'sign_date'], ['contract_versions', 'update_date'], ['discovery_log', 'discovered_at']] as const) {
          expect(latest(table, column), `${table}.${column} for ${now}`).toBeLessThanOrEqual(anchor);
        }
        // The newest tender was found minutes before the anchor: less than a day before any time of its day.
        expect(anchor - latest('discovery_log', 'discovered_at')).toBeLessThan(30 * 60);
        expect(one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders WHERE end_date <= publish_date').n).toBe(0);
      } finally {
        db.close();
      }
    }
  });

  it('the same seed and day give the same world; another day gives the same tenders shifted by whole days, the archive unmoved', () => {
    const morning = makeCatalogue(SEED, 1500, '2027-03-10T08:00:00+03:00');
    const evening = makeCatalogue(SEED, 1500, '2027-03-10T22:00:00+03:00');
    const later = makeCatalogue(SEED, 1500, '2027-05-19T12:00:00+03:00');
    const days = 70;
    // What belongs to the archival tenders (D-WORLD-7): history, which does not move with the day.
    const archival = new Set(archivalTenderIds(catalogueAnchor(unixSeconds('2027-03-10T08:00:00+03:00'))));
    expect(archival.size).toBe(1);
    const archivalContracts = new Set(all<{ id: number; tender_id: number }>(morning, 'SELECT id, tender_id FROM contracts').filter((c) => archival.has(c.tender_id)).map((c) => c.id));
    expect(archivalContracts.size).toBeGreaterThan(0);
    const isArchival = (table: string, row: Record<string, unknown>): boolean => {
      if (table === 'tenders') return archival.has(row.id as number);
      if (table === 'tender_versions') return archival.has(row.tender_id as number);
      if (table === 'contracts') return archival.has(row.tender_id as number);
      if (table === 'contract_versions') return archivalContracts.has(row.contract_id as number);
      return row.kind === 'tender' ? archival.has(row.object_id as number) : archivalContracts.has(row.object_id as number);
    };
    try {
      for (const table of Object.keys(TIMES)) {
        const rows = (db: Database.Database) => all<Record<string, unknown>>(db, `SELECT * FROM ${table} ORDER BY ${KEYS[table]}`);
        const [a, b, c] = [rows(morning), rows(evening), rows(later)];
        expect(b).toEqual(a);
        expect(c).toHaveLength(a.length);
        a.forEach((row, i) => {
          const shift = isArchival(table, row) ? 0 : days * DAY;
          for (const column of TIMES[table]!) {
            expect(unixSeconds(c[i]![column] as string) - unixSeconds(row[column] as string), `${table} ${column}`).toBe(shift);
          }
          for (const column of ['customer_id', 'okpd2', 'positions_count', 'status', 'price', 'version', 'tender_id', 'supplier_id', 'stage', 'paid', 'object_id']) {
            if (column in row) expect(c[i]![column], `${table} ${column}`).toEqual(row[column]);
          }
        });
      }
    } finally {
      morning.close();
      evening.close();
      later.close();
    }
  });
});

describe('what a catalogue holds is coherent', () => {
  let db: Database.Database;
  let tenders: TenderRow[];
  let orgs: Map<number, OrganizationRow>;

  beforeAll(() => {
    db = makeCatalogue(SEED, N);
    tenders = all<TenderRow>(db, 'SELECT * FROM tenders ORDER BY id');
    orgs = new Map(all<OrganizationRow>(db, 'SELECT * FROM organizations').map((o) => [o.id, o]));
  });
  afterAll(() => db.close());

  it('dates agree with statuses: published before the deadline, a result after it, a contract signed on the result', () => {
    const anchor = catalogueAnchor(unixSeconds(FIXED_NOW));
    const versions = all<TenderVersionRow>(db, 'SELECT * FROM tender_versions ORDER BY tender_id, version');
    const byTender = new Map<number, TenderVersionRow[]>();
    for (const v of versions) byTender.set(v.tender_id, [...(byTender.get(v.tender_id) ?? []), v]);
    const signs = new Map<number, string[]>();
    for (const c of all<ContractRow>(db, 'SELECT * FROM contracts')) signs.set(c.tender_id, [...(signs.get(c.tender_id) ?? []), c.sign_date]);
    for (const t of tenders) {
      const list = byTender.get(t.id)!;
      for (const v of list) expect(v.end_date > t.publish_date, `tender ${t.id} v${v.version}`).toBe(true);
      const last = list[list.length - 1]!;
      if (t.status === 2) {
        // The completing version: decided after the deadline; its contract signed after the decision.
        expect(last.update_date > last.end_date, `tender ${t.id}`).toBe(true);
        for (const sign of signs.get(t.id)!) expect(sign >= last.update_date, `tender ${t.id} signed ${sign}`).toBe(true);
      }
      if (t.status === 3) expect(unixSeconds(last.update_date)).toBeLessThanOrEqual(anchor);
      if (t.status === 1 && unixSeconds(t.end_date) <= anchor) expect(anchor - unixSeconds(t.end_date)).toBeLessThanOrEqual(3 * DAY);
    }
  });

  it('regions agree: a tender is in its customer’s region, the region of the INN (first two digits) and of the address', () => {
    for (const t of tenders) {
      const customer = orgs.get(t.customer_id)!;
      expect(t.region, `tender ${t.id}`).toBe(customer.region);
      expect(Number(customer.inn.slice(0, 2)), `tender ${t.id}`).toBe(t.region);
    }
    for (const o of orgs.values()) {
      const region = regionByCode(o.region);
      expect(Number(o.inn.slice(0, 2)), `organization ${o.id}`).toBe(o.region);
      expect(region.cities.some((c) => o.address.includes(`г. ${c.name},`)), `${o.address} in ${region.name}`).toBe(true);
      if (region.kind !== 'city' && region.code !== 99) expect(o.address, `organization ${o.id}`).toContain(region.name);
    }
  });

  it('keywords find what they name: «компьютер» finds computers, not CT scanners; «томограф» finds only tomographs', () => {
    const hits = (keyword: string): TenderRow[] => {
      const ids = new Set(all<{ rowid: number }>(db, 'SELECT rowid FROM tender_fts WHERE tender_fts MATCH ?', ftsQuery([keyword])).map((r) => r.rowid));
      return tenders.filter((t) => ids.has(t.id));
    };
    const computers = hits('компьютер');
    expect(computers.length).toBeGreaterThan(20);
    for (const t of computers) expect(tenderTopic(t), `${t.id}: ${t.title}`).toBe('computers');
    const scanners = tenders.filter((t) => t.okpd2.split(' ').includes('26.60.11.111'));
    expect(scanners.length).toBeGreaterThan(0);
    const tomographs = hits('томограф');
    expect(tomographs.map((t) => t.id)).toEqual(scanners.map((t) => t.id));
    for (const t of scanners) expect(`${t.title} ${t.description}`.toLowerCase()).not.toContain('компьютер');
  });

  it('prices follow what is bought: every position’s unit price is within its OKPD2 class’s range, one of a service', () => {
    let positions = 0;
    const check = (p: { okpd2_code: string; price: number; quantity: number; unit: string }, where: string): void => {
      const [low, high] = okpd2Entry(p.okpd2_code).unitPrice;
      expect(p.price, `${where}: ${p.quantity} × ${p.price} of ${p.okpd2_code}`).toBeGreaterThanOrEqual(low * 0.5);
      expect(p.price, `${where}: ${p.quantity} × ${p.price} of ${p.okpd2_code}`).toBeLessThanOrEqual(high * 1.5);
      expect(p.quantity).toBeGreaterThanOrEqual(1);
      if (p.unit === 'усл. ед') expect(p.quantity).toBe(1);
      positions++;
    };
    for (const t of tenders) for (const p of tenderPositions(SEED, t, t, 1, 300)) check(p, `tender ${t.id}`);
    for (const c of all<ContractRow>(db, 'SELECT * FROM contracts')) {
      for (const p of contractPositions(SEED, c, tenders[c.tender_id - 1]!, null, 1, 300)) check(p, `contract ${c.id}`);
    }
    expect(positions).toBeGreaterThan(N);
    // A CT scanner tender costs tens of millions a scanner, and buys a few at most.
    for (const t of tenders.filter((x) => x.okpd2 === '26.60.11.111')) {
      expect(t.positions_count).toBeLessThanOrEqual(1);
      expect(t.price).toBeGreaterThanOrEqual(15_000_000);
    }
  });
});
