/** `POST /__sandbox/tick`: the world moving on, appended consistently to the catalogue and its log. */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isValidInn } from '../../src-main/domain/identifiers';
import { tenderPositions } from '../../src-main/sandbox/data/derive';
import { applyTick } from '../../src-main/sandbox/data/tick';
import type { ContractRow, DiscoveryLogRow, TenderRow, TenderVersionRow } from '../../src-main/sandbox/data/rows';
import { all, digest, makeCatalogue, one } from './helpers';

const SEED = 99;
const NOW = '2026-11-21T12:30:00+03:00';

const maxSeq = (db: Database.Database): number => one<{ s: number }>(db, 'SELECT MAX(seq) AS s FROM discovery_log').s;

function checkLog(db: Database.Database): void {
  const log = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log ORDER BY seq');
  expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i + 1));
  const versions =
    one<{ n: number }>(db, 'SELECT (SELECT COUNT(*) FROM tender_versions) + (SELECT COUNT(*) FROM contract_versions) AS n').n;
  expect(log).toHaveLength(versions);
  const last = new Map<string, number>();
  for (const l of log) {
    const key = `${l.kind}:${l.object_id}`;
    expect(l.version).toBe((last.get(key) ?? 0) + 1);
    last.set(key, l.version);
  }
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM tenders t JOIN tender_versions v ON v.tender_id = t.id AND v.version = t.version WHERE v.status = t.status AND v.price = t.price AND v.end_date = t.end_date AND v.update_date = t.update_date').n)
    .toBe(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM tenders').n);
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM contracts c JOIN contract_versions v ON v.contract_id = c.id AND v.version = c.version WHERE v.stage = c.stage AND v.paid = c.paid AND v.update_date = c.update_date').n)
    .toBe(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM contracts').n);
  expect(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM tenders t WHERE t.status = 2 AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.tender_id = t.id)').n).toBe(0);
}

describe('tick', () => {
  it('appends N new tenders and M new versions (with contracts for completed ones) at the next seqs', () => {
    const db = makeCatalogue(SEED, 2500);
    const before = maxSeq(db);
    const maxTender = one<{ id: number }>(db, 'SELECT MAX(id) AS id FROM tenders').id;
    const maxContract = one<{ id: number }>(db, 'SELECT MAX(id) AS id FROM contracts').id;
    const { entries } = applyTick(db, SEED, { created: 25, updated: 40 }, NOW);

    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => before + i + 1));
    const log = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log WHERE seq > ? ORDER BY seq', before);
    expect(log.map(({ seq, kind, object_id, version }) => ({ seq, kind, object_id, version }))).toEqual(entries);
    for (const l of log) expect(l.discovered_at).toBe(NOW);

    const created = all<TenderRow>(db, 'SELECT * FROM tenders WHERE id > ? ORDER BY id', maxTender);
    expect(created.map((t) => t.id)).toEqual(Array.from({ length: 25 }, (_, i) => maxTender + i + 1));
    for (const t of created) {
      expect(t).toMatchObject({ version: 1, status: 1, publish_date: NOW, start_date: NOW, update_date: NOW });
      expect(t.end_date > NOW).toBe(true);
      expect(one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM tender_fts WHERE rowid = ?', t.id).n).toBe(1);
      const word = t.title.split(' ')[0]!;
      expect(all<{ rowid: number }>(db, 'SELECT rowid FROM tender_fts WHERE tender_fts MATCH ?', `"${word}"`).map((r) => r.rowid)).toContain(t.id);
      const positions = tenderPositions(SEED, t, t, 1, 300);
      expect(positions.reduce((s, p) => s + Math.round(p.amount * 100), 0)).toBe(Math.round(t.price * 100));
    }
    expect(new Set(all<{ etp_id: string }>(db, 'SELECT etp_id FROM tenders').map((r) => r.etp_id)).size).toBe(maxTender + 25);

    const tenderUpdates = entries.filter((e) => e.kind === 'tender' && e.version > 1);
    expect(tenderUpdates).toHaveLength(40);
    expect(new Set(tenderUpdates.map((e) => e.object_id)).size).toBe(40);
    for (const e of tenderUpdates) {
      expect(e.object_id).toBeLessThanOrEqual(maxTender);
      const v = one<TenderVersionRow>(db, 'SELECT * FROM tender_versions WHERE tender_id = ? AND version = ?', e.object_id, e.version);
      expect(v.update_date).toBe(NOW);
    }

    const newContracts = all<ContractRow>(db, 'SELECT * FROM contracts WHERE id > ? ORDER BY id', maxContract);
    expect(newContracts.length).toBeGreaterThan(0);
    for (const c of newContracts) {
      const t = one<TenderRow>(db, 'SELECT * FROM tenders WHERE id = ?', c.tender_id);
      expect(t.status).toBe(2);
      expect(t.update_date).toBe(NOW);
      expect(c).toMatchObject({ version: 1, stage: 1, paid: 0 });
      expect(c.sign_date > t.end_date).toBe(true);
      expect(c.sign_date <= NOW).toBe(true);
      expect(c.reestr_number).toMatch(/^\d{19}$/);
      expect(isValidInn(one<{ inn: string }>(db, 'SELECT inn FROM organizations WHERE id = ?', c.supplier_id).inn)).toBe(true);
    }
    expect(new Set(all<{ r: string }>(db, 'SELECT reestr_number AS r FROM contracts').map((r) => r.r)).size).toBe(maxContract + newContracts.length);

    const advanced = entries.filter((e) => e.kind === 'contract' && e.version > 1);
    for (const e of advanced) {
      const [prev, next] = all<{ stage: number; paid: number }>(db, 'SELECT stage, paid FROM contract_versions WHERE contract_id = ? AND version IN (?, ?) ORDER BY version', e.object_id, e.version - 1, e.version);
      expect(prev!.stage).toBe(1);
      expect(next!.paid > prev!.paid || next!.stage !== prev!.stage).toBe(true);
    }

    expect(one<{ value: string }>(db, "SELECT value FROM meta WHERE key = 'next_tick'").value).toBe('1');
    checkLog(db);

    const second = applyTick(db, SEED, { created: 3, updated: 5 }, '2026-11-22T10:00:00+03:00');
    expect(second.entries[0]!.seq).toBe(before + entries.length + 1);
    expect(one<{ value: string }>(db, "SELECT value FROM meta WHERE key = 'next_tick'").value).toBe('2');
    checkLog(db);
    db.close();
  });

  it('is deterministic for the same database state and seed', () => {
    const a = makeCatalogue(SEED, 2000);
    const b = makeCatalogue(SEED, 2000);
    const ta = applyTick(a, SEED, { created: 10, updated: 30 }, NOW);
    const tb = applyTick(b, SEED, { created: 10, updated: 30 }, NOW);
    expect(tb).toEqual(ta);
    expect(digest(b)).toEqual(digest(a));
    // The next tick uses the next stream, not the same choices again.
    const next = applyTick(a, SEED, { created: 0, updated: 30 }, NOW);
    expect(next.entries.map((e) => e.object_id)).not.toEqual(ta.entries.slice(10).map((e) => e.object_id));
    a.close();
    b.close();
  });

  it('a tick asking for as many updates as there are tenders gives each tender exactly one new version', () => {
    // The case the per-pick scans made quadratic: every open tender is taken, then every closed one.
    const db = makeCatalogue(SEED, 1000);
    const { entries } = applyTick(db, SEED, { created: 0, updated: 1000 }, '2027-03-01T12:00:00+03:00');
    const updates = entries.filter((e) => e.kind === 'tender').map((e) => e.object_id);
    expect(updates).toHaveLength(1000);
    expect(new Set(updates).size).toBe(1000);
    // One more than there are: nothing is left to touch in this tick, and it says so by appending fewer.
    const again = applyTick(db, SEED, { created: 0, updated: 1001 }, '2027-03-02T12:00:00+03:00');
    expect(new Set(again.entries.filter((e) => e.kind === 'tender').map((e) => e.object_id)).size).toBe(1000);
    checkLog(db);
    db.close();
  });

  it('accepts a timestamp in UTC and records it in Moscow time; zero counts append nothing', () => {
    const db = makeCatalogue(SEED, 2000);
    const before = maxSeq(db);
    expect(applyTick(db, SEED, { created: 0, updated: 0 }, NOW).entries).toEqual([]);
    const { entries } = applyTick(db, SEED, { created: 1, updated: 0 }, '2026-11-21T09:30:00Z');
    expect(entries).toHaveLength(1);
    expect(one<{ d: string }>(db, 'SELECT discovered_at AS d FROM discovery_log WHERE seq = ?', before + 1).d).toBe(NOW);
    db.close();
  });
});
