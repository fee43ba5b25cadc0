/**
 * The contract over Electron IPC, main-process side, without importing `electron`: one `handle` per contract
 * method, each call checked for its sender and then passed to the core host; the core's events sent to our
 * window only. The shell (src-main/index.ts) gives it `ipcMain`, the window and the host.
 */
import { eventChannel, invokeChannel, methodNames, type EventName, type IpcResponse, type Locale } from '../contract/ipc';
import { boundResponse, callTooLargeError, exceedsCallSize } from '../contract/callBounds';
import { checkIpcSender, type IpcEventFacts, type OurWindowFacts, type RendererOrigin } from './ipcSender';

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventFacts, args: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** A window that can receive events (a `BrowserWindow`). */
export interface EventTargetWindow extends OurWindowFacts {
  readonly webContents: OurWindowFacts['webContents'] & { send(channel: string, payload: unknown): void; isDestroyed(): boolean };
  isDestroyed(): boolean;
}

export interface ContractBridgeOptions {
  readonly ipcMain: IpcMainLike;
  readonly window: () => EventTargetWindow | null;
  readonly origin: RendererOrigin;
  readonly invoke: (name: string, args: unknown) => Promise<IpcResponse<unknown>>;
  /** Where refused calls are reported (never to the caller beyond a generic refusal). */
  readonly warn?: (message: string) => void;
  /** The user's language, for the refusals made here; Russian when absent. */
  readonly locale?: () => Locale;
}

const refused: IpcResponse<never> = { ok: false, error: { code: 'invalid_input', message: 'Вызов отклонён: он пришёл не из окна приложения.' } };

/** Registers a handler for every contract method; returns the function that removes them. */
export function registerContractHandlers(options: ContractBridgeOptions): () => void {
  const warn = options.warn ?? console.warn;
  for (const name of methodNames) {
    options.ipcMain.handle(invokeChannel(name), async (event, args) => {
      const verdict = checkIpcSender(event, liveWindow(options.window()), options.origin);
      if (!verdict.trusted) {
        warn(`[shell] refused ${name}: ${verdict.reason}`);
        return refused;
      }
      // An oversize call is refused here, before it is copied to the core's thread.
      if (exceedsCallSize(args)) return { ok: false, error: callTooLargeError(options.locale?.() ?? 'ru') };
      return boundResponse(await options.invoke(name, args));
    });
  }
  return () => {
    for (const name of methodNames) options.ipcMain.removeHandler(invokeChannel(name));
  };
}

const liveWindow = (w: EventTargetWindow | null): EventTargetWindow | null => (w === null || w.isDestroyed() || w.webContents.isDestroyed() ? null : w);

/** The listener to give the core host: sends each event on its contract channel to our window, if it is open. */
export function forwardEventsTo(window: () => EventTargetWindow | null): (event: EventName, payload: unknown) => void {
  return (event, payload) => {
    const target = liveWindow(window());
    if (target === null) return;
    target.webContents.send(eventChannel(event), payload);
  };
}
