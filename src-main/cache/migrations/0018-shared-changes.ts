/** Reserved for issue 17's helper (shared-changes); filled in this session. */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0018: Migration = {
  version: 18,
  name: 'shared-changes',
  up(_db: Database.Database): void {
    // Nothing yet.
  },
};
