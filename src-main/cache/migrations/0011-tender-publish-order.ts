/**
 * An index over `tender (publish_at, id)` (the renderer at scale): the saved-search view opens by
 * publication date, newest first, and without this index its first page read every member's row to sort them
 * (~85 ms at 100,000 members, ~0.4 s at 1,000,000) before the first rows showed. With it the first page is an
 * index walk (viewQueries' `indexOrderedPage`). The cost is one more b-tree entry per tender written; the
 * write bench (bench/cache.ts) shows it.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0011: Migration = {
  version: 11,
  name: 'tender-publish-order',
  up(db: Database.Database): void {
    db.exec('CREATE INDEX tender_publish_order ON tender (publish_at, id)');
  },
};
