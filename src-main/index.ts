/**
 * The Electron shell: the only file of the main process that imports `electron` (a lint rule enforces it).
 * It opens one locked-down window and loads the renderer; everything else lives in modules that plain Node
 * can load and test. The window's settings and the renderer's CSP are plain data in `./shell/windowOptions`.
 */
import { app, BrowserWindow, session, shell, type WebContents } from 'electron';
import { fileURLToPath } from 'node:url';
import { createMainWindowOptions, isAllowedExternalUrl } from './shell/windowOptions';

// Built layout: out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererIndexPath = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
// Set by `electron-vite dev` to the renderer's dev server; never honoured in a packaged app.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];

let mainWindow: BrowserWindow | null = null;

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
 * Denies every permission request and check (camera, microphone, notifications, geolocation, ...).
 * The CSP (`contentSecurityPolicy`, asserted by a test) is the meta tag of src-renderer/index.html: the page
 * comes from file:// in production, where there are no response headers to put it in.
 */
function lockDownSession(): void {
  const defaultSession = session.defaultSession;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  defaultSession.setPermissionCheckHandler(() => false);
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
    .then(() => {
      lockDownSession();
      createMainWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('The app could not start:', error);
      app.exit(1);
    });
}
