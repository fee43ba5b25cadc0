/**
 * The language of the CLI's words: the app's own choice (settings.json at the data root, `locale`), Russian by
 * default, so the CLI and the app of one installation speak the same language. main.ts reads it once per run
 * (CliContext.locale); every command speaks it, its refusals and its help included.
 */
import { readSettingsLocale } from '../workspace/settingsLocale';
import { AppError } from '../domain/appError';
import type { Bilingual } from '../domain/bilingual';
import type { Locale } from '../i18n/text';
import type { CliContext } from './context';
import { CliError } from './output';

/** The run's language (read once by main.ts into the context). */
export async function cliLocale(ctx: CliContext): Promise<Locale> {
  return ctx.locale;
}

/** The language of the installation whose data root this is. */
export async function localeOfRoot(rootDir: string): Promise<Locale> {
  return readSettingsLocale(rootDir);
}

/** A refusal of the user's input (exit 2) in the user's language. */
export const userError = (text: Bilingual, locale: Locale): CliError => new CliError(locale === 'en' ? text.en : text.ru, 2);

/**
 * Runs a reader of the core and says its refusal (an AppError: a scope not in the cache, a flag code not in the
 * catalogue) in the user's language: exit 2 for input the core refused, 1 for anything else it named.
 */
export function inUserLanguage<T>(read: () => T, locale: Locale): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AppError) throw new CliError(locale === 'en' ? e.text.en : e.text.ru, e.code === 'invalid_input' || e.code === 'not_found' ? 2 : 1);
    throw e;
  }
}
