/** Reserved for issue 16 (export history of ICS and other formats); filled in this session. */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0019: Migration = {
  version: 19,
  name: 'export-history-formats',
  up(_db: Database.Database): void {
    // Nothing yet.
  },
};
