/**
 * The preload script. It runs in the sandboxed renderer before the page and is built as CommonJS
 * (`out/preload/index.cjs`), which a sandboxed preload requires. It exposes a frozen, minimal object and never
 * raw `ipcRenderer`; the typed IPC contract arrives in a later issue.
 */
import { contextBridge } from 'electron';
import { bridgeKey, type TenderWorkbenchBridge } from '../src-main/contract/bridge';

const bridge: TenderWorkbenchBridge = Object.freeze({ version: __APP_VERSION__ });

contextBridge.exposeInMainWorld(bridgeKey, bridge);
