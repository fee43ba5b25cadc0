/**
 * The parent side of the core worker: starts the AppCore in a worker thread and gives the shell (Electron's
 * main process, browser mode's server) three things: `invoke` a contract method, listen to the core's events,
 * `close`. The parent thread never touches SQLite, so the window never freezes while the core works.
 *
 * - Which file runs in the worker: the TypeScript source through tsx when this module itself runs from
 *   source (tests, browser mode, the CLI), else the built `coreWorker.js` next to the built main bundle
 *   (`workerEntry` overrides it).
 * - HostPlatform calls the core makes (save dialog, download URL, opening a link) come back to this thread
 *   and run on the `platform` given here.
 * - A worker that dies is replaced (a few times a minute at most): the calls it had in hand are answered
 *   with a retryable `internal` error, and nothing delivered is lost, because every page the core stores is
 *   committed together with its cursor. Each exit is reported through `onWorkerExit` and the console.
 */
import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../threads/workerEntry';
import { isEventName, type EventName, type IpcResponse, type Locale } from '../../contract/ipc';
import type { HostPlatform, SandboxChoice } from '../appCore';

/** What a host passes the core: the entry points that start it (the shell, browser mode) import the app only through here. */
export type { HostPlatform, SandboxChoice } from '../appCore';
import { keytarBackend, type KeychainBackend } from '../../vault/tokenVault';
import { serveKeychainRequest, type KeychainRequest } from '../../vault/remoteKeychain';
import { platformMethodNames, type CoreWorkerData, type FromWorker, type PlatformMethodName, type ToWorker } from './protocol';

export interface CoreHostOptions {
  readonly dataDir: string;
  readonly sandbox: SandboxChoice;
  readonly platform: HostPlatform;
  /** The core's environment (TENDERWB_*); the parent's by default. */
  readonly env?: NodeJS.ProcessEnv;
  readonly version: string;
  /** Language of the host's own errors until the core answers `app.setLocale`; Russian by default. */
  readonly locale?: Locale;
  /** Development builds: log results that do not match the contract's result schema. */
  readonly validateResults?: boolean;
  /** The built worker file; by default `coreWorker.js` beside this module when it is built. */
  readonly workerEntry?: string;
  /**
   * The keychain the core's vault is served from, in this thread: keytar (loaded once per process) by
   * default. The core worker never loads keytar itself (see vault/remoteKeychain.ts).
   */
  readonly keychain?: KeychainBackend;
  /** Tests: a module URL exporting `createAppCore`, used instead of the app's own core. */
  readonly coreModule?: string | URL;
  /** How many times the worker may be replaced within `restartWindowMs` before the host gives up. */
  readonly maxRestarts?: number;
  readonly restartWindowMs?: number;
  /** Told whenever the worker ends unexpectedly, and whether a new one is starting. */
  readonly onWorkerExit?: (report: CoreWorkerExit) => void;
  /**
   * Every event of the core from the worker's first moment, before this host is returned: the start opens the
   * last profile's cache, whose upgrade (`cache.upgrade`) can take minutes on a large cache.
   */
  readonly onEvent?: (event: EventName, payload: unknown) => void;
}

export interface CoreWorkerExit {
  readonly exitCode: number;
  /** The uncaught error that ended the worker, if there was one. */
  readonly error: string | null;
  /** Calls that were in the worker's hands and were answered with an error. */
  readonly failedCalls: number;
  readonly restarting: boolean;
}

