/** What a calendar of a scope is called (its file name): «Сроки — <list or search>», «Сроки — отмеченные». */
import type { CacheDb } from '../cache/database';
import type { CalendarScope } from '../domain/calendar';
import type { Locale } from '../i18n/text';
import { tenderSetOf } from '../insights/scopes';

export function calendarFileStem(cache: CacheDb, scope: CalendarScope, locale: Locale): string {
  const deadlines = locale === 'en' ? 'Deadlines' : 'Сроки';
  if (scope.kind === 'marked') return `${deadlines} — ${locale === 'en' ? 'marked tenders' : 'отмеченные закупки'}`;
  return `${deadlines} — ${tenderSetOf(cache, scope).named.name}`;
}
