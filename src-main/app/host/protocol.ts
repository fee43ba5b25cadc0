/**
 * Messages between the core host (parent thread: the Electron main process or browser mode's server) and
 * the core worker (the thread that owns the AppCore and every SQLite connection). Plain data only: every
 * message crosses `postMessage` as a structured clone.
 *
 * parent → worker: invoke a contract method, answer a platform or keychain request, shut down.
 * worker → parent: started (or failed to start), a method's answer, a contract event, a platform request,
 * a keychain request (keytar lives in the parent: one thread per process, see vault/remoteKeychain.ts).
 */
import type { IpcResponse, Locale } from '../../contract/ipc';
import type { KeychainReply, KeychainRequest } from '../../vault/remoteKeychain';

/** The HostPlatform calls the worker may ask of the parent (dialogs, downloads, the user's browser). */
export const platformMethodNames = ['chooseSavePath', 'publishDownload', 'openExternal', 'openPath'] as const;
export type PlatformMethodName = (typeof platformMethodNames)[number];

/** What the worker is started with (`workerData`). */
export interface CoreWorkerData {
  readonly dataDir: string;
  readonly sandbox: unknown;
  readonly version: string;
  readonly mode: 'electron' | 'browser';
  /** Which optional platform methods the parent has; the worker's proxy offers exactly these. */
  readonly platformMethods: readonly PlatformMethodName[];
  readonly locale: Locale;
  /** Development only: check every result against the contract's result schema and log mismatches. */
  readonly validateResults: boolean;
  /** URL of the module that exports `createAppCore`; null means the app's own (`../appCore`). Tests swap it. */
  readonly coreModule: string | null;
}

export type ToWorker =
  | { readonly type: 'invoke'; readonly id: number; readonly name: string; readonly args: unknown }
  | { readonly type: 'platform-result'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'platform-result'; readonly id: number; readonly ok: false; readonly message: string }
  | { readonly type: 'keychain-result'; readonly id: number; readonly reply: KeychainReply }
  | { readonly type: 'shutdown' };

export type FromWorker =
  | { readonly type: 'ready'; readonly locale: Locale }
  | { readonly type: 'start-failed'; readonly message: string; readonly stack: string | null }
  | { readonly type: 'result'; readonly id: number; readonly response: IpcResponse<unknown> }
  | { readonly type: 'event'; readonly name: string; readonly payload: unknown }
  | { readonly type: 'platform'; readonly id: number; readonly method: PlatformMethodName; readonly args: readonly unknown[] }
  | { readonly type: 'keychain'; readonly id: number; readonly request: KeychainRequest }
  | { readonly type: 'closed' };
