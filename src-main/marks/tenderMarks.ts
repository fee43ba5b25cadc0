/** Everything marked on one tender, for its card. */
import type { CacheDb } from '../cache/database';
import { tenderMarksFor } from '../cache/markStore';
import type { TenderMarks } from '../domain/marks';

export function tenderMarks(cache: CacheDb, tenderId: number): TenderMarks {
  return tenderMarksFor(cache, [tenderId]).get(tenderId)!;
}
