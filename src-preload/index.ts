/**
 * The preload script. It runs in the sandboxed renderer before the page and is built as CommonJS
 * (`out/preload/index.cjs`), which a sandboxed preload requires. It exposes exactly the IPC contract
 * (src-main/contract/ipc.ts): `invoke` for its methods and `on` for its events, never raw `ipcRenderer`.
 * Names outside the contract are refused here, and the main process validates every argument again.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { bridgeKey, type TenderWorkbenchBridge } from '../src-main/contract/bridge';
import { eventChannel, invokeChannel, isEventName, isMethodName, type IpcResponse } from '../src-main/contract/ipc';

const refused = (what: string): IpcResponse<never> => ({ ok: false, error: { code: 'invalid_input', message: `Неизвестный вызов: ${what}` } });

const bridge: TenderWorkbenchBridge = Object.freeze({
  version: __APP_VERSION__,
  invoke: ((name: unknown, args: unknown) => {
    if (!isMethodName(name)) return Promise.resolve(refused(String(name)));
    return ipcRenderer.invoke(invokeChannel(name), args) as Promise<IpcResponse<unknown>>;
  }) as TenderWorkbenchBridge['invoke'],
  on: ((name: unknown, listener: (payload: unknown) => void) => {
    if (!isEventName(name) || typeof listener !== 'function') return () => undefined;
    const channel = eventChannel(name);
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  }) as TenderWorkbenchBridge['on'],
});

contextBridge.exposeInMainWorld(bridgeKey, bridge);
