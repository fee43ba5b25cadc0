/**
 * An error made by the core itself (not the API's, not the cache's): a contract code and the sentence in both
 * languages. Pure, below the workbenches that throw it and the app that maps it to an `IpcError`
 * (workspace/errors.ts, `toIpcError`).
 */
import type { IpcErrorCode } from '../contract/ipc';
import type { Text } from '../i18n/text';

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: IpcErrorCode,
    readonly text: Text,
    readonly requestId: string | null = null,
  ) {
    super(text.en);
  }
}

export const appError = (code: IpcErrorCode, ru: string, en: string): AppError => new AppError(code, { ru, en });
