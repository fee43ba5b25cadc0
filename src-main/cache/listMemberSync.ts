/**
 * When each list's members were last read whole from the server (migration 0010): an export from the cache
 * says how old its members are instead of refreshing them first (a 21,500-member refresh under the
 * rate limit kept the first byte of an export waiting for two minutes).
 */
import { perCache, type CacheDb } from './database';

export interface ListMemberSync {
  /** The members were read whole at `at` (ISO-8601): `members` of them. */
  mark(listId: string, members: number, at?: string): void;
  /** When the members were last read whole, or undefined when never (known only from this client's edits). */
  lastSync(listId: string): { syncedAt: string; members: number } | undefined;
}

function createListMemberSync(cache: CacheDb): ListMemberSync {
  const s = {
    mark: cache.db.prepare(
      `INSERT INTO list_member_sync (list_id, synced_at, members) VALUES (?, ?, ?)
       ON CONFLICT (list_id) DO UPDATE SET synced_at = excluded.synced_at, members = excluded.members`,
    ),
    get: cache.db.prepare<[string], { synced_at: string; members: number }>('SELECT synced_at, members FROM list_member_sync WHERE list_id = ?'),
  };
  return {
    mark(listId, members, at = new Date().toISOString()) {
      s.mark.run(listId, at, members);
    },
    lastSync(listId) {
      const row = s.get.get(listId);
      return row ? { syncedAt: row.synced_at, members: row.members } : undefined;
    },
  };
}

export const listMemberSync = perCache(createListMemberSync);