export interface CoreHost {
  invoke(name: string, rawArgs: unknown): Promise<IpcResponse<unknown>>;
  /** Every event of the core, in order; returns the unsubscribe function. */
  on(listener: (event: EventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** How the worker thread is started: the file and what it needs besides `workerData`. */
function workerLaunch(options: CoreHostOptions): WorkerEntry {
  if (options.workerEntry !== undefined) return { file: options.workerEntry, argv: [] };
  return workerEntry(import.meta.url, 'coreWorker');
}

const TEXT = {
  crashed: {
    ru: 'Ядро приложения аварийно остановилось и перезапущено: повторите действие. Сохранённые данные не потеряны.',
    en: 'The app core stopped unexpectedly and was restarted: try again. Stored data is not lost.',
  },
  unavailable: {
    ru: 'Ядро приложения не запускается: перезапустите приложение.',
    en: 'The app core cannot start: restart the app.',
  },
  closed: { ru: 'Приложение закрывается.', en: 'The app is closing.' },
} as const;

const DEFAULT_MAX_RESTARTS = 3;
const DEFAULT_RESTART_WINDOW_MS = 60_000;
/** How long `close` waits for the core to finish its calls and close its databases before ending the thread. */
const CLOSE_TIMEOUT_MS = 30_000;
/** After the worker said `closed`, how long it may take to end on its own. */
const EXIT_GRACE_MS = 2_000;

interface Running {
  readonly worker: Worker;
  /** Resolves once the core inside is created; rejects if it could not be. */
  readonly ready: Promise<void>;
  /** Calls sent to this worker (or waiting for it to be ready), by id. */
  readonly calls: Map<number, (response: IpcResponse<unknown>) => void>;
  isReady: boolean;
  exited: boolean;
}

export async function startCoreHost(options: CoreHostOptions): Promise<CoreHost> {
  const launch = workerLaunch(options);
  const maxRestarts = options.maxRestarts ?? DEFAULT_MAX_RESTARTS;
  const restartWindowMs = options.restartWindowMs ?? DEFAULT_RESTART_WINDOW_MS;
  const listeners = new Set<(event: EventName, payload: unknown) => void>();
  if (options.onEvent) listeners.add(options.onEvent);
  const restarts: number[] = [];
  let locale: Locale = options.locale ?? 'ru';
  let nextCallId = 1;
  let closing: Promise<void> | null = null;
  let current: Running | null = null;

  const failure = (code: 'internal', text: { ru: string; en: string }): IpcResponse<never> => ({
    ok: false,
    error: { code, message: text[locale], requestId: null },
  });

  const workerData: CoreWorkerData = {
    dataDir: options.dataDir,
    sandbox: options.sandbox,
    version: options.version,
    mode: options.platform.mode,
    platformMethods: platformMethodNames.filter((m) => typeof options.platform[m] === 'function'),
    locale,
    validateResults: options.validateResults ?? false,
    coreModule: options.coreModule === undefined ? null : String(options.coreModule),
  };

  async function runPlatformCall(running: Running, id: number, method: PlatformMethodName, args: readonly unknown[]): Promise<void> {
    let reply: ToWorker;
    try {
      const fn = options.platform[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      if (typeof fn !== 'function') throw new Error(`this host has no ${method}`);
      reply = { type: 'platform-result', id, ok: true, value: await fn.apply(options.platform, [...args]) };
    } catch (error) {
      reply = { type: 'platform-result', id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (!running.exited) running.worker.postMessage(reply);
  }

  const keychain = options.keychain ?? keytarBackend;

  async function runKeychainCall(running: Running, id: number, request: KeychainRequest): Promise<void> {
    const reply = await serveKeychainRequest(keychain, request);
    if (!running.exited) running.worker.postMessage({ type: 'keychain-result', id, reply } satisfies ToWorker);
  }

  function spawn(): Running {
    const worker = new Worker(launch.file, { workerData: { ...workerData, locale }, argv: launch.argv, env: options.env ?? process.env });
    let markReady!: () => void;
    let markFailed!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => undefined); // observed by whoever awaits it; never an unhandled rejection
    const running: Running = { worker, ready, calls: new Map(), isReady: false, exited: false };
    let lastError: string | null = null;
    let started = false;

    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          locale = message.locale;
          started = true;
          running.isReady = true;
          markReady();
          break;
        case 'start-failed':
          lastError = message.stack ?? message.message;
          markFailed(new Error(`the app core could not start: ${message.message}`));
          break;
        case 'result': {
          const resolve = running.calls.get(message.id);
          running.calls.delete(message.id);
          resolve?.(message.response);
          break;
        }
        case 'event':
          if (!isEventName(message.name)) return;
          for (const listener of listeners) {
            try {
              listener(message.name, message.payload);
            } catch (error) {
              console.error(`[core host] a listener of ${message.name} failed:`, error);
            }
          }
          break;
        case 'platform':
          void runPlatformCall(running, message.id, message.method, message.args);
          break;
        case 'keychain':
          void runKeychainCall(running, message.id, message.request);
          break;
        case 'closed':
          setTimeout(() => void worker.terminate(), EXIT_GRACE_MS).unref();
          break;
      }
    });
    worker.on('error', (error) => {
      lastError = error instanceof Error ? (error.stack ?? error.message) : String(error);
    });
    worker.on('exit', (exitCode) => {
      running.exited = true;
      markFailed(new Error(lastError ?? `the app core stopped (exit code ${exitCode})`));
      const answers = [...running.calls.values()];
      running.calls.clear();
      const text = closing !== null ? TEXT.closed : started ? TEXT.crashed : TEXT.unavailable;
      for (const resolve of answers) resolve(failure('internal', text));
      if (closing !== null || current !== running || !started) {
        if (current === running && closing === null) {
          // A replacement that could not start: give up (calls are answered as unavailable from now on).
          current = null;
          report({ exitCode, error: lastError, failedCalls: answers.length, restarting: false });
        }
        return;
      }
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0]! > restartWindowMs) restarts.shift();
      const restarting = restarts.length < maxRestarts;
      report({ exitCode, error: lastError, failedCalls: answers.length, restarting });
      if (restarting) {
        restarts.push(now);
        current = spawn();
      } else {
        current = null;
      }
    });
    return running;
  }

