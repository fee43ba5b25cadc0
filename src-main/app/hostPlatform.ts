/**
 * What only the host can do for the core (a native save dialog, a download link, opening a browser), passed
 * in by the Electron worker or the browser-mode server. Its own module, below appCore.ts and the handlers that
 * use it, so that no handler module imports the app core that composes it (no import cycle).
 */
export interface HostPlatform {
  mode: 'electron' | 'browser';
  /** Electron: native save dialog. Browser mode: not available (undefined). Answers null when the user cancels. */
  chooseSavePath?(defaultFileName: string): Promise<string | null>;
  /** Browser mode: makes a finished file downloadable once, answers its URL path. */
  publishDownload?(filePath: string, fileName: string): Promise<string>;
  /**
   * Electron: opens a file the core made (a document's copy under a safe name) with the system's
   * program; false when the system could not. Browser mode: not available (a download instead).
   */
  openPath?(filePath: string): Promise<boolean>;
  /** Opens a vetted https URL in the user's browser. */
  openExternal(url: string): Promise<boolean>;
}
