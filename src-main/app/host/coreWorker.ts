/**
 * The core worker: a worker thread that owns the AppCore, so every SQLite transaction (sync ingest, search
 * over a large cache, export) runs here and never on the thread that draws the window or serves browser mode.
 *
 * It answers `invoke` messages through `dispatch` (validation, handler, errors as data), forwards the core's
 * events to the parent, and gives the core a HostPlatform whose calls (save dialog, download URL, the user's
 * browser) are requests to the parent, matched to their answers by id. On `shutdown` it lets the calls in
 * flight finish, closes the core and says `closed`.
 *
 * The core and everything that may reach SQLite are imported dynamically below, after the message port is
 * set up: a core that cannot load (its native addon, a broken module) is reported to the parent as
 * `start-failed` with its reason instead of a worker that dies before it can say anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EventName, EventPayload, IpcResponse, Locale } from '../../contract/ipc';
import type { AppCore, AppCoreOptions, HostPlatform } from '../appCore';
import { remoteKeychain, type KeychainReply } from '../../vault/remoteKeychain';
import { setThreadKeychain } from '../../vault/tokenVault';
import type { CoreWorkerData, FromWorker, PlatformMethodName, ToWorker } from './protocol';

if (parentPort === null) throw new Error('coreWorker runs only as a worker thread (see coreHost.ts)');
const port = parentPort;
const data = workerData as CoreWorkerData;

const post = (message: FromWorker): void => {
  port.postMessage(message);
};

// ---------------------------------------------------------------------------------------------------------
// HostPlatform, proxied to the parent
// ---------------------------------------------------------------------------------------------------------

const platformCalls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextPlatformCall = 1;

function askParent(method: PlatformMethodName, args: readonly unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const id = nextPlatformCall++;
    platformCalls.set(id, { resolve, reject });
    post({ type: 'platform', id, method, args });
  });
}

const platform: HostPlatform = {
  mode: data.mode,
  openExternal: (url: string) => askParent('openExternal', [url]) as Promise<boolean>,
};
if (data.platformMethods.includes('chooseSavePath')) {
  platform.chooseSavePath = (defaultFileName: string) => askParent('chooseSavePath', [defaultFileName]) as Promise<string | null>;
}
if (data.platformMethods.includes('openPath')) {
  platform.openPath = (filePath: string) => askParent('openPath', [filePath]) as Promise<boolean>;
}
if (data.platformMethods.includes('publishDownload')) {
  platform.publishDownload = (filePath: string, fileName: string) => askParent('publishDownload', [filePath, fileName]) as Promise<string>;
}

// ---------------------------------------------------------------------------------------------------------
// The keychain, served by the parent
// ---------------------------------------------------------------------------------------------------------

// keytar (libsecret) is loaded in one thread per process: this worker is replaced after a crash, and a second
// load in a new thread re-registers GLib's types and can hang. So every vault here asks the parent, which
// holds the one keytar of the process (the token stays inside the main process either way).
const keychainCalls = new Map<number, (reply: KeychainReply) => void>();
let nextKeychainCall = 1;
const keychain = remoteKeychain(
  (request) =>
    new Promise<KeychainReply>((resolve) => {
      const id = nextKeychainCall++;
      keychainCalls.set(id, resolve);
      post({ type: 'keychain', id, request });
    }),
);
setThreadKeychain(keychain);

// ---------------------------------------------------------------------------------------------------------
// The core
// ---------------------------------------------------------------------------------------------------------

let locale: Locale = data.locale;

type CoreModule = { createAppCore(options: AppCoreOptions): Promise<AppCore> };

function emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
  try {
    post({ type: 'event', name: event, payload });
  } catch (error) {
    console.warn(`[core] event ${event} could not be sent to the window:`, error);
  }
}

async function startCore() {
  const [{ dispatch }, { toIpcError }, { readSettings }, coreModule] = await Promise.all([
    import('./dispatch'),
    import('../../workspace/errors'),
    import('../../workspace/settings'),
    (data.coreModule === null ? import('../appCore') : import(/* @vite-ignore */ data.coreModule)) as Promise<CoreModule>,
  ]);
  const core = await coreModule.createAppCore({
    dataDir: data.dataDir,
    sandbox: data.sandbox as AppCoreOptions['sandbox'],
    platform,
    env: process.env,
    version: data.version,
    emit,
    keychain,
  });
  // The language the user chose last time (errors are worded in it until `app.setLocale` changes it).
  locale = (await readSettings(data.dataDir).catch(() => null))?.locale ?? locale;
  return { core, dispatch, toIpcError };
}

const started = startCore();
started.then(
  () => post({ type: 'ready', locale }),
  (error: unknown) => {
    post({
      type: 'start-failed',
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? (error.stack ?? null) : null,
    });
    port.close();
  },
);

const inFlight = new Set<Promise<void>>();
let shuttingDown = false;

async function answer(id: number, name: string, args: unknown): Promise<void> {
  const { core, dispatch, toIpcError } = await started;
  const response: IpcResponse<unknown> = await dispatch(core.handlers, name, args, locale, { validateResult: data.validateResults });
  if (name === 'app.setLocale' && response.ok) locale = (response.value as { locale: Locale }).locale;
  try {
    post({ type: 'result', id, response });
  } catch (error) {
    // A result that cannot be cloned (a function, a class instance with private state): a bug of the core.
    console.error(`[core] the result of ${name} could not be sent:`, error);
    post({ type: 'result', id, response: { ok: false, error: toIpcError(error, locale) } });
  }
}

async function shutdown(): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  await Promise.allSettled([...inFlight]);
  try {
    const { core } = await started;
    await core.close();
  } catch (error) {
    console.error('[core] closing the core failed:', error);
  }
  post({ type: 'closed' });
  port.close();
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'invoke': {
      if (shuttingDown) {
        const text = locale === 'en' ? 'The app is closing.' : 'Приложение закрывается.';
        post({ type: 'result', id: message.id, response: { ok: false, error: { code: 'internal', message: text, requestId: null } } });
        return;
      }
      const call = answer(message.id, message.name, message.args).catch((error: unknown) => {
        // Only reached when the core never started (the parent is told by 'start-failed' as well).
        post({ type: 'result', id: message.id, response: { ok: false, error: { code: 'internal', message: String(error) } } });
      });
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call));
      break;
    }
    case 'platform-result': {
      const pending = platformCalls.get(message.id);
      if (pending === undefined) return;
      platformCalls.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.message));
      break;
    }
    case 'keychain-result': {
      const resolve = keychainCalls.get(message.id);
      keychainCalls.delete(message.id);
      resolve?.(message.reply);
      break;
    }
    case 'shutdown':
      void shutdown();
      break;
  }
});
