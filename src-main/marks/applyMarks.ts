/** One change of marks on many tenders (from results, a list, a card, the board or the CLI). */
import type { CacheDb } from '../cache/database';
import { markStore } from '../cache/markStore';
import type { MarkChange } from '../domain/marks';
import { checkMarkChange } from './markInput';

/**
 * Checks the change, applies it in one transaction and answers the tenders whose marks it changed (the
 * `marks.changed` event names them). A tender the cache does not hold may be marked: the id is what is marked.
 */
export function applyMarks(cache: CacheDb, change: MarkChange): number[] {
  checkMarkChange(change);
  return markStore(cache).apply(change);
}
