/**
 * The main window's security settings, kept apart from the shell (`src-main/index.ts`) so that they are plain
 * data: no `electron` import, so a Node test can read and assert them without an Electron binary. In the
 * contract, not in shell/: browser mode (web/server.ts) serves the same page under the same policy, and one
 * entry point does not import another (eslint/layers.mjs, mainApart).
 *
 * Follows Electron's security checklist: context isolation, the process sandbox, no Node integration anywhere,
 * web security on, no insecure content, no experimental or Blink features, no <webview>, a strict CSP, and only
 * https links may leave the app (to the user's browser, never inside a window of ours; contract/externalUrl.ts
 * says which, for the core too).
 */

/** The subset of Electron's `WebPreferences` that we set; the shell passes it to `BrowserWindow` as is. */
export interface SecureWebPreferences {
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly experimentalFeatures: false;
  readonly webviewTag: false;
  readonly navigateOnDragDrop: false;
  readonly safeDialogs: true;
  readonly spellcheck: false;
}

export const secureWebPreferences: SecureWebPreferences = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
});

/**
 * The renderer's Content Security Policy, as `src-renderer/index.html` carries it in its meta tag (a test checks
 * that they match; change both together). It is not sent as a header in Electron: the packaged app loads the
 * page from file://, which has no headers, and in development the dev server's React Refresh preamble is an
 * inline script placed before the meta tag, which a header would block.
 *
 * It has no `frame-ancestors`: Chromium ignores that directive in a meta tag and logs a console error on every
 * load saying so. Framing is refused by a header instead (`frameAncestorsPolicy`).
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The part of the policy that only works as a response header: no page may frame ours. Electron's shell adds it
 * to the pages it loads over http (the dev server) as a policy of its own, which restricts nothing else.
 */
export const frameAncestorsPolicy = "frame-ancestors 'none'";

/** The whole policy as a header, where the server controls the headers (browser mode's web server). */
export const contentSecurityPolicyHeader = `${contentSecurityPolicy}; ${frameAncestorsPolicy}`;

/** What the shell needs to open the main window, apart from where the preload script lives. */
export interface MainWindowOptions {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  readonly title: string;
  readonly show: false;
  readonly backgroundColor: string;
  readonly autoHideMenuBar: true;
  readonly webPreferences: SecureWebPreferences & { readonly preload: string };
}

/** The main window's constructor options; `preloadPath` is the absolute path of the built preload (`index.cjs`). */
export function createMainWindowOptions(preloadPath: string): MainWindowOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'Tender Workbench',
    // Shown on `ready-to-show`, so the user never sees an empty white frame.
    show: false,
    backgroundColor: '#f5f6f8',
    autoHideMenuBar: true,
    webPreferences: { ...secureWebPreferences, preload: preloadPath },
  };
}
