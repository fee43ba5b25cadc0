/**
 * Every failure a handler can meet, turned into the contract's `IpcError`: a stable code, one sentence in
 * the user's language (Russian by default, English when the locale is en) and the server's request_id when
 * there was one. Unknown errors become `internal` with a generic sentence: a stack, a path or a token never
 * reaches the renderer.
 */
import type { IpcError, IpcErrorCode, Locale } from '../contract/ipc';
import { pick, type Text } from '../i18n/text';
import { ApiError, redactSecrets } from '../api/errors';
import { ProfileError } from '../profiles/profiles';
import { InvalidTokenError, VaultUnavailableError } from '../vault/tokenVault';
import { CsvExportError } from '../export/csv';
import { CacheInputError, FutureSchemaError, OfflineQueryError } from '../cache/errors';
import { CacheAccessError, DamagedCacheError } from '../cache/damage';
import { isDamageError } from '../cache/fileCheck';
import { CacheBusyError, isBusyError } from '../cache/writeRetry';
import { AppError } from '../domain/appError';
import { fileSystemFailure } from '../domain/fileSystemErrors';

export type { Text } from '../i18n/text';

/** Which contract code an API error code becomes. */
export function ipcCodeOfApi(code: string): IpcErrorCode {
  switch (code) {
    case 'network':
      return 'offline';
    case 'cancelled':
      return 'cancelled';
    case 'unauthorized':
    case 'invalid_session':
      return 'unauthorized';
    case 'balance_exhausted':
      return 'balance_exhausted';
    case 'rate_limit_exceeded':
      return 'rate_limited';
    case 'not_found':
      return 'not_found';
    case 'validation_error':
    case 'unprocessable_entity':
      return 'invalid_input';
    case 'api_key_limit_reached':
      return 'conflict';
    default:
      return 'server';
  }
}

/** English sentences for the API's codes (the client makes the Russian ones, `ApiError.userMessage`). */
function englishApiMessage(e: ApiError): string {
  const support = e.requestId ? `, quoting request ${e.requestId}` : '';
  switch (e.code) {
    case 'balance_exhausted':
      return 'The balance is exhausted: top it up and the sync continues from the same place with no repeat charge.';
    case 'unauthorized':
      return 'The service did not accept the API token: check the token in the profile settings or issue a new one in your account.';
    case 'invalid_session':
      return 'The sign-in session has expired: sign in again or give the profile a permanent API token.';
    case 'rate_limit_exceeded':
      return `Too many requests to the service: wait ${Math.max(1, Math.ceil((e.retryAfterMs ?? 60_000) / 1000))} s and the work continues.`;
    case 'network':
      return 'The service cannot be reached: check the internet connection and try again. Cached data is still available.';
    case 'timeout':
      return 'The service did not answer in time: try again in a few minutes.';
    case 'bad_response':
      return `The service sent an answer the app does not understand: try again later, and if it repeats contact support${support}.`;
    case 'cancelled':
      return 'The operation was cancelled: start it again when you are ready.';
    case 'internal_error':
      return 'The service cannot handle the request right now: try again in a few minutes.';
    case 'validation_error':
    case 'unprocessable_entity':
      return 'The service rejected the request parameters: check the filter conditions and try again.';
    case 'invalid_cursor':
      return 'The service did not accept the saved feed position: the sync starts that feed again from the search’s criteria, with a cost estimate and a spend cap like a new run.';
    case 'not_found':
      return 'Not found: it may have been deleted or belong to another user.';
    case 'api_key_limit_reached':
      return 'There are already 20 active tokens: revoke one you do not need and try again.';
    // The rest in English too, so no code is shown where a sentence exists in Russian.
    case 'cursor_expired':
      return 'The service rebuilt the filter feed: the sync continues from the new position with no repeat charge.';
    case 'daily_limit_exceeded':
      return 'The daily limit of new tenders is used up: new ones can be received again after 00:00 Moscow time; those received are still available.';
    case 'license_expired':
      return 'The API license is not active: renew it through your account manager; the balance and history stay available.';
    case 'idempotency_key_required':
    case 'method_not_allowed':
      return `Internal error of the app when calling the service: contact support${support}.`;
    default:
      return `The service answered with error "${e.code}": try again later, and if it repeats contact support${support}.`;
  }
}

const PROFILE_TEXT: Record<string, Text> = {
  invalid_profile_name: {
    ru: 'Недопустимое имя профиля: используйте латинские буквы, цифры, точку, дефис и подчёркивание.',
    en: 'Invalid profile name: use Latin letters, digits, dot, hyphen and underscore.',
  },
  invalid_base_url: {
    ru: 'Недопустимый адрес API: нужен адрес http(s) без логина, пароля, параметров и фрагмента.',
    en: 'Invalid API address: give an http(s) address with no user name, password, query or fragment.',
  },
  invalid_profile: { ru: 'Профиль заполнен неверно.', en: 'The profile is not valid.' },
  profile_exists: { ru: 'Профиль с таким именем уже есть (регистр букв не различается).', en: 'A profile with this name already exists (case is ignored).' },
  profile_not_found: { ru: 'Такого профиля нет.', en: 'There is no such profile.' },
  registry_corrupt: {
    ru: 'Файл профилей повреждён и не будет перезаписан: исправьте или переместите profiles.json в папке данных.',
    en: 'The profile registry is damaged and will not be overwritten: fix or move profiles.json in the data folder.',
  },
  registry_io: { ru: 'Не удалось прочитать или записать файл профилей.', en: 'The profile registry cannot be read or written.' },
};

