/**
 * A date as an analyst types it in a form field, read the one way every form reads it (the query builder, the
 * offline search, the price benchmark): the domain's check of a typed date (src-main/domain/calendarDate.ts),
 * with its message in the user's language.
 */
import type { Locale } from '../../src-main/contract/ipc';
import { checkTypedDate, dateProblemText } from '../../src-main/domain/calendarDate';

/** A date typed as dd.mm.yyyy (also d.m.yyyy, dd/mm/yyyy) or ISO yyyy-mm-dd → `yyyy-mm-dd`, a whole Moscow day. */
export function parseDate(text: string): string | null | 'invalid' {
  if (text.trim() === '') return null;
  const check = checkTypedDate(text);
  return check.ok ? check.iso : 'invalid';
}

/** The message for a typed date (null when empty or valid): a day that does not exist is named, not the format. */
export function dateProblem(text: string, locale: Locale): string | null {
  if (text.trim() === '') return null;
  const check = checkTypedDate(text);
  return check.ok ? null : dateProblemText(check)[locale];
}
