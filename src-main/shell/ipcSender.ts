/**
 * Who may call the main process: the rules of the shell's sender check, as plain functions over the few facts
 * of an Electron IPC event (no `electron` import, so Node tests can cover every case).
 *
 * A call is served only when it comes from our main window's top frame, and that frame shows our renderer:
 * the built index.html over file:// or, in development only, a page of the dev server's origin. Sub-frames,
 * other windows or web contents, pages navigated elsewhere and frames already gone are refused.
 */

/** Where our renderer is loaded from. */
export type RendererOrigin = { readonly kind: 'file'; readonly indexUrl: string } | { readonly kind: 'dev-server'; readonly origin: string };

/** The renderer's location: the dev server only when unpackaged and `ELECTRON_RENDERER_URL` is set. */
export function rendererOrigin(options: { readonly isPackaged: boolean; readonly devServerUrl: string | undefined; readonly indexFileUrl: string }): RendererOrigin {
  if (!options.isPackaged && options.devServerUrl !== undefined && options.devServerUrl !== '') {
    return { kind: 'dev-server', origin: new URL(options.devServerUrl).origin };
  }
  return { kind: 'file', indexUrl: stripQueryAndHash(options.indexFileUrl) };
}

const stripQueryAndHash = (url: string): string => {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  return u.href;
};

/** Whether a frame URL is our renderer (the query and hash may change while the app runs). */
export function isOurRendererUrl(url: string, origin: RendererOrigin): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (origin.kind === 'dev-server') return parsed.origin === origin.origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
  return parsed.protocol === 'file:' && stripQueryAndHash(parsed.href) === origin.indexUrl;
}

/** The facts of an IPC event the check needs (Electron's `IpcMainInvokeEvent` has them all). */
export interface IpcEventFacts {
  readonly sender: { readonly id: number };
  /** Null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** Our main window as the check sees it (a `BrowserWindow`). */
export interface OurWindowFacts {
  readonly webContents: { readonly id: number; readonly mainFrame: unknown };
}

export type SenderVerdict = { readonly trusted: true } | { readonly trusted: false; readonly reason: string };

export function checkIpcSender(event: IpcEventFacts, window: OurWindowFacts | null, origin: RendererOrigin): SenderVerdict {
  if (window === null) return { trusted: false, reason: 'the main window is not open' };
  if (event.sender.id !== window.webContents.id) return { trusted: false, reason: 'sent by another web contents' };
  const frame = event.senderFrame;
  if (frame === null) return { trusted: false, reason: 'the sending frame is gone' };
  if (frame !== window.webContents.mainFrame || frame.parent !== null) return { trusted: false, reason: 'sent by a sub-frame' };
  if (!isOurRendererUrl(frame.url, origin)) return { trusted: false, reason: `sent by a page that is not the app (${safeOrigin(frame.url)})` };
  return { trusted: true };
}

const safeOrigin = (url: string): string => {
  try {
    const u = new URL(url);
    return u.protocol === 'file:' ? 'a file:// page' : u.origin;
  } catch {
    return 'an unreadable URL';
  }
};
