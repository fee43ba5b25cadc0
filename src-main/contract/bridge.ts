/**
 * What the preload exposes to the renderer, and under which global name. Pure: no electron, Node or DOM imports,
 * so the preload, the renderer and the main process can all import it.
 *
 * For now the bridge carries only the app version; the typed IPC contract replaces this in a later issue.
 */

/** The name of the object the preload puts on `window` via `contextBridge.exposeInMainWorld`. */
export const bridgeKey = 'tenderWorkbench';

export interface TenderWorkbenchBridge {
  /** The application version from package.json, fixed at build time. */
  readonly version: string;
}
