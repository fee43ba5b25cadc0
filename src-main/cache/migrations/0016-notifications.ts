/**
 * Notification state (rules in domain/notifications.ts): every event detected, once per channel and
 * key (the dedup), with whether it was told yet (events held during quiet hours wait here, so a restart loses
 * none), and the saved searches the analyst muted.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0016: Migration = {
  version: 16,
  name: 'notifications',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE notification (
        id          INTEGER PRIMARY KEY,
        channel     TEXT NOT NULL CHECK (channel IN ('app', 'cli')),
        key         TEXT NOT NULL,
        event       TEXT NOT NULL,
        detected_at TEXT NOT NULL,
        told_at     TEXT,
        UNIQUE (channel, key)
      );
      CREATE INDEX notification_held ON notification (channel, id) WHERE told_at IS NULL;
      CREATE TABLE notification_muted_search (
        filter_id TEXT PRIMARY KEY,
        muted_at  TEXT NOT NULL
      );
    `);
  },
};
