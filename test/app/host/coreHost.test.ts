/**
 * The core host: the AppCore runs in a worker thread, calls cross as messages, and the parent survives
 * whatever happens to the worker. Uses a fake core (fakeCore.ts) with the real createAppCore signature.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCoreHost, type CoreHost, type CoreHostOptions, type CoreWorkerExit } from '../../../src-main/app/host/coreHost';
import type { HostPlatform } from '../../../src-main/app/appCore';

const fakeCore = pathToFileURL(join(import.meta.dirname, 'fakeCore.ts'));
const dirs: string[] = [];
const hosts: CoreHost[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'twb-host-'));
  dirs.push(dir);
  return dir;
}

const electronPlatform = (): HostPlatform & { opened: string[] } => {
  const opened: string[] = [];
  return {
    mode: 'electron',
    opened,
    chooseSavePath: async (name) => `/home/user/Documents/${name}`,
    openExternal: async (url) => {
      opened.push(url);
      return url.startsWith('https://');
    },
  };
};

async function start(overrides: Partial<CoreHostOptions> = {}): Promise<CoreHost> {
  const host = await startCoreHost({
    dataDir: tempDir(),
    sandbox: { kind: 'none' },
    platform: electronPlatform(),
    version: '9.9.9',
    coreModule: fakeCore,
    ...overrides,
  });
  hosts.push(host);
  return host;
}

const reachedNames = async (host: CoreHost): Promise<string[]> => {
  const r = await host.invoke('tokens.list', {});
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { name: string }[]).map((t) => t.name);
};

describe('core host: the core runs in a worker thread', () => {
  it('runs the handlers off the calling thread and answers a round trip', async () => {
    const dataDir = tempDir();
    const host = await start({ dataDir });
    const info = await host.invoke('app.info', {});
    expect(info).toEqual({
      ok: true,
      value: { version: '9.9.9', locale: 'ru', mode: 'electron', activeProfile: null, online: true, pendingEdits: 0, dataDir },
    });
    const where = await host.invoke('cache.info', {});
    expect(where.ok).toBe(true);
    const workerThread = (where as { value: { sizeBytes: number } }).value.sizeBytes;
    expect(workerThread).not.toBe(0);
    expect(workerThread).not.toBe(threadId);
  });

  it('answers bad input as invalid_input without reaching the handler: wrong types, unknown method, extra fields', async () => {
    const host = await start();
    const bad: [string, unknown][] = [
      ['app.setLocale', { locale: 42 }],
      ['app.setLocale', { locale: 'ru', extra: 1 }],
      ['app.shutdown', {}],
      ['search.run', { criteria: { regions: ['77'] } }],
      ['lists.export', { listId: 'not-a-list', columns: ['id'] }],
    ];
    for (const [name, args] of bad) {
      const response = await host.invoke(name, args);
      expect(response.ok, name).toBe(false);
      if (!response.ok) expect(response.error.code).toBe('invalid_input');
    }
    // Arguments that cannot even be cloned into the worker.
    const unclonable = await host.invoke('app.setLocale', { locale: () => 'ru' });
    expect(unclonable.ok).toBe(false);
    expect(await reachedNames(host)).toEqual([]);
  });

  it('maps thrown errors to contract errors in the current locale', async () => {
    const host = await start();
    expect(await host.invoke('profiles.remove', { name: 'conflict' })).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'Конфликт.', requestId: null },
    });
    await host.invoke('app.setLocale', { locale: 'en' });
    const leaked = await host.invoke('profiles.remove', { name: 'alice' });
    expect(leaked.ok).toBe(false);
    if (!leaked.ok) {
      expect(leaked.error.code).toBe('internal');
      expect(leaked.error.message).toMatch(/^Internal error/);
      expect(leaked.error.message).not.toContain('alice');
    }
  });

  it('forwards the core events to every listener, in order, until unsubscribed', async () => {
    const host = await start();
    const seen: [string, unknown][] = [];
    const off = host.on((event, payload) => seen.push([event, payload]));
    expect(await host.invoke('search.run', { criteria: { keywords: ['компьютер'] }, label: 'it' })).toEqual({
      ok: true,
      value: { filterId: 'flt_1', jobId: 'job_1' },
    });
    expect(seen.map(([e]) => e)).toEqual(['sync.progress', 'feed.updated']);
    expect(seen[0]?.[1]).toMatchObject({ jobId: 'job_1', label: 'it', state: 'running' });
    off();
    await host.invoke('search.run', { criteria: { keywords: ['x'] } });
    expect(seen).toHaveLength(2);
  });

  it('gives the events of the start (a cache upgrade) to the listener passed at start, before the host is returned', async () => {
    const early: [string, unknown][] = [];
    const host = await start({ env: { ...process.env, FAKE_CORE_UPGRADE: '1' }, onEvent: (event, payload) => early.push([event, payload]) });
    expect(early).toEqual([0, 50, 100].map((percent) => ['cache.upgrade', { profile: 'sandbox', percent }]));
    // Later events reach it too, like any listener's.
    await host.invoke('search.run', { criteria: { keywords: ['x'] } });
    expect(early.map(([e]) => e).slice(3)).toEqual(['sync.progress', 'feed.updated']);
  });

  it('proxies platform calls to the parent and their answers back (Electron: save dialog, links)', async () => {
    const platform = electronPlatform();
    const host = await start({ platform });
    expect(await host.invoke('lists.export', { listId: 'lst_7', columns: ['id'] })).toEqual({
      ok: true,
      value: { saved: true, path: '/home/user/Documents/lst_7.csv', downloadUrl: null, fileName: 'lst_7.csv', rows: 3 },
    });
    expect(await host.invoke('app.openExternal', { url: 'https://zakupki.gov.ru/x' })).toEqual({ ok: true, value: { opened: true } });
    expect(await host.invoke('app.openExternal', { url: 'http://example.org' })).toEqual({ ok: true, value: { opened: false } });
    expect(platform.opened).toEqual(['https://zakupki.gov.ru/x', 'http://example.org']);
    const where = await host.invoke('cache.info', {});
    expect((where as { value: { path: string } }).value.path).toMatch(/platform=chooseSavePath$/);
  });

  it('proxies opening a document’s copy with the system’s program (Electron: openPath) when the parent has it', async () => {
    const dataDir = tempDir();
    const openedPaths: string[] = [];
    const host = await start({ dataDir, platform: { ...electronPlatform(), openPath: async (p) => (openedPaths.push(p), true) } });
    expect((await host.invoke('cache.info', {})) as unknown).toMatchObject({ ok: true, value: { path: expect.stringMatching(/platform=chooseSavePath,openPath$/) } });
    expect(await host.invoke('documents.open', { tenderId: 3, ordinal: 2 })).toEqual({ ok: true, value: { opened: true, downloadUrl: null, fileName: 'doc-2.pdf' } });
    expect(openedPaths).toEqual([join(dataDir, 'doc-3-2.pdf')]);
  });

  it('offers the core exactly the platform the parent has (browser mode: downloads, no dialog) and passes failures back', async () => {
    const dataDir = tempDir();
    const published: [string, string][] = [];
    const platform: HostPlatform = {
      mode: 'browser',
      publishDownload: async (file, name) => {
        published.push([file, name]);
        return `/download/once-${published.length}`;
      },
      openExternal: async () => {
        throw new Error('no browser to open');
      },
    };
    const host = await start({ dataDir, platform });
    expect(await host.invoke('lists.export', { listId: 'lst_7', columns: ['id'] })).toEqual({
      ok: true,
      value: { saved: true, path: null, downloadUrl: '/download/once-1', fileName: 'lst_7.csv', rows: 3 },
    });
    expect(published).toEqual([[join(dataDir, 'lst_7.csv'), 'lst_7.csv']]);
    const failed = await host.invoke('app.openExternal', { url: 'https://zakupki.gov.ru/x' });
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.code).toBe('internal');
    expect((await host.invoke('app.info', {})) as unknown).toMatchObject({ ok: true, value: { mode: 'browser' } });
  });

  it('survives a worker that exits: pending calls get a clear error, a new worker answers the next call', async () => {
    const exits: CoreWorkerExit[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = await start({ onWorkerExit: (e) => exits.push(e) });
    const before = ((await host.invoke('cache.info', {})) as { value: { sizeBytes: number } }).value.sizeBytes;

    const hanging = host.invoke('tokens.create', { name: 'hang' });
    const crashing = host.invoke('tokens.create', { name: 'exit' });
    for (const response of await Promise.all([hanging, crashing])) {
      expect(response.ok).toBe(false);
      if (!response.ok) {
        expect(response.error.code).toBe('internal');
        expect(response.error.message).toMatch(/перезапущено/);
      }
    }
    expect(exits).toEqual([{ exitCode: 3, error: null, failedCalls: 2, restarting: true }]);

    const after = ((await host.invoke('cache.info', {})) as { value: { sizeBytes: number } }).value.sizeBytes;
    expect(after).not.toBe(before);
    expect(after).not.toBe(0);
    expect(await reachedNames(host)).toEqual(['cache.info']); // a fresh core
    error.mockRestore();
  });

  it('survives an uncaught exception in the worker, and gives up after too many crashes in a row', async () => {
    const exits: CoreWorkerExit[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = await start({ onWorkerExit: (e) => exits.push(e), maxRestarts: 1 });
    const first = await host.invoke('tokens.create', { name: 'throw-async' });
    expect(first.ok).toBe(false);
    expect(exits[0]).toMatchObject({ exitCode: 1, failedCalls: 1, restarting: true });
    expect(exits[0]?.error).toContain('an uncaught error in the core');

    expect((await host.invoke('app.info', {})).ok).toBe(true);
    expect((await host.invoke('tokens.create', { name: 'exit' })).ok).toBe(false);
    expect(exits[1]).toMatchObject({ exitCode: 3, restarting: false });
    const gone = await host.invoke('app.info', {});
    expect(gone).toMatchObject({ ok: false, error: { code: 'internal' } });
    error.mockRestore();
  });

  it('rejects the start when the core cannot be created, and leaves no worker behind', async () => {
    await expect(
      startCoreHost({
        dataDir: tempDir(),
        sandbox: { kind: 'none' },
        platform: electronPlatform(),
        version: '1',
        coreModule: fakeCore,
        env: { ...process.env, FAKE_CORE_FAIL_START: '1' },
      }),
    ).rejects.toThrow(/could not start: the fake core refuses to start/);
  });

  it('closes the core cleanly: calls in flight are answered, the core closes in its thread, later calls are refused', async () => {
    const dataDir = tempDir();
    const host = await startCoreHost({ dataDir, sandbox: { kind: 'none' }, platform: electronPlatform(), version: '1', coreModule: fakeCore });
    const inFlight = host.invoke('app.info', {});
    await host.close();
    expect((await inFlight).ok).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('closed-by-thread-'))).toHaveLength(1);
    expect(await host.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
    await host.close(); // idempotent
  });
});
