/**
 * Why Electron needs no build of its own of our native modules (the ground on which the Electron-ABI build
 * of better-sqlite3 12 and its load-time redirect were removed): both addons are Node-API addons, which load
 * in any Node and in Electron's Node alike, and better-sqlite3 13 loads the prebuild shipped inside its
 * package for this platform, not something compiled on this machine. If a future version went back to
 * V8's ABI, to an install-time build or to a compiled build/, or packaging stopped carrying the prebuilds,
 * one of these tests says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elfDynamicSymbols } from './elfSymbols';

const REPO = resolve(import.meta.dirname, '..', '..');
const requireFromRepo = createRequire(join(REPO, 'package.json'));
const SQLITE_DIR = dirname(requireFromRepo.resolve('better-sqlite3/package.json'));
const KEYTAR_DIR = dirname(requireFromRepo.resolve('keytar/package.json'));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** What a fresh Node process loads when it opens a database: the addon files it required (and, on Linux, mapped). */
function addonsLoadedByFreshNode(): { required: string[]; mapped: string[]; prebuild: string | null; sqlite: string } {
  const script = `
const { createRequire } = require('node:module');
const requireFromRepo = createRequire(${JSON.stringify(join(REPO, 'package.json'))});
const Database = requireFromRepo('better-sqlite3');
const db = new Database(':memory:');
const sqlite = db.prepare('SELECT sqlite_version() AS v').get().v;
db.close();
const required = Object.keys(require.cache).filter((f) => f.endsWith('.node'));
let mapped = [];
try { mapped = [...new Set(require('node:fs').readFileSync('/proc/self/maps', 'utf8').split('\\n').filter((l) => l.endsWith('.node')).map((l) => l.slice(l.indexOf('/'))))]; } catch {}
const { getPrebuildPath } = require(${JSON.stringify(join(SQLITE_DIR, 'lib', 'binding.js'))});
console.log(JSON.stringify({ required, mapped, prebuild: getPrebuildPath(), sqlite }));
`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' })) as ReturnType<typeof addonsLoadedByFreshNode>;
}

/** Whether an ELF addon is a Node-API addon: registered through Node-API and calling no V8 or Node C++ API. */
function nodeApiFacts(file: string) {
  const { defined, undefined: needed } = elfDynamicSymbols(file);
  return {
    registersThroughNodeApi: defined.has('napi_register_module_v1'),
    // A V8-ABI addon (NAN, node::ObjectWrap, better-sqlite3 12) exports node_register_module_v<ABI> and
    // needs V8's and Node's C++ symbols (_ZN2v8..., _ZN4node...), which differ in every Node and Electron.
    abiBoundExports: [...defined].filter((s) => s.startsWith('node_register_module_v')),
    v8OrNodeImports: [...needed].filter((s) => s.startsWith('_ZN2v8') || s.startsWith('_ZN4node') || s.startsWith('_ZNK2v8')),
    nodeApiImports: [...needed].filter((s) => s.startsWith('napi_')).length,
  };
}

describe('better-sqlite3 loads the Node-API prebuild shipped in its package', () => {
  it('a fresh Node opens a database with prebuilds/<platform>-<arch>.node, nothing compiled in build/', () => {
    expect(existsSync(join(SQLITE_DIR, 'build')), `${join(SQLITE_DIR, 'build')} exists: better-sqlite3's loader would prefer it to the prebuild`).toBe(false);
    const loaded = addonsLoadedByFreshNode();
    expect(loaded.prebuild).not.toBeNull();
    // linuxmusl-<arch> on a musl Linux (Alpine), <platform>-<arch> elsewhere.
    const targets = [process.platform, ...(process.platform === 'linux' ? ['linuxmusl'] : [])].map((p) => join('prebuilds', `${p}-${process.arch}.node`));
    expect(targets).toContain(relative(SQLITE_DIR, loaded.prebuild!));
    expect(loaded.required).toEqual([loaded.prebuild]);
    if (process.platform === 'linux') expect(loaded.mapped).toEqual([loaded.prebuild]);
    expect(loaded.sqlite).toMatch(/^3\.\d+\.\d+$/);
  });

  it('the package carries a prebuild for every target we package (linux, darwin, win32; x64, arm64)', () => {
    const shipped = readdirSync(join(SQLITE_DIR, 'prebuilds')).sort();
    for (const platform of ['linux', 'darwin', 'win32']) {
      for (const arch of ['x64', 'arm64']) {
        expect(shipped).toContain(`${platform}-${arch}.node`);
        expect(statSync(join(SQLITE_DIR, 'prebuilds', `${platform}-${arch}.node`)).size).toBeGreaterThan(100_000);
      }
    }
  });

  it.each(['linux-x64', 'linux-arm64'])('the %s prebuild is a Node-API addon (napi_register_module_v1, no V8 or Node C++ symbol)', (target) => {
    const facts = nodeApiFacts(join(SQLITE_DIR, 'prebuilds', `${target}.node`));
    expect(facts.registersThroughNodeApi).toBe(true);
    expect(facts.abiBoundExports).toEqual([]);
    expect(facts.v8OrNodeImports).toEqual([]);
    expect(facts.nodeApiImports).toBeGreaterThan(20);
  });

  it('the reader sees V8 and Node C++ symbols where they are (Node itself defines them), so the checks above can fail', () => {
    // The reader must be able to fail: Node itself defines V8's C++ API and node_module_register, the
    // symbols a V8-ABI addon needs; a Node-API addon needs none of them.
    const node = elfDynamicSymbols(process.execPath);
    expect(node.defined.has('napi_create_object')).toBe(true);
    expect([...node.defined].some((s) => s.startsWith('_ZN2v8'))).toBe(true);
  });
});

