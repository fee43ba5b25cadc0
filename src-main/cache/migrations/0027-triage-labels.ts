/**
 * Triage labels and the model learned from them (rules in domain/triageLabels.ts).
 * - `tender_mark.interest` (1 «Интересно», 0 «Неинтересно», NULL none) and `interest_at`: the explicit label,
 *   a mark like the status (it keeps the tender's mark row alive and goes with the tender's marks).
 * - `tender_mark.status_at`: when the pipeline status last changed, so a label keeps its own time and a
 *   decision changed later counts as the later one (`marked_at` moves with any tag or note). Existing statuses
 *   take `marked_at`, the best time the file holds for them.
 * - `triage_features`: each held tender's features as triage reads them (words stemmed, codes, bands), with
 *   the source they were read from (the extractor's revision, the tender's version and its newest card), so
 *   ranking 10,000 tenders reads rows instead of decoding and stemming every version. A row whose source is
 *   not the tender's now, or that does not parse, is read again from the versions: derived, never a source.
 * - `triage_model`: the model trained from the labels, one row, with the key of the labels it was trained on.
 *   It is a cache of the labels, never a source: a row that is missing, unreadable or trained on other labels
 *   is retrained from the marks (triage/model store), so nothing is lost when it is damaged.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

/**
 * The schema version that has the triage columns. The mark stores read it so that a file held at an earlier
 * version (the team suites write old caches with today's stores, as an older app did) is written without them.
 */
export const TRIAGE_SCHEMA_VERSION = 27;

export const migration0027: Migration = {
  version: TRIAGE_SCHEMA_VERSION,
  name: 'triage-labels',
  up(db: Database.Database): void {
    db.exec(`
      ALTER TABLE tender_mark ADD COLUMN interest INTEGER CHECK (interest IN (0, 1));
      ALTER TABLE tender_mark ADD COLUMN interest_at TEXT;
      ALTER TABLE tender_mark ADD COLUMN status_at TEXT;
      UPDATE tender_mark SET status_at = marked_at WHERE status IS NOT NULL;
      CREATE INDEX tender_mark_interest ON tender_mark (interest) WHERE interest IS NOT NULL;

      CREATE TABLE triage_features (
        tender_id  INTEGER PRIMARY KEY,
        source     TEXT NOT NULL,
        body       TEXT NOT NULL
      );

      CREATE TABLE triage_model (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        labels_key  TEXT NOT NULL,
        body        TEXT NOT NULL,
        trained_at  TEXT NOT NULL
      );
    `);
  },
};
