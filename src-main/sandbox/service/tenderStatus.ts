/**
 * The status a tender is served with (decision D-STATUS-1 in docs/api-decisions.md). The catalogue records a
 * status per version (`active`, `completed`, `cancelled`), fixed when the version was made; but an `active`
 * tender stops taking bids at its deadline, and the sandbox clock moves on (real time plus `/__sandbox/clock`).
 * So when a version is served, an `active` one whose deadline has passed on the sandbox clock is shown as
 * «Работа комиссии» (the commission is at work, no result yet). Its id (1) and code (`active`) do not change:
 * it stays in the `active` set of the `status` filter (reference 4.5) until a result or a cancellation makes
 * a new version, and a client that knows statuses by id (the earlier generation has no code) reads it the same.
 *
 * Derived, not stored: the clock passing a deadline makes no new version, no `updated` event and no charge
 * (a version is charged once, whatever it shows when delivered again).
 */
import { AWAITING_RESULTS, STATUSES } from '../data/dictionaries';

export type ServedStatus = { id: number; code: string; name: string };

/** `endDate` is the version's ISO-8601 deadline; `nowMs` the sandbox clock, or null for the stored status. */
export function servedStatus(statusId: number, endDate: string | null, nowMs: number | null): ServedStatus {
  const stored = STATUSES.find((s) => s.id === statusId) ?? STATUSES[0];
  if (nowMs !== null && stored.id === 1 && endDate !== null) {
    const deadline = Date.parse(endDate);
    if (Number.isFinite(deadline) && deadline <= nowMs) return { ...AWAITING_RESULTS };
  }
  return { id: stored.id, code: stored.code, name: stored.name };
}
