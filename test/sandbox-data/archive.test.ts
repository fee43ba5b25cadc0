/**
 * The archive (D-WORLD-7): history does not move. A catalogue's own tenders follow the clock and their 44-FZ
 * notice numbers carry their year, so each number changes when a New Year passes over it; a catalogue made
 * after the archive also holds one tender of early 2026 with fixed dates and a fixed notice number, which the
 * README's EIS link names on any later date.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_SINCE, archivalTenderIds, buildPools, catalogueAnchor } from '../../src-main/sandbox/data/generate';
import { deriveContractExtras, deriveTenderExtras, tenderPositions } from '../../src-main/sandbox/data/derive';
import { CUSTOMER_PROFILES } from '../../src-main/sandbox/data/dictionaries';
import { customerProfileOf } from '../../src-main/sandbox/data/generate';
import {
  kopecks,
  unixSeconds,
  type ContractRow,
  type ContractVersionRow,
  type DiscoveryLogRow,
  type OrganizationRow,
  type TenderRow,
  type TenderVersionRow,
} from '../../src-main/sandbox/data/rows';
import { all, makeCatalogue, one } from './helpers';

const SEED = 1;

type Archive = {
  tender: TenderRow;
  versions: TenderVersionRow[];
  contracts: ContractRow[];
  contractVersions: ContractVersionRow[];
  log: DiscoveryLogRow[];
  customer: OrganizationRow;
};

/** Everything a catalogue holds of its archival tender (the generator's marker names it). */
function archiveOf(db: Database.Database, now: string): Archive {
  const ids = archivalTenderIds(catalogueAnchor(unixSeconds(now)));
  expect(ids, now).toHaveLength(1);
  const id = ids[0]!;
  const tender = one<TenderRow>(db, 'SELECT * FROM tenders WHERE id = ?', id);
  const contracts = all<ContractRow>(db, 'SELECT * FROM contracts WHERE tender_id = ? ORDER BY id', id);
  const contractIds = contracts.map((c) => c.id);
  const log = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log ORDER BY seq').filter(
    (l) => (l.kind === 'tender' && l.object_id === id) || (l.kind === 'contract' && contractIds.includes(l.object_id)),
  );
  return {
    tender,
    versions: all<TenderVersionRow>(db, 'SELECT * FROM tender_versions WHERE tender_id = ? ORDER BY version', id),
    contracts,
    contractVersions: all<ContractVersionRow>(db, `SELECT * FROM contract_versions WHERE contract_id IN (${contractIds.join(',')}) ORDER BY contract_id, version`),
    log,
    customer: one<OrganizationRow>(db, 'SELECT * FROM organizations WHERE id = ?', tender.customer_id),
  };
}

/** An archive without what is numbered by its place in the log (seq, contract ids), which follow the catalogue's tenders. */
function history(a: Archive): unknown {
  const noSeq = <T extends { seq: number }>(rows: T[]) => rows.map(({ seq: _seq, ...rest }) => rest);
  return {
    tender: a.tender,
    versions: noSeq(a.versions),
    contracts: a.contracts.map(({ id: _id, ...rest }) => rest),
    contractVersions: a.contractVersions.map(({ seq: _seq, contract_id: _c, ...rest }) => rest),
    found: a.log.map((l) => [l.kind, l.version, l.discovered_at]),
    customer: a.customer,
  };
}

