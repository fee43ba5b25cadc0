/**
 * The analyst's "this flag is a false positive", remembered locally in the cache (flag_dismissal, through the
 * insight store) and forgotten again on restore. Only flags of the catalogue can be dismissed, so a typo
 * does not store a dismissal that never matches anything.
 */
import type { CacheDb } from '../../cache/database';
import { dismissFlag as storeDismissal, restoreFlag as forgetDismissal, type FlagObjectKind } from '../../cache/insightStore';
import { appError } from '../../domain/appError';
import { FLAG_CODES } from './catalogue';

function knownCode(code: string): void {
  if (!(FLAG_CODES as readonly string[]).includes(code))
    throw appError('invalid_input', `Нет флага «${code}». Флаги: ${FLAG_CODES.join(', ')}.`, `There is no flag "${code}". Flags: ${FLAG_CODES.join(', ')}.`);
}

export function dismissFlag(cache: CacheDb, code: string, kind: FlagObjectKind, id: string, note: string | null): void {
  knownCode(code);
  storeDismissal(cache, code, kind, id, note);
}

/** Whether there was such a dismissal to forget. */
export function restoreFlag(cache: CacheDb, code: string, kind: FlagObjectKind, id: string): boolean {
  knownCode(code);
  return forgetDismissal(cache, code, kind, id);
}
