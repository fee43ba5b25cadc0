/**
 * A stand-in AppCore for nativeInWorker.test.ts: its handlers use the real native modules from inside the
 * core worker -- the real cache (better-sqlite3, FTS5, WAL) and the real token vault (keytar, which the
 * worker reaches through the host thread: it is loaded once per process, never in the worker).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Handlers } from '../../../src-main/contract/ipc';
import type { AppCore, AppCoreOptions } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache/database';
import { TokenVault } from '../../../src-main/vault/tokenVault';

/** The better-sqlite3 addon files this process has mapped (Linux), i.e. which build was really loaded. */
const mappedSqliteAddons = (): string[] => {
  if (process.platform !== 'linux') return [];
  const maps = readFileSync('/proc/self/maps', 'utf8');
  return [...new Set(maps.split('\n').filter((l) => l.endsWith('.node') && l.includes('sqlite')).map((l) => l.slice(l.indexOf('/'))))];
};

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const cache = openCache(join(options.dataDir, 'cache.db'));
  const handlers: Partial<Handlers> = {
    'cache.info': async () => {
      const fts = cache.db.prepare("SELECT sqlite_version() AS v, sqlite_compileoption_used('ENABLE_FTS5') AS fts5").get() as { v: string; fts5: number };
      return {
        path: JSON.stringify({ threadId, sqlite: fts.v, fts5: fts.fts5, journal: cache.db.pragma('journal_mode', { simple: true }), addons: mappedSqliteAddons() }),
        sizeBytes: 0, tenders: 0, tenderVersions: 0, contracts: 0, contractVersions: 0, cards: 0,
      };
    },
    // The keychain round trip, inside the worker (the account is unique to the test run and removed again).
    'profiles.setToken': async ({ name, token }) => {
      const vault = new TokenVault({ env: {} });
      try {
        await vault.set(name, token);
        const back = await new TokenVault({ env: {} }).get(name);
        return { name: `${threadId}:${back === token ? 'same' : 'different'}`, baseUrl: 'x', generation: 'current', builtIn: false, hasToken: back !== null, active: false };
      } finally {
        await new TokenVault({ env: {} }).remove(name).catch(() => false);
      }
    },
    // Whether this worker thread has loaded keytar itself (CommonJS modules are cached per thread).
    'tokens.list': async () => {
      const loaded = Object.keys(createRequire(import.meta.url).cache).some((file) => /[\\/]keytar[\\/]/.test(file));
      return [{ id: threadId, name: loaded ? 'keytar loaded here' : 'keytar not loaded here', preview: null, active: true, createdAt: null, lastUsedAt: null }];
    },
  };
  return {
    handlers: handlers as Handlers,
    async close() {
      cache.close();
    },
  };
}
