/**
 * A stored world reopened later lives the time it was closed (data/catchUp.ts): it reaches the present
 * without changing any version it already held, at the catalogue's pace, and stays coherent.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { catchUpWorld, MAX_CATCH_UP_DAYS, RESULT_WITHIN_DAYS, worldTime } from '../../src-main/sandbox/data/catchUp';
import { DISCOVERIES_PER_DAY, catalogueAnchor } from '../../src-main/sandbox/data/generate';
import { applyTick } from '../../src-main/sandbox/data/tick';
import { DAY, mskIso, unixSeconds, type ContractRow, type DiscoveryLogRow, type TenderRow, type TenderVersionRow } from '../../src-main/sandbox/data/rows';
import { servedStatus } from '../../src-main/sandbox/service/tenderStatus';
import { all, digest, FIXED_NOW, makeCatalogue, one } from './helpers';

const SEED = 515;
const N = 2500;
const ANCHOR = catalogueAnchor(unixSeconds(FIXED_NOW));
const at = (days: number, hour = 11): number => ANCHOR + days * DAY + hour * 3600;

/** Every stored row of the versions and the log up to `head`: what was delivered can be compared after. */
function history(db: Database.Database, head: number): unknown[] {
  return [
    all(db, 'SELECT * FROM discovery_log WHERE seq <= ? ORDER BY seq', head),
    all(db, 'SELECT * FROM tender_versions WHERE seq <= ? ORDER BY seq', head),
    all(db, 'SELECT * FROM contract_versions WHERE seq <= ? ORDER BY seq', head),
  ];
}

const headOf = (db: Database.Database): number => one<{ n: number }>(db, 'SELECT coalesce(max(seq), 0) AS n FROM discovery_log').n;

/** The coherence a reader of the world at `now` relies on; the same rules the served-world test checks. */
function expectCoherent(db: Database.Database, now: number): void {
  const nowIso = mskIso(now);
  const tenders = all<TenderRow>(db, 'SELECT * FROM tenders ORDER BY id');
  for (const t of tenders) {
    expect(t.publish_date < t.end_date, `tender ${t.id}`).toBe(true);
    expect(t.publish_date <= nowIso && t.update_date <= nowIso, `tender ${t.id} dated after ${nowIso}`).toBe(true);
    const status = servedStatus(t.status, t.end_date, now * 1000);
    if (status.name === 'Работа комиссии') {
      expect(now - unixSeconds(t.end_date), `tender ${t.id} waits since ${t.end_date}`).toBeLessThanOrEqual(RESULT_WITHIN_DAYS * DAY);
    }
  }
  // The result is the first completed version (a later one would be a correction of the same state).
  const versions = all<TenderVersionRow>(db, 'SELECT * FROM tender_versions WHERE status = 2 ORDER BY version DESC');
  const completedAt = new Map(versions.map((v) => [v.tender_id, v.update_date]));
  for (const v of versions) expect(v.update_date > v.end_date, `tender ${v.tender_id}`).toBe(true);
  const contracts = all<ContractRow>(db, 'SELECT * FROM contracts');
  const withContract = new Set(contracts.map((c) => c.tender_id));
  for (const t of tenders.filter((x) => x.status === 2)) expect(withContract.has(t.id), `tender ${t.id} has no contract`).toBe(true);
  for (const c of contracts) {
    expect(c.sign_date >= completedAt.get(c.tender_id)!, `contract ${c.id} signed before the result`).toBe(true);
    expect(c.sign_date <= nowIso && c.update_date <= nowIso, `contract ${c.id}`).toBe(true);
  }
  const log = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log ORDER BY seq');
  expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i + 1));
  for (let i = 1; i < log.length; i++) expect(log[i]!.discovered_at >= log[i - 1]!.discovered_at, `seq ${log[i]!.seq}`).toBe(true);
  expect(log[log.length - 1]!.discovered_at <= nowIso).toBe(true);
  // Every version has its log row, and each object's row is its latest version.
  expect(log).toHaveLength(one<{ n: number }>(db, 'SELECT (SELECT count(*) FROM tender_versions) + (SELECT count(*) FROM contract_versions) AS n').n);
  expect(one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders t JOIN tender_versions v ON v.tender_id = t.id AND v.version = t.version WHERE v.status = t.status AND v.price = t.price AND v.end_date = t.end_date AND v.update_date = t.update_date').n).toBe(tenders.length);
  expect(one<{ n: number }>(db, 'SELECT count(*) AS n FROM contracts c JOIN contract_versions v ON v.contract_id = c.id AND v.version = c.version WHERE v.stage = c.stage AND v.paid = c.paid AND v.update_date = c.update_date').n).toBe(contracts.length);
}

