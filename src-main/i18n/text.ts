/**
 * One way of translating for the main process and the renderer: a sentence is a `Text` (Russian, the
 * reference, and English), a set of messages is a `Messages` object of such pairs or of functions that make
 * them, and the user's locale picks one side. Pure (no Node, no DOM), so the renderer imports it too
 * (eslint's layer rules list src-main/i18n/ among the pure folders).
 */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** One sentence in both languages. */
export type Text = { ru: string; en: string };

export const text = (ru: string, en: string): Text => ({ ru, en });

export const pick = (t: Text, locale: Locale): string => (locale === 'en' ? t.en : t.ru);

/** A view's or a module's strings: Russian is the reference; English must have every key Russian has. */
export type Messages<T extends Record<string, string | ((...args: never[]) => string)>> = { ru: T; en: T };
