/**
 * Languages of the interface: Russian by default, English switchable. Each view keeps its own strings next to
 * it (`const strings = { ru: {...}, en: {...} }` typed with `Strings<>`), so views are added without a shared
 * dictionary file; `useStrings(strings)` picks the current language.
 */
import type { Locale } from '../../src-main/contract/ipc';
import { useAppStore } from '../app/store';

/** Russian is the reference; English must have every key Russian has. */
export type Strings<T extends Record<string, string | ((...args: never[]) => string)>> = { ru: T; en: T };

export function useStrings<T extends Record<string, string | ((...args: never[]) => string)>>(strings: Strings<T>): T {
  const locale = useAppStore((s) => s.locale);
  return strings[locale];
}

export function pick<T>(strings: { ru: T; en: T }, locale: Locale): T {
  return strings[locale];
}
