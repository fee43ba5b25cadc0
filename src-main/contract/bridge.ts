/**
 * What the preload exposes to the renderer, and under which global name. Pure: no electron, Node or DOM imports,
 * so the preload, the renderer and the main process can all import it. The shape is the contract's
 * `ContractClient` (ipc.ts); browser mode builds the same object over its loopback connection.
 */
import type { ContractClient } from './ipc';

/** The name of the object the preload puts on `window` via `contextBridge.exposeInMainWorld`. */
export const bridgeKey = 'tenderWorkbench';

export type TenderWorkbenchBridge = ContractClient;
