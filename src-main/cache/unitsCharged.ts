/**
 * What this cache was charged since an instant, by its own record: every stored delivery marked billed (feed
 * pages and cards, of either API generation). The daily budget counts a Moscow day with it (current/spendGuard.ts).
 */
import type { CacheDb } from './database';

/** Units billed by the deliveries received at or after `sinceIso` (UTC ISO, the form `received_at` is stored in). */
export function unitsChargedSince(cache: CacheDb, sinceIso: string): number {
  return cache.db.prepare<[string], number | null>('SELECT sum(billed) FROM delivery_request WHERE received_at >= ?').pluck().get(sinceIso) ?? 0;
}
