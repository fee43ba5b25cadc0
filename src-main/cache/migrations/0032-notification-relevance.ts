/**
 * A followed search's notifications limited to relevant tenders: the triage score a delivered tender
 * must reach for the search's news to be told (per saved search; no row: every delivery is told, as before).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0032: Migration = {
  version: 32,
  name: 'notification-relevance',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE notification_min_relevance (
        filter_id     TEXT PRIMARY KEY,
        min_relevance REAL NOT NULL CHECK (min_relevance > 0 AND min_relevance < 1),
        set_at        TEXT NOT NULL
      );
    `);
  },
};
