/**
 * What the cache holds and what it costs on disk (for `cache stats` and the settings page). Counting walks
 * the tables, so it takes tens of milliseconds at a million tenders; it is not meant for every frame.
 */
import type { Statement } from 'better-sqlite3';
import { statSync } from 'node:fs';
import { perCache, type CacheDb } from './database';

export interface CacheStats {
  /** Objects with at least one version held. */
  objects: { tender: number; contract: number };
  versions: { tender: number; contract: number };
  deliveries: { total: number; billed: number; repeats: number; feedPages: number; cards: number };
  cachedCards: number;
  packs: { count: number; jsonBytes: number; storedBytes: number };
  savedSearches: number;
  lists: number;
  ledgerRows: number;
  outboxPending: number;
  disk: { pageSize: number; databaseBytes: number; walBytes: number; totalBytes: number; freeBytes: number };
}

const fileSize = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

const COUNTS = {
  tenders: 'SELECT count(*) FROM tender',
  contracts: 'SELECT count(*) FROM contract',
  versionsTender: 'SELECT count(*) FROM object_version WHERE kind = 1',
  versionsContract: 'SELECT count(*) FROM object_version WHERE kind = 2',
  deliveries: 'SELECT count(*) FROM delivery',
  billed: 'SELECT count(*) FROM delivery WHERE billed = 1',
  feedPages: "SELECT count(*) FROM delivery_request WHERE via = 'feed'",
  cards: "SELECT count(*) FROM delivery_request WHERE via = 'card'",
  cachedCards: 'SELECT count(*) FROM card',
  savedSearches: 'SELECT count(*) FROM saved_search',
  lists: 'SELECT count(*) FROM list',
  // The API's ledger only: a teammate's claimed rows (migration 0022) are not this account's charges.
  ledgerRows: 'SELECT count(*) FROM ledger_row WHERE team_machine IS NULL',
  outboxPending: "SELECT count(*) FROM outbox WHERE state = 'pending'",
  pageSize: 'SELECT page_size FROM pragma_page_size',
  pageCount: 'SELECT page_count FROM pragma_page_count',
  freePages: 'SELECT freelist_count FROM pragma_freelist_count',
} as const;

const statements = perCache((cache) => {
  const counts = {} as Record<keyof typeof COUNTS, Statement<[], number>>;
  for (const key of Object.keys(COUNTS) as (keyof typeof COUNTS)[]) counts[key] = cache.db.prepare<[], number>(COUNTS[key]).pluck();
  const packs = cache.db.prepare<[], { count: number; raw: number; stored: number }>(
    'SELECT count(*) AS count, coalesce(sum(raw_bytes), 0) AS raw, coalesce(sum(length(body)), 0) AS stored FROM version_pack',
  );
  return { counts, packs };
});

export function cacheStats(cache: CacheDb): CacheStats {
  const { counts, packs: packStatement } = statements(cache);
  const n = (key: keyof typeof COUNTS): number => counts[key].get() ?? 0;
  const pageSize = n('pageSize');
  const inMemory = cache.file === ':memory:' || cache.file === '';
  const databaseBytes = inMemory ? pageSize * n('pageCount') : fileSize(cache.file);
  const walBytes = inMemory ? 0 : fileSize(`${cache.file}-wal`);
  const packs = packStatement.get()!;
  const deliveries = n('deliveries');
  const versionsTender = n('versionsTender');
  const versionsContract = n('versionsContract');
  return {
    objects: { tender: n('tenders'), contract: n('contracts') },
    versions: { tender: versionsTender, contract: versionsContract },
    deliveries: {
      total: deliveries,
      billed: n('billed'),
      repeats: deliveries - versionsTender - versionsContract,
      feedPages: n('feedPages'),
      cards: n('cards'),
    },
    cachedCards: n('cachedCards'),
    packs: { count: packs.count, jsonBytes: packs.raw, storedBytes: packs.stored },
    savedSearches: n('savedSearches'),
    lists: n('lists'),
    ledgerRows: n('ledgerRows'),
    outboxPending: n('outboxPending'),
    disk: { pageSize, databaseBytes, walBytes, totalBytes: databaseBytes + walBytes, freeBytes: n('freePages') * pageSize },
  };
}
