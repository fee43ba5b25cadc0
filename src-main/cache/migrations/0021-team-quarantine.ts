/**
 * One bad teammate's row must not stop a pull: a team database is written by every teammate.
 * - `team_quarantine`: a pulled row this cache could not take (an id past 2^53, a body that is not an object or
 *   names another id, a negative version, a time that cannot be read or lies in the future, a row the cache's own
 *   checks refused). Kept whole (`row`, JSON of the row as read) with why (`reason`, `detail`), keyed by its table
 *   and its key there, so the pull goes on with the other rows, names this one, and takes it later when it can (a
 *   time that has come: `released_at`). `team_id`: the team database it came from.
 * - Marks pinned by a change dated far ahead (9999-12-31 made every later edit of the field fail: the local
 *   change is stamped just past the field's clock, and no time is past that one): each pulled change dated more
 *   than ten minutes past now moves to the quarantine, and a field whose clock it held is freed (its clock
 *   forgotten), so the next edit here stamps its own time again and wins. A mark's status it pinned goes back to
 *   the winner of the changes that remain (its clock too), or to none when there is none: the far-future value
 *   is the quarantine's now, not the mark's. (Other fields it held are freed, their value left as it is.)
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
      CREATE TEMP TABLE team_freed AS
        SELECT entity, key, field FROM shared_clock
         WHERE at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes') AND machine_id <> (SELECT machine_id FROM team_self);
      DELETE FROM shared_clock
       WHERE at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes') AND machine_id <> (SELECT machine_id FROM team_self);
      DELETE FROM shared_change
       WHERE origin_seq IS NOT NULL AND at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+10 minutes');

      INSERT INTO shared_clock (entity, key, field, value, at, machine_id, local_seq)
        SELECT c.entity, c.key, c.field, c.value, c.at, c.machine_id, coalesce(c.origin_seq, c.seq)
          FROM team_freed f JOIN shared_change c ON c.seq = (
                 SELECT c2.seq FROM shared_change c2 WHERE c2.entity = f.entity AND c2.key = f.key AND c2.field = f.field
                  ORDER BY c2.at DESC, c2.machine_id DESC, coalesce(c2.origin_seq, c2.seq) DESC LIMIT 1)
         WHERE f.entity = 'mark' AND f.field = 'status';
      -- Restored as a pull writes (applying = 1): not this machine's change, so not logged nor pushed as one.
      UPDATE team_self SET applying = 1;
      UPDATE tender_mark SET status = (
          SELECT json_extract(k.value, '$') FROM shared_clock k
           WHERE k.entity = 'mark' AND k.field = 'status' AND k.key = CAST(tender_mark.tender_id AS TEXT)
             AND json_valid(k.value) AND json_extract(k.value, '$') IN ('new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined'))
       WHERE CAST(tender_id AS TEXT) IN (SELECT key FROM team_freed WHERE entity = 'mark' AND field = 'status');
      UPDATE team_self SET applying = 0;
      DROP TABLE team_freed;
    `);
  },
};
