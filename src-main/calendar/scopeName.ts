/** What a calendar of a scope is called (its file name): «Сроки — <list or search>», «Сроки — отмеченные». */
import type { CacheDb } from '../cache/database';
import type { CalendarScope } from '../domain/calendar';
import type { Locale } from '../i18n/text';
import { tenderSetOf } from '../insights/scopes';

/** Whose deadlines, in words: «отмеченные закупки», or the list's or saved search's name (also the provenance's). */
export function calendarScopeName(cache: CacheDb, scope: CalendarScope, locale: Locale): string {
  if (scope.kind === 'marked') return locale === 'en' ? 'marked tenders' : 'отмеченные закупки';
  return tenderSetOf(cache, scope, locale).named.name;
}

export function calendarFileStem(cache: CacheDb, scope: CalendarScope, locale: Locale): string {
  return `${locale === 'en' ? 'Deadlines' : 'Сроки'} — ${calendarScopeName(cache, scope, locale)}`;
}
