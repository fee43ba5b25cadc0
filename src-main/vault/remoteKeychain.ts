/**
 * The keychain served by another thread of the same process.
 *
 * keytar (libsecret) must be loaded in ONE thread per process: loading it again in a second or third worker
 * thread re-registers GLib's types and can hang. The core runs in a worker thread that is replaced when it
 * crashes (and on a damaged cache), so the core never loads keytar itself: its `KeychainBackend` is this
 * proxy, and the host thread (Electron's main process, browser mode's server) answers with its own backend
 * (keytar, loaded once). Both sides stay in the main process: the token never reaches the renderer.
 *
 * Errors cross as plain data: a `VaultUnavailableError` keeps its reason (so the user still reads what to do),
 * anything else its message, which the vault on the core side scrubs and classifies as it would keytar's own.
 */
import { VaultUnavailableError, type KeychainBackend, type VaultUnavailableReason } from './tokenVault';

export const keychainOperations = ['getPassword', 'setPassword', 'deletePassword'] as const;
export type KeychainOperation = (typeof keychainOperations)[number];

/** A keychain call as it crosses the thread boundary (service, account[, password]). */
export interface KeychainRequest {
  readonly op: KeychainOperation;
  readonly args: readonly string[];
}

/** Why a served keychain call failed, as plain data. */
export type KeychainFailure =
  | { readonly kind: 'unavailable'; readonly reason: VaultUnavailableReason; readonly detail: string }
  | { readonly kind: 'error'; readonly message: string };

export type KeychainReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly failure: KeychainFailure };

/** The thread that owns the keychain runs one request on its backend; never throws. */
export async function serveKeychainRequest(backend: KeychainBackend, request: KeychainRequest): Promise<KeychainReply> {
  try {
    if (!keychainOperations.includes(request.op) || !request.args.every((a) => typeof a === 'string')) {
      throw new Error(`not a keychain request: ${String(request.op)}`);
    }
    const [service = '', account = '', password = ''] = request.args;
    const value =
      request.op === 'getPassword'
        ? await backend.getPassword(service, account)
        : request.op === 'setPassword'
          ? await backend.setPassword(service, account, password)
          : await backend.deletePassword(service, account);
    return { ok: true, value: value ?? null };
  } catch (error) {
    if (error instanceof VaultUnavailableError) {
      return { ok: false, failure: { kind: 'unavailable', reason: error.reason, detail: error.detail } };
    }
    return { ok: false, failure: { kind: 'error', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** The error a failed served call stands for, on the asking side. */
export function keychainFailureError(failure: KeychainFailure): Error {
  return failure.kind === 'unavailable' ? new VaultUnavailableError(failure.reason, failure.detail) : new Error(failure.message);
}

/**
 * A `KeychainBackend` whose every call is `ask`ed of the thread that owns the keychain. `ask` resolves with
 * that thread's reply; the vault's own time limit still applies to the whole round trip.
 */
export function remoteKeychain(ask: (request: KeychainRequest) => Promise<KeychainReply>): KeychainBackend {
  const call = async (request: KeychainRequest): Promise<unknown> => {
    const reply = await ask(request);
    if (!reply.ok) throw keychainFailureError(reply.failure);
    return reply.value;
  };
  return {
    getPassword: async (service, account) => {
      const value = await call({ op: 'getPassword', args: [service, account] });
      return typeof value === 'string' ? value : null;
    },
    setPassword: async (service, account, password) => {
      await call({ op: 'setPassword', args: [service, account, password] });
    },
    deletePassword: async (service, account) => (await call({ op: 'deletePassword', args: [service, account] })) === true,
  };
}
