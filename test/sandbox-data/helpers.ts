/** Small in-memory catalogues for the data tests, and a digest of their tables for determinism checks. */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { catalogueSchema } from '../../src-main/sandbox/store/schema';
import { generateCatalogue } from '../../src-main/sandbox/data/generate';
import { unixSeconds } from '../../src-main/sandbox/data/rows';

/**
 * The time the data tests' catalogues are made for, unless a test says otherwise: fixed, so that no test
 * depends on the date it runs on (a catalogue is made for its day: data/generate.ts, catalogueAnchor).
 */
export const FIXED_NOW = '2026-11-20T09:00:00+03:00';

export function makeCatalogue(seed: number, tenders: number, now: string = FIXED_NOW): Database.Database {
  const db = new Database(':memory:');
  db.exec(catalogueSchema);
  generateCatalogue(db, { seed, tenders, now: unixSeconds(now) });
  return db;
}

const TABLES = ['meta', 'organizations', 'tenders', 'tender_versions', 'contracts', 'contract_versions', 'discovery_log', 'tender_fts_data', 'tender_fts_idx'];

/** SHA-256 of every catalogue table in key order, including the keyword index's own pages. */
export function digest(db: Database.Database): Record<string, string> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const hash = createHash('sha256');
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().iterate()) {
      for (const cell of row as unknown[]) {
        hash.update(Buffer.isBuffer(cell) ? cell : `${typeof cell}:${String(cell)}`);
        hash.update('\u0000');
      }
    }
    out[table] = hash.digest('hex');
  }
  return out;
}

export function all<T>(db: Database.Database, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

export function one<T>(db: Database.Database, sql: string, ...params: unknown[]): T {
  return db.prepare(sql).get(...params) as T;
}
