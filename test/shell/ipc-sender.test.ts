/**
 * The shell's IPC rules: only our window's top frame showing our renderer is served; every contract method
 * is registered; events go to our window only, on their contract channels.
 */
import { describe, expect, it, vi } from 'vitest';
import { eventChannel, invokeChannel, methodNames } from '../../src-main/contract/ipc';
import { forwardEventsTo, registerContractHandlers, type EventTargetWindow, type IpcMainLike } from '../../src-main/shell/ipcBridge';
import { checkIpcSender, isOurRendererUrl, rendererOrigin, type IpcEventFacts } from '../../src-main/shell/ipcSender';

const indexFileUrl = 'file:///opt/Tender%20Workbench/resources/app.asar/out/renderer/index.html';
const fileOrigin = rendererOrigin({ isPackaged: true, devServerUrl: 'http://localhost:5173', indexFileUrl });
const devOrigin = rendererOrigin({ isPackaged: false, devServerUrl: 'http://localhost:5173/', indexFileUrl });

function fakeWindow(id = 1) {
  const mainFrame = { url: indexFileUrl, parent: null };
  const sent: [string, unknown][] = [];
  const window = {
    destroyed: false,
    webContents: { id, mainFrame, send: (channel: string, payload: unknown) => sent.push([channel, payload]), isDestroyed: () => false },
    isDestroyed() {
      return this.destroyed;
    },
  };
  return { window, mainFrame, sent };
}

describe('IPC sender check', () => {
  it('packaged: the renderer is the file:// index only (the dev server URL is never honoured)', () => {
    expect(fileOrigin).toEqual({ kind: 'file', indexUrl: indexFileUrl });
    expect(isOurRendererUrl(`${indexFileUrl}#/lists`, fileOrigin)).toBe(true);
    expect(isOurRendererUrl(`${indexFileUrl}?view=1`, fileOrigin)).toBe(true);
    expect(isOurRendererUrl('file:///tmp/evil/index.html', fileOrigin)).toBe(false);
    expect(isOurRendererUrl('http://localhost:5173/', fileOrigin)).toBe(false);
    expect(isOurRendererUrl('not a url', fileOrigin)).toBe(false);
  });

  it('development: pages of the dev server origin only', () => {
    expect(devOrigin).toEqual({ kind: 'dev-server', origin: 'http://localhost:5173' });
    expect(isOurRendererUrl('http://localhost:5173/index.html', devOrigin)).toBe(true);
    expect(isOurRendererUrl('http://localhost:5174/', devOrigin)).toBe(false);
    expect(isOurRendererUrl('https://evil.example/', devOrigin)).toBe(false);
    expect(isOurRendererUrl(indexFileUrl, devOrigin)).toBe(false);
    expect(rendererOrigin({ isPackaged: false, devServerUrl: undefined, indexFileUrl })).toEqual(fileOrigin);
  });

  it('accepts our window top frame showing our renderer', () => {
    const { window, mainFrame } = fakeWindow();
    expect(checkIpcSender({ sender: { id: 1 }, senderFrame: mainFrame }, window, fileOrigin)).toEqual({ trusted: true });
  });

  it('refuses sub-frames, other web contents, gone frames, foreign pages and a closed window', () => {
    const { window, mainFrame } = fakeWindow();
    const cases: [IpcEventFacts, typeof window | null, RegExp][] = [
      [{ sender: { id: 1 }, senderFrame: { url: indexFileUrl, parent: mainFrame } }, window, /sub-frame/],
      [{ sender: { id: 1 }, senderFrame: { url: indexFileUrl, parent: null } }, window, /sub-frame/], // a top frame that is not our window's
      [{ sender: { id: 2 }, senderFrame: mainFrame }, window, /another web contents/],
      [{ sender: { id: 1 }, senderFrame: null }, window, /gone/],
      [{ sender: { id: 1 }, senderFrame: mainFrame }, null, /not open/],
    ];
    for (const [event, w, reason] of cases) {
      const verdict = checkIpcSender(event, w, fileOrigin);
      expect(verdict.trusted).toBe(false);
      if (!verdict.trusted) expect(verdict.reason).toMatch(reason);
    }
    mainFrame.url = 'https://evil.example/page';
    const navigated = checkIpcSender({ sender: { id: 1 }, senderFrame: mainFrame }, window, fileOrigin);
    expect(navigated).toEqual({ trusted: false, reason: 'sent by a page that is not the app (https://evil.example)' });
  });
});

