/**
 * Where the Electron-ABI build of better-sqlite3 lives, shared by the script that makes it
 * (scripts/electron-native/, run by `npm start`) and the shell that uses it (src-main/index.ts).
 *
 * node_modules/better-sqlite3 keeps its Node-ABI build (tests, CLI, browser mode). The Electron build is kept
 * apart, one directory per Electron version, ABI, platform and architecture, so neither `npm start` nor
 * `npm test` ever undoes the other:
 *
 *   node_modules/.electron-native/electron-45.4.1-abi150-linux-x64/better-sqlite3/build/Release/better_sqlite3.node
 *
 * with `electron-native.json` beside it saying what it was built for and from which better-sqlite3 version.
 * Only an unpackaged app uses it; packaging puts an Electron build inside the app (electron-builder.yml).
 */
import { join } from 'node:path';

/** What a native build is for. Under Electron: `process.versions.electron`, `process.versions.modules`, ... */
export interface ElectronTarget {
  readonly electronVersion: string;
  /** NODE_MODULE_VERSION of that Electron release (`node_modules/electron/abi_version`). */
  readonly abi: string;
  readonly platform: string;
  readonly arch: string;
}

/** What `electron-native.json` records about a finished build. */
export interface ElectronNativeStamp extends ElectronTarget {
  readonly betterSqlite3: string;
  /** prebuilt: downloaded by prebuild-install; compiled: built here by node-gyp against Electron's headers. */
  readonly source: 'prebuilt' | 'compiled';
  readonly builtAt: string;
}

export const ELECTRON_NATIVE_ROOT = join('node_modules', '.electron-native');
export const STAMP_FILE = 'electron-native.json';

export const electronTargetKey = (t: ElectronTarget): string => `electron-${t.electronVersion}-abi${t.abi}-${t.platform}-${t.arch}`;

/** The better-sqlite3 package copy built for `target` (its own binding.gyp, src, deps; a build/ of its own). */
export const betterSqlite3ElectronDir = (projectRoot: string, target: ElectronTarget): string =>
  join(projectRoot, ELECTRON_NATIVE_ROOT, electronTargetKey(target), 'better-sqlite3');

export const betterSqlite3ElectronBinding = (projectRoot: string, target: ElectronTarget): string =>
  join(betterSqlite3ElectronDir(projectRoot, target), 'build', 'Release', 'better_sqlite3.node');

/** The running Electron's target (call only under Electron). */
export function currentElectronTarget(versions: NodeJS.ProcessVersions, platform: string, arch: string): ElectronTarget {
  const electronVersion = versions['electron'];
  if (electronVersion === undefined) throw new Error('not running under Electron');
  return { electronVersion, abi: versions.modules, platform, arch };
}
