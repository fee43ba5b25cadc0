/** Small in-memory catalogues for the data tests, and a digest of their tables for determinism checks. */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { catalogueSchema } from '../../src-main/sandbox/store/schema';
import { generateCatalogue } from '../../src-main/sandbox/data/generate';

export function makeCatalogue(seed: number, tenders: number): Database.Database {
  const db = new Database(':memory:');
  db.exec(catalogueSchema);
  generateCatalogue(db, { seed, tenders });
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