describe('catch-up at open', () => {
  it('ten days later: nothing held changes; new versions come after, discovered in the closed time, in order', () => {
    const db = makeCatalogue(SEED, N);
    const head = headOf(db);
    const before = history(db, head);
    const tendersBefore = one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders').n;
    const now = at(10);
    const result = catchUpWorld(db, SEED, now);
    expect(history(db, head)).toEqual(before);
    expect(result).toMatchObject({ from: mskIso(ANCHOR), to: mskIso(now) });
    expect(worldTime(db)).toBe(now);
    const fresh = all<DiscoveryLogRow>(db, 'SELECT * FROM discovery_log WHERE seq > ? ORDER BY seq', head);
    expect(fresh.length).toBe(result.entries);
    for (const l of fresh) {
      expect(unixSeconds(l.discovered_at)).toBeGreaterThan(ANCHOR);
      expect(unixSeconds(l.discovered_at)).toBeLessThanOrEqual(now);
    }
    // Tenders found at the catalogue's pace (weekends slower), with ids after the catalogue's.
    const found = one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders').n - tendersBefore;
    expect(found).toBe(result.tenders);
    const pace = N * DISCOVERIES_PER_DAY * 10;
    expect(found).toBeGreaterThan(pace * 0.7);
    expect(found).toBeLessThan(pace * 1.3);
    // Results of tenders open at the anchor, contracts with them, contract steps.
    const kinds = all<{ kind: string; first: number; n: number }>(db, 'SELECT kind, version = 1 AS first, count(*) AS n FROM discovery_log WHERE seq > ? AND object_id <= ? GROUP BY 1, 2', head, tendersBefore);
    expect(kinds.find((k) => k.kind === 'tender' && !k.first)?.n ?? 0).toBeGreaterThan(100);
    expect(kinds.find((k) => k.kind === 'contract' && k.first)?.n ?? 0).toBeGreaterThan(50);
    expect(kinds.find((k) => k.kind === 'contract' && !k.first)?.n ?? 0).toBeGreaterThan(10);
    expectCoherent(db, now);
    db.close();
  });

  it('no open tender waits for its result more than RESULT_WITHIN_DAYS after its deadline; a completed one comes with its contract', () => {
    const db = makeCatalogue(SEED, N);
    const openAtAnchor = all<TenderRow>(db, 'SELECT * FROM tenders WHERE status = 1');
    const now = at(45, 23);
    catchUpWorld(db, SEED, now);
    const after = new Map(all<TenderRow>(db, 'SELECT * FROM tenders').map((t) => [t.id, t]));
    let decided = 0;
    for (const t of openAtAnchor) {
      const current = after.get(t.id)!;
      if (current.status === 1) expect(now - unixSeconds(current.end_date), `tender ${t.id}`).toBeLessThan(RESULT_WITHIN_DAYS * DAY);
      else decided++;
    }
    expect(decided / openAtAnchor.length).toBeGreaterThan(0.9);
    expectCoherent(db, now);
    db.close();
  });

  it('is deterministic: the same stored state, seed and times give the same world', () => {
    const a = makeCatalogue(SEED, 1200);
    const b = makeCatalogue(SEED, 1200);
    expect(catchUpWorld(a, SEED, at(20))).toEqual(catchUpWorld(b, SEED, at(20)));
    expect(digest(b)).toEqual(digest(a));
    a.close();
    b.close();
  });

  it(`a world closed longer than ${MAX_CATCH_UP_DAYS} days lives only the last ${MAX_CATCH_UP_DAYS}, across a New Year, and is coherent`, () => {
    const db = makeCatalogue(SEED, N);
    const head = headOf(db);
    const before = history(db, head);
    const now = at(400, 15);
    const result = catchUpWorld(db, SEED, now);
    expect(history(db, head)).toEqual(before);
    expect(mskIso(now).slice(0, 4)).toBe('2027');
    const newTenders = all<{ found: string }>(db, "SELECT discovered_at AS found FROM discovery_log WHERE seq > ? AND kind = 'tender' AND version = 1", head);
    expect(newTenders.length).toBe(result.tenders);
    for (const t of newTenders) expect(now - unixSeconds(t.found)).toBeLessThanOrEqual(MAX_CATCH_UP_DAYS * DAY);
    // Every tender of the anchor's world is decided by now.
    expect(one<{ n: number }>(db, 'SELECT count(*) AS n FROM tenders WHERE status = 1 AND id <= ?', N).n).toBe(0);
    expectCoherent(db, now);
    db.close();
  });

  it('ticks and catch-ups take turns: each appends after the other, and nothing is caught up twice', () => {
    const db = makeCatalogue(SEED, 1200);
    catchUpWorld(db, SEED, at(2));
    applyTick(db, SEED, { created: 5, updated: 20 }, mskIso(at(3)));
    expect(worldTime(db)).toBe(at(3));
    const head = headOf(db);
    expect(catchUpWorld(db, SEED, at(3)).entries).toBe(0);
    expect(catchUpWorld(db, SEED, at(2)).entries).toBe(0);
    expect(headOf(db)).toBe(head);
    catchUpWorld(db, SEED, at(9));
    expectCoherent(db, at(9));
    db.close();
  });
});
