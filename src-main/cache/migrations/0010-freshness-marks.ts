/**
 * When the local mirrors of server collections were last read whole (slow paths): exports and the
 * audit answer from the cache at once instead of waiting on a rate-limited refresh, and say how fresh it is.
 * - `list_member_sync`: per list, when its members were last read from the server and how many there were.
 * - `ledger_pull`: the last complete pull of the ledger, with the charge log's last seq read BEFORE it began
 *   (every charge logged up to there was made before the ledger was read, so it must be in the mirror) and the
 *   `usage_today` of the balance fetched just before it. The audit judges the client -> ledger direction from
 *   the cache only while no charge was logged after that seq.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0010: Migration = {
  version: 10,
  name: 'freshness-marks',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE list_member_sync (
        list_id    TEXT PRIMARY KEY,
        synced_at  TEXT NOT NULL,
        members    INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE ledger_pull (
        singleton              INTEGER PRIMARY KEY CHECK (singleton = 1),
        charge_seq             INTEGER NOT NULL,
        usage_today_tenders    INTEGER NOT NULL,
        usage_today_contracts  INTEGER NOT NULL,
        pulled_at              TEXT NOT NULL
      );
    `);
  },
};
