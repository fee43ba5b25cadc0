/**
 * Stamps the file as this app's cache: `PRAGMA application_id` = "TWB1" (fileCheck.ts). With the
 * stamp, a file at open is told apart from another program's database and from an emptied one, instead of
 * being taken for a new cache. Files from before the stamp are recognised by their tables and stamped here.
 */
import type Database from 'better-sqlite3';
import { CACHE_APPLICATION_ID } from '../fileCheck';
import type { Migration } from './types';

export const migration0009: Migration = {
  version: 9,
  name: 'application-id',
  up(db: Database.Database): void {
    db.pragma(`application_id = ${CACHE_APPLICATION_ID}`);
  },
};
