/**
 * A name in quotes, the way each language nests them: «Документы списка „Проверка порядка“»,
 * “Documents of list ‘Checks’”. A label that already quotes a name inside it (a list's documents job) read
 * «Документы списка «Проверка порядка»»» — doubled closing marks — when simply wrapped again.
 */
import type { Locale } from './text';

export function quoted(name: string, locale: Locale): string {
  if (locale === 'ru') return `«${name.replace(/«/g, '„').replace(/»/g, '“')}»`;
  return `“${name.replace(/“/g, '‘').replace(/”/g, '’').replace(/"([^"]*)"/g, '‘$1’')}”`;
}