const PROFILE_CODE: Record<string, IpcErrorCode> = {
  invalid_profile_name: 'invalid_input',
  invalid_base_url: 'invalid_input',
  invalid_profile: 'invalid_input',
  profile_exists: 'conflict',
  profile_not_found: 'not_found',
  registry_corrupt: 'internal',
  registry_io: 'internal',
};

const INTERNAL: Text = {
  ru: 'Внутренняя ошибка приложения: повторите действие; если ошибка повторится, перезапустите приложение.',
  en: 'Internal error of the app: try again; if it repeats, restart the app.',
};

const CACHE_REFUSED: Text = {
  ru: 'Кэш не принял данные: повторите действие; если ошибка повторится, перезапустите приложение.',
  en: 'The cache refused the data: try again; if it repeats, restart the app.',
};

const CACHE_DAMAGED: Text = {
  ru: 'Файл кэша профиля повреждён: переключитесь на другой профиль; при следующем открытии профиля файл будет перемещён в сторону, и кэш можно будет собрать заново.',
  en: 'The profile’s cache file is damaged: switch to another profile; when the profile is opened next, the file is moved aside and the cache can be rebuilt.',
};

const CACHE_BUSY: Text = {
  ru: 'Кэш профиля больше минуты занят другой программой (приложением или tenderwb): это изменение не сохранено, повторите его.',
  en: 'The profile’s cache was busy with another program (the app or tenderwb) for over a minute: this change was not saved; try it again.',
};

const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && ((e as { name?: unknown }).name === 'AbortError' || (e as { code?: unknown }).code === 'ABORT_ERR');


export function toIpcError(error: unknown, locale: Locale = 'ru'): IpcError {
  if (error instanceof AppError) return { code: error.code, message: redactSecrets(pick(error.text, locale)), requestId: error.requestId };
  if (error instanceof ApiError) {
    // A sentence the client made in both languages (an answer too large, a feed that does not advance) wins.
    const message = error.text ? pick(error.text, locale) : locale === 'en' ? englishApiMessage(error) : error.userMessage;
    return { code: ipcCodeOfApi(error.code), message: redactSecrets(message), requestId: error.requestId };
  }
  // A full disk and a folder in a file's place, also under a wrapper that kept them as its `cause`
  // (a profile registry or an export that could not be written), are one sentence, never ENOSPC or EISDIR.
  const fileSystem = fileSystemFailure(error);
  if (fileSystem) return { code: fileSystem.code, message: pick(fileSystem.text, locale), requestId: null };
  if (error instanceof VaultUnavailableError) {
    return { code: 'keychain_unavailable', message: locale === 'en' ? error.messageEn : error.messageRu, requestId: null };
  }
  if (error instanceof InvalidTokenError) {
    // The message says what is wrong with the token, never the token; Russian line first, English second.
    const [ru, en] = error.message.split('\n');
    return { code: 'invalid_input', message: (locale === 'en' ? en : ru) ?? error.message, requestId: null, fields: ['token'] };
  }
  if (error instanceof ProfileError) {
    return { code: PROFILE_CODE[error.code] ?? 'internal', message: pick(PROFILE_TEXT[error.code] ?? INTERNAL, locale), requestId: null };
  }
  if (error instanceof CsvExportError) {
    if (error.code === 'write_failed') {
      return { code: 'internal', message: pick({ ru: 'Не удалось записать файл выгрузки: проверьте место на диске и права на папку.', en: 'The export file could not be written: check the free disk space and the folder permissions.' }, locale), requestId: null };
    }
    return { code: 'invalid_input', message: pick({ ru: 'Выберите существующие столбцы выгрузки, каждый по одному разу.', en: 'Choose existing export columns, each once.' }, locale), requestId: null, fields: ['columns'] };
  }
  if (error instanceof OfflineQueryError) {
    return { code: 'invalid_input', message: redactSecrets(pick(error.text, locale)), requestId: null, fields: ['text'] };
  }
  if (error instanceof CacheInputError) {
    // Only the errors a user can cause carry both languages; the rest are the core's bugs, told in plain words.
    return { code: 'invalid_input', message: redactSecrets(pick(error.text ?? CACHE_REFUSED, locale)), requestId: null };
  }
  if (error instanceof FutureSchemaError) {
    return {
      code: 'internal',
      message: pick({ ru: 'Кэш профиля записан более новой версией приложения: обновите приложение.', en: 'The profile cache was written by a newer version of the app: update the app.' }, locale),
      requestId: null,
    };
  }
  // A damaged cache is named (the user's own file, never a secret), not an "Internal error".
  if (error instanceof DamagedCacheError) return { code: 'cache_damaged', message: pick(error.text, locale), requestId: null };
  if (error instanceof CacheAccessError) return { code: 'internal', message: pick(error.text, locale), requestId: null };
  if (isDamageError(error)) return { code: 'cache_damaged', message: pick(CACHE_DAMAGED, locale), requestId: null };
  // The other program's long transaction outlasted a minute's wait; nothing of this change was stored.
  if (error instanceof CacheBusyError || isBusyError(error)) return { code: 'conflict', message: pick(CACHE_BUSY, locale), requestId: null };
  if (isAbort(error)) return { code: 'cancelled', message: pick({ ru: 'Операция отменена.', en: 'The operation was cancelled.' }, locale), requestId: null };
  return { code: 'internal', message: pick(INTERNAL, locale), requestId: null };
}
