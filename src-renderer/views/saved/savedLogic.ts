/**
 * Pure helpers of the Saved searches view: how near the server subscription's expiry is, and the order in
 * which saved searches are listed (newest first, a stable order: actions never make rows jump).
 */
import type { SavedSearchInfo } from '../../../src-main/contract/ipc';

export type Expiry = { kind: 'unknown' } | { kind: 'expired' } | { kind: 'soon'; hours: number } | { kind: 'ok'; days: number };

/** Within this many hours of expiry the view warns. */
export const EXPIRY_WARN_HOURS = 72;

export function expiryOf(expiresAt: string | null, now: Date): Expiry {
  if (!expiresAt) return { kind: 'unknown' };
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return { kind: 'unknown' };
  const hours = (t - now.getTime()) / 3_600_000;
  if (hours <= 0) return { kind: 'expired' };
  if (hours <= EXPIRY_WARN_HOURS) return { kind: 'soon', hours: Math.max(1, Math.floor(hours)) };
  return { kind: 'ok', days: Math.floor(hours / 24) };
}

export function hasNews(s: Pick<SavedSearchInfo, 'newSinceSeen' | 'updatedSinceSeen'>): boolean {
  return s.newSinceSeen > 0 || s.updatedSinceSeen > 0;
}

export function sortSavedSearches(list: readonly SavedSearchInfo[]): SavedSearchInfo[] {
  const time = (iso: string | null) => (iso ? Date.parse(iso) || 0 : 0);
  return [...list].sort((a, b) => time(b.createdAt) - time(a.createdAt) || a.filterId.localeCompare(b.filterId));
}

/** Share of the server's total held in the cache, 0..1, or null when the total is unknown. */
export function cachedShare(cached: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(1, cached / total);
}
