/**
 * A stand-in AppCore for the host tests: the real `createAppCore` signature, a few handlers that show where
 * they run (threadId), what reached them, and that can hang, crash the thread, emit events and call the
 * platform. Loaded inside the worker through the host's `coreModule` option.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Handlers } from '../../../src-main/contract/ipc';
import type { AppCore, AppCoreOptions } from '../../../src-main/app/appCore';
import { appError } from '../../../src-main/domain/appError';

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  if (options.env?.['FAKE_CORE_FAIL_START'] === '1') throw new Error('the fake core refuses to start');
  // As the real core does when the start's profile cache is upgraded: events before the core is ready.
  if (options.env?.['FAKE_CORE_UPGRADE'] === '1') for (const percent of [0, 50, 100]) options.emit('cache.upgrade', { profile: 'sandbox', percent });
  /** Every handler call that reached the core, in order. */
  const reached: string[] = [];
  const note = (name: string): void => {
    reached.push(name);
  };
  const handlers: Partial<Handlers> = {
    'app.info': async () => {
      note('app.info');
      return {
        version: options.version,
        locale: 'ru',
        mode: options.platform.mode,
        activeProfile: null,
        online: true,
        pendingEdits: 0,
        dataDir: options.dataDir,
      };
    },
    'app.setLocale': async ({ locale }) => {
      note('app.setLocale');
      return { locale };
    },
    'app.openExternal': async ({ url }) => {
      note('app.openExternal');
      return { opened: await options.platform.openExternal(url) };
    },
    // Where the handler runs, and what the platform proxy offers there.
    'cache.info': async () => {
      note('cache.info');
      const offers = ['chooseSavePath', 'publishDownload', 'openPath'].filter((m) => typeof options.platform[m as 'chooseSavePath'] === 'function');
      return { path: `thread=${threadId} platform=${offers.join(',')}`, sizeBytes: threadId, tenders: 0, tenderVersions: 0, contracts: 0, contractVersions: 0, cards: 0 };
    },
    // What reached the core so far.
    'tokens.list': async () => reached.map((name, i) => ({ id: i + 1, name, preview: null, active: true, createdAt: null, lastUsedAt: null })),
    // hang: never answers; exit: ends the thread; throw-async: an uncaught exception in the thread.
    'tokens.create': async ({ name }) => {
      note('tokens.create');
      if (name === 'hang') return new Promise(() => undefined);
      if (name === 'exit') setTimeout(() => process.exit(3), 20);
      if (name === 'throw-async') {
        setTimeout(() => {
          throw new Error('an uncaught error in the core');
        }, 20);
      }
      return new Promise(() => undefined);
    },
    'profiles.remove': async ({ name }) => {
      note('profiles.remove');
      if (name === 'conflict') throw appError('conflict', 'Конфликт.', 'Conflict.');
      throw new Error(`secret path /home/user/${name} must not leak`);
    },
    'search.run': async ({ label }) => {
      note('search.run');
      options.emit('sync.progress', {
        jobId: 'job_1', filterId: 'flt_1', label: label ?? null, feeds: ['tender'], state: 'running', pages: 1, items: 100,
        charged: 100, free: 0, total: 1000, startedAt: '2025-01-01T00:00:00Z', finishedAt: null, error: null,
      });
      options.emit('feed.updated', { filterId: 'flt_1', created: 100, updated: 0 });
      return { filterId: 'flt_1', jobId: 'job_1' };
    },
    'lists.export': async ({ listId }) => {
      note('lists.export');
      const fileName = `${listId}.csv`;
      if (options.platform.chooseSavePath !== undefined) {
        const path = await options.platform.chooseSavePath(fileName);
        return { saved: path !== null, path, downloadUrl: null, fileName, rows: 3 };
      }
      const downloadUrl = await options.platform.publishDownload!(join(options.dataDir, fileName), fileName);
      return { saved: true, path: null, downloadUrl, fileName, rows: 3 };
    },
    // A document's copy handed to the system's program (Electron: openPath), else published as a download.
    'documents.open': async ({ tenderId, ordinal }) => {
      note('documents.open');
      const path = join(options.dataDir, `doc-${tenderId}-${ordinal}.pdf`);
      if (options.platform.openPath !== undefined) return { opened: await options.platform.openPath(path), downloadUrl: null, fileName: `doc-${ordinal}.pdf` };
      return { opened: false, downloadUrl: await options.platform.publishDownload!(path, `doc-${ordinal}.pdf`), fileName: `doc-${ordinal}.pdf` };
    },
    // Answers outside its result schema (for the development-mode check).
    'balance.get': async () => ({ balance: 'lots' }) as never,
  };
  return {
    handlers: handlers as Handlers,
    async close() {
      writeFileSync(join(options.dataDir, `closed-by-thread-${threadId}`), reached.join('\n'));
    },
  };
}
