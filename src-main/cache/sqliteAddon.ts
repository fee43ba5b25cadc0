/**
 * Which better-sqlite3 addon file this thread loads, when it is not the default one: in an unpackaged
 * Electron app the core worker loads an Electron-ABI build kept apart (app/host/nativeAddonRedirect.ts).
 * Threads the cache starts itself (walCheckpointer.ts) have no such redirect, so they are told this file.
 * Internal: the core worker sets it through sqliteAddonChoice.ts, other threads get it through packFile.ts.
 *
 * No import of better-sqlite3 here: the core worker sets this before the addon first loads.
 */
let addonFile: string | null = null;

export function setSqliteAddon(file: string | null): void {
  addonFile = file;
}

/** The addon file to load instead of better-sqlite3's default, or null for the default. */
export function sqliteAddon(): string | null {
  return addonFile;
}
