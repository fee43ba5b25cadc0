/**
 * Errors of the local cache. Each carries a stable `code` the UI turns into a human message, and a message
 * that already reads as one.
 */
import type { Text } from '../i18n/text';

/** The cache file was written by a newer version of the app: its schema is unknown here, so it is not touched. */
export class FutureSchemaError extends Error {
  readonly code = 'cache_future_schema';

  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `The cache file ${file} was written by a newer version of Tender Workbench (cache schema ${fileVersion}; ` +
        `this version knows schemas up to ${knownVersion}). Update the app to open it, or choose another cache file. ` +
        'The file was left unchanged.',
    );
    this.name = 'FutureSchemaError';
  }
}

/** What a caller handed to a store breaks a rule of the cache (a bug in the caller, never the user's fault). */
export class CacheInputError extends Error {
  readonly code = 'cache_invalid_input';
  /** Set where the user can cause the error (a label taken twice): then the app shows it in their language. */
  readonly text: Text | null;

  constructor(message: string | Text) {
    super(typeof message === 'string' ? message : message.en);
    this.text = typeof message === 'string' ? null : message;
    this.name = 'CacheInputError';
  }
}

/** The words of an offline search cannot be understood. The message says what to change. */
export class OfflineQueryError extends Error {
  readonly code = 'offline_query_invalid';

  /** Both languages: the app shows the user's (an English sentence leaked into the Russian UI). */
  constructor(readonly text: Text) {
    super(text.en);
    this.name = 'OfflineQueryError';
  }
}
