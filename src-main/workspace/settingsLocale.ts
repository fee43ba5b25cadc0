/**
 * The interface language in settings.json, read without the settings' schema (settings.ts): every `tenderwb`
 * start needs it, `--help` included, and loading zod and the IPC contract's schemas for one field cost more
 * than the whole help. The rule is the schema's own (`localeSchema.catch('ru')` in an object whose
 * every field falls back): a missing, unreadable or damaged file, or a value that is not a language, is Russian.
 * test/app/settingsLocale.test.ts checks both readers agree.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isLocale, type Locale } from '../i18n/text';

export const SETTINGS_FILE = 'settings.json';

export async function readSettingsLocale(dataDir: string): Promise<Locale> {
  try {
    const parsed: unknown = JSON.parse((await readFile(path.join(dataDir, SETTINGS_FILE), 'utf8')).replace(/^\uFEFF/, ''));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'ru';
    const { locale } = parsed as { locale?: unknown };
    return isLocale(locale) ? locale : 'ru';
  } catch {
    return 'ru';
  }
}