  function report(exit: CoreWorkerExit): void {
    console.error(
      `[core host] the core worker ended unexpectedly (exit code ${exit.exitCode}); ${exit.failedCalls} call(s) answered with an error; ` +
        (exit.restarting ? 'starting a new one.' : 'not restarting.') +
        (exit.error === null ? '' : `\n${exit.error}`),
    );
    try {
      options.onWorkerExit?.(exit);
    } catch (error) {
      console.error('[core host] onWorkerExit failed:', error);
    }
  }

  const first = spawn();
  current = first;
  try {
    await first.ready;
  } catch (error) {
    current = null;
    await first.worker.terminate();
    throw error;
  }

  return {
    invoke(name: string, rawArgs: unknown): Promise<IpcResponse<unknown>> {
      if (closing !== null) return Promise.resolve(failure('internal', TEXT.closed));
      const running = current;
      if (running === null || running.exited) return Promise.resolve(failure('internal', TEXT.unavailable));
      const id = nextCallId++;
      return new Promise<IpcResponse<unknown>>((resolve) => {
        running.calls.set(id, resolve);
        const send = (): void => {
          if (!running.calls.has(id)) return;
          try {
            running.worker.postMessage({ type: 'invoke', id, name, args: rawArgs } satisfies ToWorker);
          } catch {
            // Arguments that cannot be cloned (functions, host objects) are not arguments of any method.
            running.calls.delete(id);
            resolve({ ok: false, error: { code: 'invalid_input', message: locale === 'en' ? 'The arguments cannot be sent.' : 'Аргументы вызова не могут быть переданы.', fields: ['(arguments)'] } });
          }
        };
        // Sent at once when the core is up (so a `close` right after still finds the call ahead of it);
        // otherwise when it is, and if it never is, the exit handler answers every call of this worker.
        if (running.isReady) send();
        else running.ready.then(send, () => undefined);
      }).then((response) => {
        if (name === 'app.setLocale' && response.ok) locale = (response.value as { locale: Locale }).locale;
        return response;
      });
    },

    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    close(): Promise<void> {
      closing ??= (async () => {
        const running = current;
        current = null;
        if (running === null || running.exited) return;
        // Calls queued for a worker still starting are sent before the shutdown (their reactions come first).
        await running.ready.catch(() => undefined);
        if (running.exited) return;
        const exited = new Promise<void>((resolve) => running.worker.once('exit', () => resolve()));
        running.worker.postMessage({ type: 'shutdown' } satisfies ToWorker);
        const timer = setTimeout(() => {
          console.error('[core host] the core did not close in time; ending its thread');
          void running.worker.terminate();
        }, CLOSE_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
        listeners.clear();
      })();
      return closing;
    },
  };
}