describe('contract over ipcMain', () => {
  function fakeIpcMain() {
    const handlers = new Map<string, (event: IpcEventFacts, args: unknown) => Promise<unknown>>();
    const ipcMain: IpcMainLike = {
      handle: (channel, listener) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, listener);
      },
      removeHandler: (channel) => handlers.delete(channel),
    };
    return { ipcMain, handlers };
  }

  it('registers one handler per contract method; trusted calls reach the core, others are refused and logged', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { window, mainFrame } = fakeWindow();
    const invoke = vi.fn(async (name: string, args: unknown) => ({ ok: true as const, value: { name, args } }));
    const warn = vi.fn();
    const unregister = registerContractHandlers({ ipcMain, window: () => window as EventTargetWindow, origin: fileOrigin, invoke, warn });
    expect([...handlers.keys()].sort()).toEqual(methodNames.map(invokeChannel).sort());

    const call = handlers.get(invokeChannel('app.info'))!;
    expect(await call({ sender: { id: 1 }, senderFrame: mainFrame }, { x: 1 })).toEqual({ ok: true, value: { name: 'app.info', args: { x: 1 } } });
    const refusedAnswer = await call({ sender: { id: 1 }, senderFrame: { url: indexFileUrl, parent: mainFrame } }, {});
    expect(refusedAnswer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refused app\.info: sent by a sub-frame/));

    window.destroyed = true;
    expect(await call({ sender: { id: 1 }, senderFrame: mainFrame }, {})).toMatchObject({ ok: false });
    expect(invoke).toHaveBeenCalledTimes(1);

    unregister();
    expect(handlers.size).toBe(0);
  });

  it('refuses an oversize call before the core sees it, and clips any error that comes back', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { window, mainFrame } = fakeWindow();
    const invoke = vi.fn(async () => ({ ok: false as const, error: { code: 'server' as const, message: 'x'.repeat(1_000_000), fields: Array.from({ length: 5_000 }, (_, i) => `f${i}`) } }));
    registerContractHandlers({ ipcMain, window: () => window as EventTargetWindow, origin: fileOrigin, invoke, locale: () => 'en' });
    const call = handlers.get(invokeChannel('lists.addItems'))!;
    const sender = { sender: { id: 1 }, senderFrame: mainFrame };
    const oversize = await call(sender, { listId: 'lst_1', ids: new Array(500_000).fill(1) });
    expect(oversize).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/^The call is too large/) } });
    expect(invoke).not.toHaveBeenCalled();
    const answer = await call(sender, { listId: 'lst_1', ids: [1] });
    expect(JSON.stringify(answer).length).toBeLessThan(4_096);
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('sends core events to our window only, on the contract channel, and drops them when it is closed', () => {
    const { window, sent } = fakeWindow();
    let current: typeof window | null = window;
    const forward = forwardEventsTo(() => current as EventTargetWindow | null);
    forward('feed.updated', { filterId: 'flt_1', created: 1, updated: 0 });
    expect(sent).toEqual([[eventChannel('feed.updated'), { filterId: 'flt_1', created: 1, updated: 0 }]]);
    window.destroyed = true;
    forward('app.status', { online: false, pendingEdits: 0 });
    current = null;
    forward('app.status', { online: false, pendingEdits: 0 });
    expect(sent).toHaveLength(1);
  });
});
