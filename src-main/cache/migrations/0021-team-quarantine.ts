/**
 * One bad teammate's row must not stop a pull (issue 27): a team database is written by every teammate.
 * - `team_quarantine`: a pulled row this cache could not take (an id past 2^53, a body that is not an object or
 *   names another id, a negative version, a time that cannot be read or lies in the future, a row the cache's own
 *   checks refused). Kept whole (`row`, JSON of the row as read) with why (`reason`, `detail`), keyed by its table
 *   and its key there, so the pull goes on with the other rows, names this one, and takes it later when it can (a
 *   time that has come: `released_at`). `team_id`: the team database it came from.
 * - Marks pinned by a change dated far ahead (9999-12-31 made every later edit of the field fail: the local
 *   change is stamped just past the field's clock, and no time is past that one): each pulled change dated more
 *   than ten minutes past now moves to the quarantine, and a field whose clock it held is freed (its clock
 *   forgotten), so the next edit here stamps its own time again and wins.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0021: Migration = {
  version: 21,
  name: 'team-quarantine',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE team_quarantine (
        quarantine_id  INTEGER PRIMARY KEY,
        team_table     TEXT NOT NULL,
        row_key        TEXT NOT NULL,
        team_id        TEXT,
        machine_id     TEXT NOT NULL,
        reason         TEXT NOT NULL,
        detail         TEXT,
        row            TEXT NOT NULL,
        pulled_at      TEXT NOT NULL,
        released_at    TEXT
      );
      CREATE UNIQUE INDEX team_quarantine_key ON team_quarantine (team_table, row_key);
      CREATE INDEX team_quarantine_pending ON team_quarantine (quarantine_id) WHERE released_at IS NULL;

      INSERT OR IGNORE INTO team_quarantine (team_table, row_key, team_id, machine_id, reason, detail, row, pulled_at)
        SELECT 'shared_change', c.machine_id || ':' || c.origin_seq, NULL, c.machine_id, 'future', c.at,
               json_object('machineId', c.machine_id, 'localSeq', CAST(c.origin_seq AS TEXT), 'entity', c.entity, 'key', c.key,
                           'field', c.field, 'value', c.value, 'at', c.at, 'author', c.author),
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          FROM shared_change c
         WHERE c.origin_seq IS NOT NULL AND c.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes');
      DELETE FROM shared_clock
       WHERE at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes') AND machine_id <> (SELECT machine_id FROM team_self);
      DELETE FROM shared_change
       WHERE origin_seq IS NOT NULL AND at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes');
    `);
  },
};
