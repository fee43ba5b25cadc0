/**
 * The Electron shell: the only file of the main process that imports `electron` (a lint rule enforces it).
 * It opens one locked-down window, loads the renderer, and joins the renderer to the app core: the core runs
 * in a worker thread (./app/host), so no SQLite work ever runs on this thread and the window never freezes.
 * Everything else lives in modules that plain Node can load and test: the window's settings and the CSP in
 * `./contract/windowOptions`, the IPC sender rules and event fan-out in `./shell/ipcSender` and `./shell/ipcBridge`.
 */
import { app, BrowserWindow, dialog, ipcMain, session, shell, type WebContents } from 'electron';
import { homedir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCoreHost, type CoreHost, type HostPlatform } from './app/host/coreHost';
import { resolveRootDir } from './profiles/profiles';
import { forwardEventsTo, registerContractHandlers } from './shell/ipcBridge';
import { rendererOrigin } from './shell/ipcSender';
import { createMainWindowOptions, frameAncestorsPolicy } from './contract/windowOptions';
import { isAllowedExternalUrl } from './contract/externalUrl';

// Built layout: out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererIndexPath = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
// Set by `electron-vite dev` to the renderer's dev server; never honoured in a packaged app.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];

let mainWindow: BrowserWindow | null = null;
let coreHost: CoreHost | null = null;

/** Only calls from our window's top frame showing this renderer are served (see ./shell/ipcSender). */
const origin = rendererOrigin({ isPackaged: app.isPackaged, devServerUrl, indexFileUrl: pathToFileURL(rendererIndexPath).href });

/** What the core may ask of the desktop: a save dialog for exports and the user's browser for https links. */
const electronPlatform: HostPlatform = {
  mode: 'electron',
  async chooseSavePath(defaultFileName) {
    // The filter follows the file offered (CSV, XLSX, ICS), so the dialog does not hide or rename it.
    const extension = extname(defaultFileName).slice(1) || 'csv';
    const options = { defaultPath: join(app.getPath('documents'), defaultFileName), filters: [{ name: extension.toUpperCase(), extensions: [extension] }] };
    const result = mainWindow === null ? await dialog.showSaveDialog(options) : await dialog.showSaveDialog(mainWindow, options);
    return result.canceled || result.filePath === undefined || result.filePath === '' ? null : result.filePath;
  },
  // A document's copy the core made under a safe name in a temporary folder (executables are refused
  // before a copy is made). shell.openPath answers an error text, empty when the system opened it.
  async openPath(filePath) {
    return (await shell.openPath(filePath)) === '';
  },
  async openExternal(url) {
    if (!isAllowedExternalUrl(url)) return false;
    await shell.openExternal(url);
    return true;
  },
};

/** Starts the core in its worker and joins it to IPC; the handlers wait for it while it starts. */
function startCore(): Promise<CoreHost> {
  const starting = (async () =>
    startCoreHost({
      dataDir: resolveRootDir(process.env, process.platform, homedir()),
      sandbox: { kind: 'embedded' },
      platform: electronPlatform,
      version: app.getVersion(),
      validateResults: !app.isPackaged,
      workerEntry: join(dirname(fileURLToPath(import.meta.url)), 'coreWorker.js'),
      // From the first moment: the start's cache upgrade is shown on the window's start screen.
      onEvent: forwardEventsTo(() => mainWindow),
    }))();
  registerContractHandlers({
    ipcMain,
    window: () => mainWindow,
    origin,
    invoke: async (name, args) => (await starting).invoke(name, args),
  });
  return starting.then((host) => {
    coreHost = host;
    return host;
  });
}

/** Sends vetted https links to the user's browser; anything else is dropped. */
function openExternally(url: string): void {
  if (isAllowedExternalUrl(url)) {
    shell.openExternal(url).catch((error: unknown) => {
      console.error('Could not open a link in the browser:', error);
    });
  }
}

/** No new windows, no navigation away from the app, no <webview>: for every web contents we ever create. */
function lockDownWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}

/**
 * Denies every permission request and check (camera, microphone, geolocation, ...) but notifications:
 * the window shows the core's `notify` events through the page's Notification API, which Electron turns into
 * the system's notifications, and a click runs the page's own handler (opening the view); one path for both
 * modes, so the shell adds nothing but this permission. Untested here (no Electron binary in this environment).
 * The CSP (`contentSecurityPolicy`, asserted by a test) is the meta tag of src-renderer/index.html: the page
 * comes from file:// in production, where there are no response headers to put it in. `frame-ancestors` works
 * only as a header (in the meta tag Chromium ignores it with a console error), so pages that do come with
 * headers (the dev server's) get it as a policy of its own (`frameAncestorsPolicy`).
 */
function lockDownSession(): void {
  const defaultSession = session.defaultSession;
  defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'notifications');
  });
  defaultSession.setPermissionCheckHandler((_contents, permission) => permission === 'notifications');
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({});
      return;
    }
    // Added beside any policy the page already has (several policies all apply), never replacing it.
    const headers = { ...details.responseHeaders };
    const key = Object.keys(headers).find((name) => name.toLowerCase() === 'content-security-policy') ?? 'Content-Security-Policy';
    headers[key] = [...(headers[key] ?? []), frameAncestorsPolicy];
    callback({ responseHeaders: headers });
  });
}

function createMainWindow(): void {
  const window = new BrowserWindow(createMainWindowOptions(preloadPath));
  mainWindow = window;
  window.once('ready-to-show', () => {
    window.show();
  });
  window.on('closed', () => {
    mainWindow = null;
  });
  const loading = devServerUrl === undefined ? window.loadFile(rendererIndexPath) : window.loadURL(devServerUrl);
  loading.catch((error: unknown) => {
    console.error('Could not load the window:', error);
  });
}

// Every renderer runs in the process sandbox, whatever a window's own options say.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the user's data; it gets focused by its 'second-instance' handler.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow !== null) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    lockDownWebContents(contents);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(async () => {
      lockDownSession();
      const core = startCore();
      createMainWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
      });
      await core;
    })
    .catch((error: unknown) => {
      console.error('The app could not start:', error);
      dialog.showErrorBox('Tender Workbench', `Приложение не запустилось / The app could not start:\n${error instanceof Error ? error.message : String(error)}`);
      app.exit(1);
    });
  // The core closes its databases (and lets a page being stored finish) before the app ends.
  app.on('will-quit', (event) => {
    if (coreHost === null) return;
    event.preventDefault();
    const host = coreHost;
    coreHost = null;
    host
      .close()
      .catch((error: unknown) => console.error('The core did not close cleanly:', error))
      .finally(() => app.quit());
  });
}
