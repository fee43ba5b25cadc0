/**
 * A list's name as the reference allows it (document 1, 2.6a and section 8: `name` 1-255 characters), checked
 * the same way in the app, the CLI and the core. A name over the limit is refused with a message, never cut:
 * a cut name would be saved on the server for good (list fields are immutable after creation).
 */
import type { Bilingual } from './bilingual';

export const LIST_NAME_MAX = 255;

/** Characters as a person counts them (code points), not UTF-16 units: an emoji is one. */
export const listNameLength = (name: string): number => [...name].length;

/** What is wrong with a list name (after trimming), or null when it is acceptable. */
export function listNameProblem(name: string): Bilingual | null {
  const trimmed = name.trim();
  if (trimmed === '') return { ru: 'Введите название списка.', en: 'Enter the list name.' };
  const length = listNameLength(trimmed);
  if (length > LIST_NAME_MAX) {
    return {
      ru: `Название списка длиннее ${LIST_NAME_MAX} символов (сейчас ${length}): сократите его — обрезать его мы не станем.`,
      en: `The list name is longer than ${LIST_NAME_MAX} characters (${length} now): shorten it — we will not cut it.`,
    };
  }
  return null;
}
