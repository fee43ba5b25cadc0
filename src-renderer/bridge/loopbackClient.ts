/**
 * Browser mode's contract client: the same calls as the preload, over the loopback server of `npm run web`
 * (src-main/web/server.ts).
 *
 * The per-run secret arrives once in the address's fragment (`#k=SECRET`, never sent to any server). It is read
 * here once, removed from the address bar and the history entry with `history.replaceState`, and kept only in
 * this module's memory: never in localStorage, sessionStorage, cookies or the DOM. Every bridge request carries
 * it in a header; a page without it answers a clear error instead of calling.
 *
 * Events come over one streamed response (`GET /bridge/events`, newline-delimited JSON) shared by every
 * subscription, opened on the first `on` and reopened with a growing pause when it drops.
 *
 * Whether the backend is there at all (the `npm run web` process may have been stopped) is told to
 * `onConnection` listeners: down when a request cannot reach it, up again when one does, so the page says
 * that the server stopped and how to restart it instead of showing the API's «В сети».
 */
import type { ContractClient, EventName, EventPayload, IpcError, IpcResponse, MethodName, MethodResult } from '../../src-main/contract/ipc';
import { isEventName } from '../../src-main/contract/ipc';

/** Must match src-main/web/server.ts (the renderer does not import main-process code). */
const SECRET_HEADER = 'X-Tenderwb-Secret';
const SECRET_FRAGMENT_KEY = 'k';

const MISSING_SECRET =
  'Нет ключа доступа к приложению. Откройте ссылку, которую напечатала команда `npm run web` в терминале ' +
  '(она содержит ключ и действует, пока команда работает).';
const REFUSED_SECRET =
  'Приложение не приняло ключ доступа: вероятно, `npm run web` перезапущен. Откройте новую ссылку, которую он напечатал.';
/** The page cannot reach `npm run web` at all (say so and how to restart, not «В сети»). */
export const BACKEND_GONE = 'Сервер браузерного режима остановлен. Запустите npm run web снова.';

/**
 * Takes the secret out of the fragment (once per page load) and cleans the address bar. Other fragment parts, if
 * any, are kept.
 */
function takeSecretFromLocation(): string | null {
  const hash = window.location.hash.startsWith('#') ? window.location.hash.slice(1) : window.location.hash;
  if (hash === '') return null;
  const params = new URLSearchParams(hash);
  const secret = params.get(SECRET_FRAGMENT_KEY);
  if (secret === null) return null;
  params.delete(SECRET_FRAGMENT_KEY);
  const rest = params.toString();
  const clean = window.location.pathname + window.location.search + (rest === '' ? '' : '#' + rest);
  try {
    window.history.replaceState(window.history.state, '', clean);
  } catch {
    // Some embedded browsers refuse replaceState; at worst the link stays visible in this tab's address bar.
  }
  return secret.trim() === '' ? null : secret;
}

const failure = (code: IpcError['code'], message: string): { ok: false; error: IpcError } => ({ ok: false, error: { code, message } });

function isEnvelope(value: unknown): value is IpcResponse<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) return 'value' in v;
  if (v.ok === false) {
    const e = v.error as Record<string, unknown> | undefined;
    return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string';
  }
  return false;
}

type AnyListener = (payload: unknown) => void;

export interface LoopbackClientOptions {
  /** Tests: the secret and the server origin without touching `location`. */
  secret?: string | null;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Pause before reopening a dropped event stream: first and largest, in ms. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/** The contract client plus what only browser mode has: whether its backend process is reachable. */
export interface LoopbackClient extends ContractClient {
  /** Told `false` when the backend cannot be reached, `true` when it can again; answers the unsubscribe. */
  onConnection(listener: (up: boolean) => void): () => void;
}

export function createLoopbackClient(options: LoopbackClientOptions = {}): LoopbackClient {
  const secret = options.secret !== undefined ? options.secret : takeSecretFromLocation();
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const reconnectMin = options.reconnectMinMs ?? 500;
  const reconnectMax = options.reconnectMaxMs ?? 10_000;
  /** Set when the server refused the secret: calling again cannot help until a new link is opened. */
  let refused = false;

  const listeners = new Map<EventName, Set<AnyListener>>();
  let streamAbort: AbortController | null = null;
  let streamRunning = false;
  let backendUp = true;
  const connectionListeners = new Set<(up: boolean) => void>();
  /** Told once per change, never repeated while the state holds. */
  function setBackendUp(up: boolean): void {
    if (up === backendUp) return;
    backendUp = up;
    for (const listener of [...connectionListeners]) listener(up);
  }

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    return { [SECRET_HEADER]: secret ?? '', ...extra };
  }

