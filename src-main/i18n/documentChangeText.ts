/**
 * The one line that says what changed in a tender's documentation: «Техническое задание: 3 правки:
 * «30» → «45», …; Изменения в извещение: добавлен». Every surface says it with this function: the notification
 * of a marked tender (i18n/notificationText.ts), `tenderwb docs diff`'s heading line and the CLI's automatic
 * download. Each document's own part is documents/documentDiff.ts's summary; this joins them, the changed texts
 * first (they are what the analyst reads for), and keeps the line short: past `maxChars`, the rest is counted.
 */
import type { DocumentChangeFact } from '../domain/notifications';
import { count, type Noun } from './plural';
import type { Locale } from './text';

const DOCUMENT: Noun = { ru: { one: 'документ', few: 'документа', many: 'документов', other: 'документа' }, en: { one: 'document', other: 'documents' } };
const ORDER = { changed: 0, added: 1, removed: 2 } as const;

export function documentationChangeLine(changes: readonly DocumentChangeFact[], locale: Locale, maxChars = 300): string {
  const en = locale === 'en';
  if (changes.length === 0) return en ? 'The documentation did not change' : 'Документация не изменилась';
  const parts = [...changes].sort((a, b) => ORDER[a.change] - ORDER[b.change]).map((c) => (en ? c.summary.en : c.summary.ru));
  let line = '';
  for (let i = 0; i < parts.length; i++) {
    const next = line === '' ? parts[i]! : `${line}; ${parts[i]!}`;
    const rest = parts.length - i - 1;
    // The first part always stands; a later one only if the line stays short (with room for «ещё N документов»).
    if (line !== '' && next.length > maxChars - (rest > 0 ? 24 : 0)) {
      const left = parts.length - i;
      return en ? `${line}; ${count(left, DOCUMENT, locale)} more` : `${line}; ещё ${count(left, DOCUMENT, locale)}`;
    }
    line = next;
  }
  return line;
}