describe('the archive', () => {
  it('is the same tender with the same notice number on every day after it, across New Years and catalogue sizes', () => {
    const days = ['2026-11-20T09:00:00+03:00', '2026-12-31T23:30:00+03:00', '2027-01-01T00:10:00+03:00', '2028-03-01T12:00:00+03:00'];
    const seen: unknown[] = [];
    for (const [i, now] of days.entries()) {
      const db = makeCatalogue(SEED, i === 1 ? 1200 : 800, now);
      try {
        const a = archiveOf(db, now);
        seen.push(history(a));
        // The notice number carries the year of its publication, 2026, whatever the year of the catalogue.
        expect(a.tender.etp_id.slice(11, 13)).toBe('26');
        expect(one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders WHERE etp_id = ?', a.tender.etp_id).n).toBe(1);
      } finally {
        db.close();
      }
    }
    for (const s of seen.slice(1)) expect(s).toEqual(seen[0]);
  });

  it('is held only by catalogues anchored after it: the day before, tender 1 is a tender of the catalogue’s own window', () => {
    const before = makeCatalogue(SEED, 800, '2026-08-31T12:00:00+03:00');
    const after = makeCatalogue(SEED, 800, '2026-09-01T12:00:00+03:00');
    try {
      expect(archivalTenderIds(catalogueAnchor(unixSeconds('2026-08-31T12:00:00+03:00')))).toEqual([]);
      expect(archivalTenderIds(ARCHIVE_SINCE)).toEqual([1]);
      const first = one<TenderRow>(before, 'SELECT * FROM tenders WHERE id = 1');
      expect((ARCHIVE_SINCE - unixSeconds(first.publish_date)) / 86_400).toBeLessThan(140);
      expect(one<TenderRow>(after, 'SELECT * FROM tenders WHERE id = 1').publish_date).toBe('2026-02-02T10:12:00+03:00');
      // Every tender of the earlier catalogue lies in its window: no archive in it.
      const anchor = catalogueAnchor(unixSeconds('2026-08-31T12:00:00+03:00'));
      expect(unixSeconds(one<{ m: string }>(before, 'SELECT min(publish_date) AS m FROM tenders').m)).toBeGreaterThan(anchor - 140 * 86_400);
      // The other tenders keep their ids and what is drawn from them (a day's shift apart).
      const rows = (db: Database.Database) => all<TenderRow>(db, 'SELECT * FROM tenders WHERE id > 1 ORDER BY id');
      const [b, a] = [rows(before), rows(after)];
      expect(a).toHaveLength(b.length);
      b.forEach((t, i) => {
        const u = a[i]!;
        expect([u.id, u.customer_id, u.okpd2, u.positions_count, u.price, u.status, u.version], `tender ${t.id}`).toEqual([t.id, t.customer_id, t.okpd2, t.positions_count, t.price, t.status, t.version]);
        expect(unixSeconds(u.publish_date) - unixSeconds(t.publish_date)).toBe(86_400);
      });
    } finally {
      before.close();
      after.close();
    }
  });

  it('is coherent on its own for any seed: status with dates, its contract after the result and executed, its customer’s region and number, nothing after the archive’s date', () => {
    for (const seed of [1, 7, 26, 2612]) {
      const now = '2026-12-10T10:00:00+03:00';
      const db = makeCatalogue(seed, 700, now);
      try {
        const a = archiveOf(db, now);
        const { tender: t, customer } = a;
        // A 44-FZ electronic auction of the catalogue's first 44-FZ customer, in that customer's region.
        const pools = buildPools(seed, 700);
        expect(t.customer_id).toBe(pools.customersByLaw[0][0]);
        expect(CUSTOMER_PROFILES[customerProfileOf(pools, t.customer_id)].law).toBe(1);
        expect([t.purchase_type, t.placement_type]).toEqual([1, 1]);
        expect(t.region).toBe(customer.region);
        expect(Number(customer.inn.slice(0, 2))).toBe(t.region);
        // 19 digits: «01», the customer's region, «1», its id, the year «26», its serial (its first notice).
        expect(t.etp_id).toBe(`01${String(customer.region).padStart(2, '0')}1${String(customer.id).padStart(6, '0')}26000001`);
        // Published 02.02.2026, bids for two weeks, the result after the deadline, completed.
        expect(t.publish_date).toBe('2026-02-02T10:12:00+03:00');
        expect(a.versions.map((v) => v.status)).toEqual([1, 2]);
        expect(a.versions.every((v) => v.end_date === '2026-02-16T10:00:00+03:00')).toBe(true);
        expect(t.status).toBe(2);
        expect(t.update_date > t.end_date).toBe(true);
        // Its contract: signed in March on the result, a registry number of the customer and 2026, executed in 2026.
        expect(a.contracts.length).toBeGreaterThanOrEqual(1);
        for (const c of a.contracts) {
          expect(c.sign_date).toBe('2026-03-03T11:00:00+03:00');
          expect(c.sign_date >= t.update_date).toBe(true);
          expect(c.reestr_number).toMatch(new RegExp(`^\\d${customer.inn}26\\d{6}$`));
          expect([c.stage, c.paid]).toEqual([2, c.price]);
          expect(c.update_date > c.sign_date).toBe(true);
          expect(c.update_date < '2026-09-01').toBe(true);
          // The contract card's execution agrees: every stage paid, none planned after the last payment.
          const extras = deriveContractExtras(seed, c, t);
          expect(extras.stages.every((s) => s.paid === s.amount)).toBe(true);
          expect(extras.execution_end_date <= c.update_date).toBe(true);
        }
        // Found when each thing happened, in order, and all of it long before the catalogue's own tenders.
        expect(a.log.map((l) => l.discovered_at)).toEqual([...a.log.map((l) => l.discovered_at)].sort());
        expect(a.log[0]!.seq).toBe(1);
        for (const l of a.log) expect(unixSeconds(l.discovered_at)).toBeLessThan(ARCHIVE_SINCE - 21 * 86_400);
        // Its card derives from (seed, id) like any tender's: positions sum to its price, its EIS link is its number's.
        const positions = tenderPositions(seed, t, t, 1, 300);
        expect(positions).toHaveLength(t.positions_count);
        expect(positions.reduce((sum, p) => sum + kopecks(p.amount), 0)).toBe(kopecks(t.price));
        const extras = deriveTenderExtras(seed, t, customer, { ...a.versions.at(-1)!, price: t.price });
        expect(extras.source_url).toBe(`https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=${t.etp_id}`);
        expect(extras.documents.some((d) => d.name.startsWith('Протокол подведения итогов'))).toBe(true);
      } finally {
        db.close();
      }
    }
  });
});
