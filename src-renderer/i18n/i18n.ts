/**
 * Languages of the interface: Russian by default, English switchable. Each view keeps its own strings next to
 * it (`const strings = { ru: {...}, en: {...} }` typed with `Strings<>`), so views are added without a shared
 * dictionary file; `useStrings(strings)` picks the current language. The shapes, plural forms and names of
 * codes come from src-main/i18n/, which the main process uses for its own messages: one way of translating.
 */
import type { Locale } from '../../src-main/contract/ipc';
import type { Messages } from '../../src-main/i18n/text';
import { useLocaleStore } from './locale';

export { count, pluralForm, NOUNS, type Noun } from '../../src-main/i18n/plural';
export { quoted } from '../../src-main/i18n/quote';
export { balanceName, contractStageName, eventName, eventsText, jobStateName, lawName, tenderStageLabel, tenderStageName, tenderStatusName } from '../../src-main/i18n/codes';

/** Russian is the reference; English must have every key Russian has. */
export type Strings<T extends Record<string, string | ((...args: never[]) => string)>> = Messages<T>;

export function useStrings<T extends Record<string, string | ((...args: never[]) => string)>>(strings: Strings<T>): T {
  const locale = useLocaleStore((s) => s.locale);
  return strings[locale];
}

export function pick<T>(strings: { ru: T; en: T }, locale: Locale): T {
  return strings[locale];
}

/** The current locale, for strings that take it (counts, names of codes). */
export const useLocale = (): Locale => useLocaleStore((s) => s.locale);

/** The current locale outside React (an event handler's message). */
export const currentLocale = (): Locale => useLocaleStore.getState().locale;

/** Sets the interface language (after the core has taken it). */
export const setLocale = (locale: Locale): void => useLocaleStore.getState().setLocale(locale);