describe('keytar is a Node-API addon too', () => {
  it('its build registers through Node-API and calls no V8 or Node C++ API', () => {
    const facts = nodeApiFacts(join(KEYTAR_DIR, 'build', 'Release', 'keytar.node'));
    expect(facts.registersThroughNodeApi).toBe(true);
    expect(facts.abiBoundExports).toEqual([]);
    expect(facts.v8OrNodeImports).toEqual([]);
  });
});

describe('nothing compiles better-sqlite3, for Node or for Electron', () => {
  it('better-sqlite3 has no install step: no install script, no implicit node-gyp build, none in the lockfile', () => {
    const pkg = readJson(join(SQLITE_DIR, 'package.json'));
    const scripts = (pkg['scripts'] ?? {}) as Record<string, string>;
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(scripts[hook], hook).toBeUndefined();
    expect(pkg['gypfile']).toBe(false);
    const lock = readJson(join(REPO, 'package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    expect(lock.packages['node_modules/better-sqlite3']?.hasInstallScript).toBeUndefined();
  });

  it('package.json has no script that builds a native module for Electron, and denies better-sqlite3 an install script', () => {
    const pkg = readJson(join(REPO, 'package.json'));
    const scripts = pkg['scripts'] as Record<string, string>;
    for (const [name, command] of Object.entries(scripts)) {
      expect(command, `script ${name}`).not.toMatch(/electron-rebuild|@electron\/rebuild|node-gyp|prebuild-install|--runtime[= ]?electron|electron-native|better-sqlite3/);
    }
    // Denied outright: npm 11's install-scripts check infers `node-gyp rebuild` from the binding.gyp it ships
    // (for platforms without a prebuild) and warned at every install while it was unlisted; gypfile: false
    // already keeps npm from running it.
    expect((pkg['allowScripts'] as Record<string, boolean>)['better-sqlite3']).toBe(false);
  });

  it('the app passes no addon file of its own to better-sqlite3 (no nativeBinding anywhere in src-main)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && readFileSync(path, 'utf8').includes('nativeBinding')) offenders.push(relative(REPO, path));
      }
    };
    walk(join(REPO, 'src-main'));
    expect(offenders).toEqual([]);
  });
});

describe('packaging carries the addons as they are', () => {
  const builderRequire = createRequire(requireFromRepo.resolve('app-builder-lib/package.json'));
  // electron-builder's own YAML reader and file matcher (app-builder-lib), so the patterns mean what they mean to it.
  const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
  const { FileMatcher } = builderRequire(join(dirname(builderRequire.resolve('app-builder-lib/package.json')), 'out', 'fileMatcher.js')) as {
    FileMatcher: new (from: string, to: string, expand: (s: string) => string, patterns: string[]) => { createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean };
  };
  const config = yaml.load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

  it('no rebuild and no hook that swaps an addon: npmRebuild false, no afterPack or beforeBuild', () => {
    expect(config['npmRebuild']).toBe(false);
    for (const hook of ['afterPack', 'beforeBuild', 'afterSign', 'beforePack']) expect(config[hook], hook).toBeUndefined();
  });

  it('asarUnpack keeps every better-sqlite3 prebuild and keytar’s build out of the asar archive', () => {
    const unpacked = new FileMatcher(REPO, '/app', (s) => s, config['asarUnpack'] as string[]).createFilter();
    const file = { isDirectory: () => false };
    const addons = [
      ...readdirSync(join(SQLITE_DIR, 'prebuilds')).map((f) => join(REPO, 'node_modules', 'better-sqlite3', 'prebuilds', f)),
      join(REPO, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'),
    ];
    expect(addons.length).toBeGreaterThanOrEqual(7);
    for (const addon of addons) expect(unpacked(addon, file), relative(REPO, addon)).toBe(true);
    // The matcher can say no: the app's own code stays in the archive.
    expect(unpacked(join(REPO, 'out', 'main', 'index.js'), file)).toBe(false);
  });
});
