/**
 * What the app and the CLI say while a profile's cache is upgraded at open (a migration that fills tables from
 * what the file holds: minutes on a large cache). Pure, so the renderer says the same words.
 */
import type { Locale, Messages } from './text';

const M: Messages<{ upgrading: (percent: number) => string }> = {
  ru: { upgrading: (percent) => `Обновляем кэш: ${percent} %` },
  en: { upgrading: (percent) => `Updating the cache: ${percent} %` },
};

export const cacheUpgradeText = (percent: number, locale: Locale): string => M[locale].upgrading(percent);
