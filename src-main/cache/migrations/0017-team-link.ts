/**
 * Team sync's local side: a shared PostgreSQL that a team pushes to and pulls from.
 * - `delivery_request.team_machine`: NULL for what this machine's API requests delivered; the id of the machine
 *   that first pushed it for versions and cards pulled from the team database. A push skips those (they are
 *   already there), and the cache tells "delivered here" from "pulled from the team" without a second table.
 * - `team_self`: this data folder's machine id (a random UUID made once here; every row it pushes carries it, so a
 *   pull skips its own rows), the author name its shared changes carry, and `applying`, set to 1 only inside a pull's
 *   transaction so the change-log triggers (migration 0018) do not record pulled changes as local ones: the flag
 *   commits or rolls back with the rows it guards, so a crash can never leave it set.
 * - `team_link`: one row per team database (keyed by the id the team schema gives itself, so a second database or
 *   schema starts from zero and never mixes cursors): the push cursor (JSON of the local sequences pushed so far)
 *   and the pull cursor (the server's transaction-id watermark, as text), with the times of the last run.
 * - `team_outgoing`: small tables with no order of their own (the ledger mirror keyed by the server's ids, saved
 *   searches) log their inserts and updates here through triggers, so a push reads only what changed since its
 *   cursor. Versions and cards need no log: their `request_seq` already grows with every delivery.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0017: Migration = {
  version: 17,
  name: 'team-link',
  up(db: Database.Database): void {
    db.exec(`
      ALTER TABLE delivery_request ADD COLUMN team_machine TEXT;

      CREATE TABLE team_self (
        singleton   INTEGER PRIMARY KEY CHECK (singleton = 1),
        machine_id  TEXT NOT NULL,
        author      TEXT NOT NULL DEFAULT '',
        applying    INTEGER NOT NULL DEFAULT 0 CHECK (applying IN (0, 1))
      );
      INSERT INTO team_self (singleton, machine_id) VALUES (1,
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
              substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))));

      CREATE TABLE team_link (
        team_id       TEXT PRIMARY KEY,
        schema_name   TEXT NOT NULL,
        push_cursor   TEXT NOT NULL DEFAULT '{}',
        pull_cursor   TEXT,
        last_push_at  TEXT,
        last_pull_at  TEXT
      ) WITHOUT ROWID;

      CREATE TABLE team_outgoing (
        seq     INTEGER PRIMARY KEY,
        entity  TEXT NOT NULL CHECK (entity IN ('ledger_row', 'saved_search')),
        key     TEXT NOT NULL
      );
      CREATE TRIGGER team_outgoing_ledger AFTER INSERT ON ledger_row
        WHEN (SELECT applying FROM team_self) = 0
        BEGIN INSERT INTO team_outgoing (entity, key) VALUES ('ledger_row', NEW.id); END;
      CREATE TRIGGER team_outgoing_search_new AFTER INSERT ON saved_search
        WHEN (SELECT applying FROM team_self) = 0
        BEGIN INSERT INTO team_outgoing (entity, key) VALUES ('saved_search', NEW.filter_id); END;
      CREATE TRIGGER team_outgoing_search_changed AFTER UPDATE OF label, params, events, expires_at ON saved_search
        WHEN (SELECT applying FROM team_self) = 0
        BEGIN INSERT INTO team_outgoing (entity, key) VALUES ('saved_search', NEW.filter_id); END;

      -- What the cache held before this migration was delivered here and is all still to push: nothing to fill,
      -- a push starts from request_seq 0; the ledger and saved searches held before get their log rows now.
      INSERT INTO team_outgoing (entity, key) SELECT 'ledger_row', id FROM ledger_row ORDER BY id;
      INSERT INTO team_outgoing (entity, key) SELECT 'saved_search', filter_id FROM saved_search ORDER BY created_at;
    `);
  },
};
