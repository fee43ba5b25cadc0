/**
 * Which better-sqlite3 addon file the caches of this thread load, and the threads they start (sqliteAddon.ts):
 * the core worker of an unpackaged Electron app chooses the Electron-ABI build (app/host/nativeAddonRedirect.ts).
 * The one public way to set it; only the cache reads it.
 *
 * No import of better-sqlite3 here: the core worker calls this before the addon first loads.
 */
import { setSqliteAddon } from './sqliteAddon';

export function chooseSqliteAddon(file: string | null): void {
  setSqliteAddon(file);
}
