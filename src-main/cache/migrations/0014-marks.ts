/**
 * Marks on tenders: tags, pipeline status, assignee, notes (rules in domain/marks.ts).
 * - `mark_tag`: the tags, unique by `name_key` (the name case-folded in JavaScript: SQLite's NOCASE folds only
 *   ASCII, and «Срочно»/«срочно» must be one tag).
 * - `tender_mark`: one row per marked tender id (the id, not a version: a new version keeps the marks, and a
 *   tender the cache does not hold may be marked), with its status, assignee (`assignee_key` case-folded for
 *   the filter), the newest version held when the marks last changed and when. The row goes when nothing is
 *   marked on the tender any more.
 * - `tender_tag`, `tender_note`: a tender's tags and notes, removed with its `tender_mark` row or with the tag.
 * Nothing to fill: no marks existed before.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

const SCHEMA = `
CREATE TABLE mark_tag (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  name_key  TEXT NOT NULL UNIQUE,
  color     TEXT NOT NULL
);

CREATE TABLE tender_mark (
  tender_id       INTEGER PRIMARY KEY,
  status          TEXT CHECK (status IN ('new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined')),
  assignee        TEXT,
  assignee_key    TEXT,
  marked_version  INTEGER,
  marked_at       TEXT NOT NULL
);
CREATE INDEX tender_mark_status ON tender_mark (status) WHERE status IS NOT NULL;
CREATE INDEX tender_mark_assignee ON tender_mark (assignee_key) WHERE assignee_key IS NOT NULL;

CREATE TABLE tender_tag (
  tender_id  INTEGER NOT NULL REFERENCES tender_mark (tender_id) ON DELETE CASCADE,
  tag_id     INTEGER NOT NULL REFERENCES mark_tag (id) ON DELETE CASCADE,
  PRIMARY KEY (tender_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX tender_tag_tag ON tender_tag (tag_id);

CREATE TABLE tender_note (
  id         INTEGER PRIMARY KEY,
  tender_id  INTEGER NOT NULL REFERENCES tender_mark (tender_id) ON DELETE CASCADE,
  text       TEXT NOT NULL,
  at         TEXT NOT NULL
);
CREATE INDEX tender_note_tender ON tender_note (tender_id);
`;

export const migration0014: Migration = {
  version: 14,
  name: 'marks',
  up(db: Database.Database): void {
    db.exec(SCHEMA);
  },
};
