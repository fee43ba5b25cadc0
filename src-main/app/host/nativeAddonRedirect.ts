/**
 * Loading better-sqlite3 under Electron without touching node_modules' own build.
 *
 * node_modules/better-sqlite3/build/Release/better_sqlite3.node is built for Node's ABI (the tests, the CLI
 * and browser mode need that one). Electron needs a build for its own ABI, which `npm start` keeps apart in
 * node_modules/.electron-native/ (scripts/electron-native/ensure.ts). In the core worker of an unpackaged
 * Electron app, every load of the default addon file is sent to that build instead: one place, before any
 * SQLite connection opens, so every opener (the cache, the embedded sandbox's stores) gets the right ABI
 * without knowing about it. A packaged app needs none of this: packaging puts the Electron build in place.
 *
 * This module must not import better-sqlite3 (the redirect has to be installed before the addon loads).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const requireHere = createRequire(import.meta.url);

type NodeAddonLoader = (this: unknown, module: unknown, filename: string) => unknown;

/** Where better-sqlite3 loads its addon from by default (`bindings` finds build/Release first). */
export function defaultBetterSqlite3AddonPath(): string {
  const packageRoot = path.dirname(requireHere.resolve('better-sqlite3/package.json'));
  return path.join(packageRoot, 'build', 'Release', 'better_sqlite3.node');
}

/**
 * From now on, a native addon loaded from `from` is loaded from `to` instead (other addons are untouched).
 * Returns the function that undoes it. Works through the CommonJS loader's `.node` handler, which is how
 * every native addon is loaded (better-sqlite3 requires it through `bindings`).
 */
export function redirectNativeAddon(from: string, to: string): () => void {
  const loaders = (requireHere('node:module') as { _extensions: Record<string, NodeAddonLoader> })._extensions;
  const original = loaders['.node'];
  if (original === undefined) throw new Error('this runtime has no CommonJS loader for native addons');
  const source = path.resolve(from);
  const target = path.resolve(to);
  const redirected: NodeAddonLoader = function (this: unknown, module, filename) {
    return original.call(this, module, path.resolve(filename) === source ? target : filename);
  };
  loaders['.node'] = redirected;
  return () => {
    if (loaders['.node'] === redirected) loaders['.node'] = original;
  };
}
