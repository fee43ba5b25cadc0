/**
 * The one line a failed command prints, in the run's language only (a line was Russian, then English).
 * The CLI's own refusals carry both languages (CliError); the core's errors are told as the app tells them
 * (workspace/errors.ts toIpcError), an API error with the facts support asks for (code, HTTP status, request id).
 */
import { ApiError, apiErrorFacts, describeApiError } from '../api/errors';
import { toIpcError } from '../workspace/errors';
import { CacheAccessError, DamagedCacheError } from '../cache/damage';
import { isDamageError } from '../cache/fileCheck';
import { AppError } from '../domain/appError';
import { fileSystemFailure, isDiskFull } from '../domain/fileSystemErrors';
import { pick, type Locale, type Text } from '../i18n/text';
import { ProfileError } from '../profiles/profiles';
import { InvalidTokenError, VaultUnavailableError } from '../vault/tokenVault';
import { CliError } from './output';

/** Exit codes of a cache that cannot be used: distinct, so a script can tell them apart. */
export const EXIT_CACHE_DAMAGED = 6;
export const EXIT_DATA_READ_ONLY = 7;
/** A full disk: nothing saved before is lost, and the same command succeeds once there is room. */
export const EXIT_DISK_FULL = 9;

const CACHE_DAMAGED: Text = {
  ru: 'Файл кэша профиля повреждён: переместите его в сторону, затем «tenderwb cache rebuild» соберёт кэш заново.',
  en: 'The profile’s cache file is damaged: move it aside, then "tenderwb cache rebuild" makes a new one.',
};

const REBUILD_COMMAND: Text = { ru: 'Собрать кэш заново: tenderwb cache rebuild.', en: 'To rebuild the cache: tenderwb cache rebuild.' };

/** A damaged cache or a read-only data folder, with the file named, never SQLite's own words; null for any other failure. */
export function cacheFailure(e: unknown, locale: Locale): { message: string; exitCode: number } | null {
  if (e instanceof DamagedCacheError) {
    // The app offers the rebuild with a button; here the command that does it is named.
    const rebuild = e.movedTo !== null || e.reason === 'note_unreadable' ? ` ${pick(REBUILD_COMMAND, locale)}` : '';
    return { message: pick(e.text, locale) + rebuild, exitCode: EXIT_CACHE_DAMAGED };
  }
  if (e instanceof CacheAccessError) return { message: pick(e.text, locale), exitCode: EXIT_DATA_READ_ONLY };
  if (isDamageError(e)) return { message: pick(CACHE_DAMAGED, locale), exitCode: EXIT_CACHE_DAMAGED };
  return null;
}

/** The exit code of a failure that is not the cache's (cacheFailure): a full disk has its own. */
export function exitCodeOf(e: unknown): number {
  if (e instanceof CliError) return e.exitCode;
  if (isDiskFull(e) || (e instanceof AppError && e.code === 'disk_full')) return EXIT_DISK_FULL;
  return 1;
}

/** An API error: the analyst's sentence and the facts (code, HTTP status, request id), in one language. */
export function apiErrorText(e: ApiError, locale: Locale): string {
  if (locale === 'ru') return describeApiError(e);
  return `${toIpcError(e, 'en').message} (${apiErrorFacts(e, 'en')})`;
}

/** The core's sentence for a failure in the run's language; an unknown error's own message. */
export function errorText(e: unknown, locale: Locale): string {
  if (e instanceof CliError) return e.in(locale);
  if (e instanceof ApiError) return apiErrorText(e, locale);
  if (e instanceof AppError) return pick(e.text, locale);
  // A full disk or a folder in a file's place, also inside a registry's or an export's error.
  const fileSystem = fileSystemFailure(e);
  if (fileSystem) return pick(fileSystem.text, locale);
  if (e instanceof VaultUnavailableError) return locale === 'en' ? e.messageEn : e.messageRu;
  if (e instanceof InvalidTokenError || e instanceof ProfileError) return oneSideOf(e, locale);
  if (e instanceof Error) {
    const known = toIpcError(e, locale);
    return known.code === 'internal' ? e.message : known.message;
  }
  return String(e);
}

/**
 * The vault's and the profile registry's messages are written Russian first, then English (on a second line,
 * or as a second sentence group): the run's side of it, which keeps the specifics (the file, the name).
 */
function oneSideOf(e: Error, locale: Locale): string {
  const lines = e.message.split('\n');
  if (lines.length === 2) return (locale === 'en' ? lines[1] : lines[0])!;
  // «Русский текст. English text.»: the English side starts at the first Latin capital after a Cyrillic sentence.
  const m = /^(.*[А-Яа-яЁё].*?[.!?»])\s+([A-Z][^А-Яа-яЁё]*)$/s.exec(e.message);
  if (m) return locale === 'en' ? m[2]! : m[1]!;
  return toIpcError(e, locale).message;
}