  async function invoke<M extends MethodName>(name: M, args: unknown): Promise<IpcResponse<MethodResult<M>>> {
    if (secret === null) return failure('unauthorized', MISSING_SECRET);
    if (refused) return failure('unauthorized', REFUSED_SECRET);
    let response: Response;
    try {
      response = await doFetch(`${base}/bridge/invoke/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(args ?? {}),
        cache: 'no-store',
        credentials: 'omit',
        redirect: 'error',
      });
    } catch {
      setBackendUp(false);
      return failure('offline', BACKEND_GONE);
    }
    setBackendUp(true);
    if (response.status === 401) {
      refused = true;
      return failure('unauthorized', REFUSED_SECRET);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return failure('internal', `Ядро приложения ответило непонятно (HTTP ${response.status}).`);
    }
    if (!isEnvelope(body)) return failure('internal', `Ядро приложения ответило непонятно (HTTP ${response.status}).`);
    return body as IpcResponse<MethodResult<M>>;
  }

  function dispatch(line: string): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    if (!isEventName(event)) return;
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`listener of ${event} failed`, error);
      }
    }
  }

  const hasListeners = (): boolean => [...listeners.values()].some((set) => set.size > 0);

  /** Reads the event stream until it ends, then reopens it after a pause, while anyone listens. */
  async function runStream(): Promise<void> {
    if (streamRunning || secret === null) return;
    streamRunning = true;
    let pause = reconnectMin;
    try {
      while (hasListeners() && !refused) {
        const abort = new AbortController();
        streamAbort = abort;
        let opened = false;
        try {
          const response = await doFetch(`${base}/bridge/events`, {
            method: 'GET',
            headers: headers({ Accept: 'application/x-ndjson' }),
            cache: 'no-store',
            credentials: 'omit',
            redirect: 'error',
            signal: abort.signal,
          });
          setBackendUp(true);
          if (response.status === 401) {
            refused = true;
            break;
          }
          if (response.ok && response.body !== null) {
            opened = true;
            pause = reconnectMin;
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = '';
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              buffer += value;
              let newline = buffer.indexOf('\n');
              while (newline >= 0) {
                dispatch(buffer.slice(0, newline));
                buffer = buffer.slice(newline + 1);
                newline = buffer.indexOf('\n');
              }
            }
          } else {
            // Drain whatever error body came, so the connection can be reused.
            await response.text().catch(() => '');
          }
        } catch {
          // Could not open (the backend is gone) or dropped or aborted: decided below.
          if (!opened && !abort.signal.aborted) setBackendUp(false);
        } finally {
          streamAbort = null;
        }
        if (!hasListeners() || abort.signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, pause));
        if (!opened) pause = Math.min(reconnectMax, pause * 2);
      }
    } finally {
      streamRunning = false;
    }
    // Someone subscribed while the loop was winding down: start again.
    if (hasListeners() && !refused) void runStream();
  }

  return {
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => void connectionListeners.delete(listener);
    },
    version: 'browser',
    invoke: (name, args) => invoke(name, args),
    on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(name);
      if (set === undefined) {
        set = new Set();
        listeners.set(name, set);
      }
      // Wrapped, so the same function subscribed twice is two subscriptions (as with the preload).
      const wrapped: AnyListener = (payload) => listener(payload as EventPayload<E>);
      set.add(wrapped);
      void runStream();
      return () => {
        listeners.get(name)?.delete(wrapped);
        if (!hasListeners()) streamAbort?.abort();
      };
    },
  };
}
